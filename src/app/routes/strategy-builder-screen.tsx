import { useAtomValue } from 'jotai';
import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router-dom';
import { QuantInputError } from '@quant/option-inputs.ts';
import type { PresetName } from '@quant/strategy-presets.ts';
import type { FutureInstrument } from '@/features/market/api/get-expiries';
import type { OptionInstrument } from '@/features/market/api/get-instruments';
import { QuoteAge } from '@/features/market/components/quote-age';
import { nowAtom } from '@/features/market/feed/now-atom';
import { LegCard, type LegChange } from '@/features/strategies/components/leg-card';
import { SavedStrategies } from '@/features/strategies/components/saved-strategies';
import { StrategyPayoff } from '@/features/strategies/components/strategy-payoff';
import { decodeStrategy, type SavedStrategy } from '@/features/strategies/model/saved-strategy';
import { legMessages } from '@/features/strategies/strategy-builder-messages';
import { Button } from '@/components/ui/button';
import { LoadStatus } from '@/components/ui/load-status';
import { PageHeader } from '@/components/ui/page-header';
import { ReplayMark } from '@/components/trading/replay-mark';
import { useFormat } from '@/lib/format/use-format';
import { useOnlineStatus } from '@/lib/network/use-online-status';
import { useMarketNow, useReplayedAt } from '@/lib/replay/use-replayed-at';
import { store } from '@/lib/store';
import { useStableHandler } from '@/lib/use-stable-handler';
import { BuilderControls } from '@/app/strategy-builder/builder-controls';
import { ChainPicker } from '@/app/strategy-builder/chain-picker';
import { builderMessages, snapshotText } from '@/app/strategy-builder/builder-messages';
import { missingQuoteText } from '@/app/strategy-builder/missing-quote-text';
import { BuilderTrading } from '@/app/strategy-builder/builder-trading';
import { basketOrders } from '@/app/strategy-builder/basket-orders';
import { expiryAtmVolatility } from '@/app/strategy-builder/expiry-atm-volatility';
import { instrumentOf, MissingQuoteError, unpricedLeg, useBuilderLegs } from '@/app/strategy-builder/use-builder-legs';
import { useBuilderMarket } from '@/app/strategy-builder/use-builder-market';
import { openedLegsOf, useOpenedLegs } from '@/app/strategy-builder/use-opened-legs';
import { PremiumChartLink } from '@/app/strategy-builder/premium-chart-link';
import { useStrategyMargin } from '@/app/strategy-builder/use-strategy-margin';
import { useTradingDesk } from '@/app/trading/use-trading-desk';

/**
 * /app/strategy-builder: pick an index and expiry, build legs from a preset or one by one, read the payoff
 * and its figures (chart above, legs as cards, figures collapsible on a phone), trade the legs as one basket,
 * save, share or turn them into a bot. A saved or shared strategy opens read-only with its own prices,
 * offline too.
 */
export function StrategyBuilderScreen() {
  const intl = useIntl();
  const { formatDateTime, locale } = useFormat();
  const online = useOnlineStatus();
  const [params] = useSearchParams();
  // A recommendation opens its legs live, on its index and expiry.
  const [opened] = useState(() => openedLegsOf(params));
  const [chosenIndex, setIndex] = useState<string>(opened?.index ?? 'NIFTY');
  // A replay replays one index: the builder builds on it, at the replayed minute's prices (issue 39).
  const replayIndex = useReplayedAt()?.held.replay.index ?? null;
  const index: string = replayIndex ?? chosenIndex;
  const [chosenExpiry, setChosenExpiry] = useState<string | null>(opened?.expiry ?? null);
  const [problem, setProblem] = useState<string | null>(null);
  // A shared link opens its strategy read-only.
  const [shared] = useState(() => {
    const encoded = params.get('s');
    return encoded === null ? null : (decodeStrategy(encoded) ?? null);
  });
  const builder = useBuilderLegs(shared);
  const market = useBuilderMarket(index, chosenExpiry, builder.legs);
  const expiry = market.expiry;
  const legs = builder.priced(market);
  // A leg with no price of its own (its broker does not stream it, or its price has not come) is on its card with
  // why, and switched off for the payoff and the margin: never drawn or margined without a price. The basket waits
  // until the trader switches it off or removes it (BuilderTrading).
  const unpriced = new Map(legs.map((leg) => [leg.id, unpricedLeg(market, leg, builder.fills.has(leg.id), builder.snapshot !== null)]));
  const counted = legs.map((leg) => (unpriced.get(leg.id) ? { ...leg, enabled: false } : leg));
  const unpricedOn = legs.some((leg) => leg.enabled && unpriced.get(leg.id));
  const openedState = useOpenedLegs(opened, market, builder);
  // Time to expiry, implied volatilities and the payoff's "today" line count from the replayed minute in a replay.
  const now = useMarketNow(useAtomValue(nowAtom, { store }));
  const desk = useTradingDesk();
  // A basket traded here changes what the account holds: its margin figures are asked again.
  const margin = useStrategyMargin(desk.account?.account_number ?? null, basketOrders(counted, desk.defaults.product).map((item) => item.order), online, JSON.stringify([...builder.fills]));

  const snapshot = builder.snapshot;
  const liveSpot = market.spot?.last_price ?? null;
  const spot = snapshot !== null ? snapshot.spot : liveSpot;
  const nowMs = snapshot !== null ? Date.parse(snapshot.takenAt) : now;
  const stamps = snapshot !== null ? [] : [market.spot, ...counted.filter((leg) => leg.enabled && !builder.fills.has(leg.id)).map((leg) => market.quotes.get(instrumentOf(leg)))];
  const oldest = stamps.reduce<string | undefined>((old, quote) => (quote && (old === undefined || Date.parse(quote.timestamp) < Date.parse(old)) ? quote.timestamp : old), undefined);

  const attempt = (action: () => void) => {
    try {
      action();
      setProblem(null);
    } catch (error) {
      if (error instanceof MissingQuoteError) setProblem(missingQuoteText(intl, locale, error, market.unstreamed));
      else if (error instanceof QuantInputError) setProblem(error.message);
      else throw error;
    }
  };
  // Stable handlers (they close over the live market): a price tick re-renders what shows prices, not the
  // memoised controls, chain picker and leg fields (issue 37).
  const handlePreset = useStableHandler((preset: PresetName) => attempt(() => expiry !== null && liveSpot !== null && builder.applyPreset(market, preset, expiry, liveSpot)));
  const handleAddLeg = useStableHandler((kind: 'CE' | 'PE', side: 'BUY' | 'SELL') => attempt(() => expiry !== null && liveSpot !== null && builder.addLeg(market, expiry, liveSpot, kind, side)));
  const handleAddFuture = useStableHandler((side: 'BUY' | 'SELL') =>
    attempt(() => {
      const near = market.futures[0];
      if (near === undefined) throw new MissingQuoteError('FUT');
      builder.addFuture(market, near, side);
    }),
  );
  const handlePickFuture = useStableHandler((future: FutureInstrument) => builder.addFuture(market, future));
  const handleIndex = useStableHandler((next: string) => {
    setIndex(next);
    setChosenExpiry(null);
    builder.clear();
  });
  const handlePick = useStableHandler((instrument: OptionInstrument) => attempt(() => builder.addInstrument(market, instrument)));
  const handleChangeLeg = useStableHandler((id: string, change: LegChange) => builder.changeLeg(market, id, change));
  const handleRemoveLeg = useStableHandler((id: string) => builder.removeLeg(id));
  const handleOpen = (strategy: SavedStrategy) => {
    setIndex(strategy.index);
    builder.open(strategy);
  };

  const current: Omit<SavedStrategy, 'name'> | null =
    builder.legs.length === 0 || spot === null
      ? null
      : { index: snapshot?.index ?? index, spot, takenAt: snapshot?.takenAt ?? oldest ?? new Date(now).toISOString(), preset: builder.preset, legs };
  // Kept between renders (each price tick re-renders the screen): every leg card lists them.
  const strikes = useMemo(() => [...new Set((expiry === null ? [] : (market.chains.get(expiry)?.instruments ?? [])).map((item) => item.strike))], [expiry, market.chains]);
  const expiryDates = useMemo(() => market.expiries.map((item) => item.date), [market.expiries]);
  const readOnly = snapshot !== null;
  const atmVolatility = snapshot !== null ? null : expiryAtmVolatility(market, counted, spot, nowMs);
  const age = <QuoteAge timestamp={oldest} />;

  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={intl.formatMessage(builderMessages.title)} description={intl.formatMessage(builderMessages.description)} actions={replayIndex === null ? undefined : <ReplayMark />} />
      {snapshot !== null ? (
        <div role="status" className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-warn/40 bg-warn/10 px-3 py-2 text-sm text-fg">
          <span className="flex flex-col">
            <strong>{intl.formatMessage(builderMessages.snapshotTitle)}</strong>
            <span>{intl.formatMessage(snapshotText, { name: snapshot.name, time: formatDateTime(snapshot.takenAt) })}</span>
          </span>
          <Button variant="secondary" onClick={builder.goLive} disabled={!online}>{intl.formatMessage(builderMessages.goLive)}</Button>
        </div>
      ) : market.state !== 'ready' ? (
        <LoadStatus loadingText={intl.formatMessage(builderMessages.loading)} failedText={intl.formatMessage(builderMessages.failed)} failed={market.state === 'failed'} onRetry={market.reload} />
      ) : (
        <BuilderControls
          index={index}
          expiry={expiry}
          expiries={market.expiries}
          disabled={market.chain === null || liveSpot === null}
          onIndex={handleIndex}
          onExpiry={setChosenExpiry}
          onPreset={handlePreset}
          onAddLeg={handleAddLeg}
          onAddFuture={market.futures.length === 0 ? undefined : handleAddFuture}
        />
      )}
      {snapshot === null && <ChainPicker index={index} onPick={handlePick} onPickFuture={handlePickFuture} />}
      {problem !== null && <p role="alert" className="text-sm text-loss">{problem}</p>}
      {openedState === 'missing' && <p role="alert" className="text-sm text-loss">{intl.formatMessage(builderMessages.openedMissing)}</p>}
      <StrategyPayoff legs={counted} spot={spot} nowMs={nowMs} priceAge={age} margin={margin} atmVolatility={atmVolatility} />
      <section className="flex flex-col gap-2" aria-labelledby="legs-title">
        <div className="flex items-center justify-between gap-2">
          <h2 id="legs-title" className="text-lg font-semibold text-fg">{intl.formatMessage(legMessages.title)}</h2>
          <div className="flex flex-wrap items-center gap-2">
            <PremiumChartLink index={index} legs={builder.legs} />
            {/* A phone reaches "Trade all" in one tap from the legs, not past every leg and the account's fields. */}
            {builder.legs.length > 0 && !readOnly && (
              <a href="#basket-title" className="inline-flex min-h-11 items-center rounded-md px-2 text-sm font-medium text-brand hover:underline sm:hidden">
                {intl.formatMessage(builderMessages.toTrade)}
              </a>
            )}
            {builder.legs.length > 0 && !readOnly && <Button variant="ghost" onClick={builder.clear}>{intl.formatMessage(builderMessages.clear)}</Button>}
          </div>
        </div>
        {builder.legs.length === 0 ? (
          <p className="text-sm text-fg-muted">{intl.formatMessage(legMessages.empty)}</p>
        ) : (
          <ol className="flex flex-col gap-2">
            {legs.map((leg, position) => (
              <LegCard
                key={leg.id}
                leg={leg}
                number={position + 1}
                strikes={strikes}
                expiries={expiryDates}
                readOnly={readOnly}
                filled={builder.fills.has(leg.id)}
                priceAge={<QuoteAge timestamp={market.quotes.get(instrumentOf(leg))?.timestamp} />}
                unpriced={unpriced.get(leg.id) ?? null}
                onChange={handleChangeLeg}
                onRemove={handleRemoveLeg}
              />
            ))}
          </ol>
        )}
      </section>
      <BuilderTrading desk={desk} legs={counted} readOnly={readOnly} unpricedOn={unpricedOn} onFilled={builder.recordFills} />
      <SavedStrategies current={current} onOpen={handleOpen} />
    </div>
  );
}
