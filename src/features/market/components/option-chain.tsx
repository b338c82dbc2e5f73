import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { defineMessage, defineMessages, useIntl, type MessageValue } from 'react-intl';
import { expiriesForTheDay, instrumentsForTheDay } from '@/features/market/api/cached-market-facts';
import type { Expiry, IndexName } from '@/features/market/api/get-expiries';
import { alertButtonFrom, canDrop, greeksFit, sideColumns } from '@/features/market/chain/chain-columns';
import { nextAnchor, strikeRanges, strikesInWindow, type StrikeRange } from '@/features/market/chain/strike-window';
import { ChainSummary } from '@/features/market/components/chain-summary';
import type { AlertContract, PickContract } from '@/features/market/components/option-chain-cells';
import { ChainTable, rowsOf } from '@/features/market/components/option-chain-table';
import { PricesDelayedBanner } from '@/features/market/components/prices-delayed-banner';
import { liveFeed } from '@/features/market/feed/live-feed';
import { useElementWidth } from '@/features/market/hooks/use-element-width';
import { useQuote } from '@/features/market/hooks/use-quote';
import { useShowGreeks } from '@/features/market/hooks/use-show-greeks';
import { useStrikeRange } from '@/features/market/hooks/use-strike-range';
import { indexInstruments } from '@/features/market/market-messages';
import { LoadStatus } from '@/components/ui/load-status';
import { SelectField } from '@/components/ui/select-field';
import { useOperation } from '@/lib/api/use-operation';
import { useFormat } from '@/lib/format/use-format';

const messages = defineMessages({
  index: { id: 'market.chain.index', defaultMessage: 'Index' },
  expiry: { id: 'market.chain.expiry', defaultMessage: 'Expiry' },
  range: { id: 'market.chain.range', defaultMessage: 'Strikes' },
  rangeAll: { id: 'market.chain.rangeAll', defaultMessage: 'All' },
  weekly: { id: 'market.chain.weekly', defaultMessage: 'weekly' },
  monthly: { id: 'market.chain.monthly', defaultMessage: 'monthly' },
  greeks: { id: 'market.chain.greeks', defaultMessage: 'Gamma, theta, vega' },
  caption: { id: 'market.chain.caption', defaultMessage: 'Option chain' },
  loading: { id: 'market.chain.loading', defaultMessage: 'Loading the option chain…' },
  failed: { id: 'market.chain.failed', defaultMessage: 'The option chain could not be loaded.' },
});
const expiryText = defineMessage<{ date: MessageValue; kind: MessageValue }>({ id: 'market.chain.expiryValue', defaultMessage: '{date} ({kind})' });
const lotText = defineMessage<{ lot: MessageValue }>({ id: 'market.chain.lot', defaultMessage: 'Lot size {lot}' });
const aroundText = defineMessage<{ count: MessageValue }>({ id: 'market.chain.rangeAround', defaultMessage: '±{count}' });

/** The strike nearest the spot (the lower one on a tie), or null without a spot. */
export function atmStrike(strikes: readonly number[], spot: number | null): number | null {
  if (spot === null || strikes.length === 0) return null;
  return strikes.reduce((best, strike) => (Math.abs(strike - spot) < Math.abs(best - spot) ? strike : best));
}

/**
 * The option chain of one index and expiry, with the strikes around the money the trader chose (remembered),
 * every price live and showing its age once it is older than 5 s, its columns as many as its width allows
 * (the greeks on request, remembered), and PCR, max pain and the at-the-money straddle above it.
 */
export function OptionChain({ onPick, onAlert }: { onPick?: PickContract; onAlert?: AlertContract } = {}) {
  const intl = useIntl();
  const { formatNumber, formatDate } = useFormat();
  const [index, setIndex] = useState<IndexName>('NIFTY');
  /** The expiry the trader picked, for the index it was picked for; else the nearest. */
  const [picked, setPicked] = useState<{ index: IndexName; expiry: string } | null>(null);
  const [range, setRange] = useStrikeRange();
  const [greeks, setGreeks] = useShowGreeks();
  const box = useRef<HTMLElement | null>(null);
  const width = useElementWidth(box);
  const alerts = onAlert !== undefined && width >= alertButtonFrom;
  const expiries = useOperation(expiriesForTheDay);
  const chain = useOperation(instrumentsForTheDay);
  const underlying = indexInstruments.find((item) => item.index === index)?.instrument ?? '';
  const spot = useQuote(underlying);

  const { run: runExpiries } = expiries;
  useEffect(() => {
    void runExpiries(index);
  }, [index, runExpiries]);
  const expiry = picked?.index === index ? picked.expiry : (expiries.data?.[0]?.date ?? null);
  const setExpiry = (value: string) => setPicked({ index, expiry: value });
  const { run: runChain } = chain;
  useEffect(() => {
    if (expiry !== null) void runChain(index, expiry);
  }, [index, expiry, runChain]);

  const allRows = useMemo(() => (chain.data && chain.data.expiry === expiry ? rowsOf(chain.data.instruments) : []), [chain.data, expiry]);
  const strikes = useMemo(() => allRows.map((row) => row.strike), [allRows]);
  const atm = atmStrike(strikes, spot?.last_price ?? null);
  const windowKey = `${index}/${expiry}/${range}`;
  const [anchor, setAnchor] = useState<{ key: string; strike: number | null }>({ key: windowKey, strike: null });
  const anchorStrike = nextAnchor(strikes, anchor.key === windowKey ? anchor.strike : null, atm, range ?? 'all');
  // Adjusting state while rendering (React's documented pattern): the anchor follows the money with slack.
  if (anchor.key !== windowKey || anchor.strike !== anchorStrike) setAnchor({ key: windowKey, strike: anchorStrike });
  const rows = useMemo(() => {
    if (range === null) return [];
    const shown = new Set(strikesInWindow(strikes, anchorStrike, range));
    return allRows.filter((row) => shown.has(row.strike));
  }, [allRows, strikes, anchorStrike, range]);

  // The whole range follows the stream, not only the rows in view: with every strike the ladder renders only
  // what is on screen (option-chain-table.tsx), and a row scrolled into view must show its price at once,
  // not wait for the stream to reopen with it. Prices off screen update their atoms and render nothing.
  const instruments = useMemo(() => rows.flatMap((row) => [row.ce?.instrument, row.pe?.instrument].filter((item) => item !== undefined)), [rows]);
  useEffect(() => liveFeed().subscribe(instruments), [instruments]);

  // Columns dropped because the table overflowed at this width, language and choice (found after rendering).
  const fitKey = `${width}/${greeks}/${intl.locale}`;
  const [fitting, setFitting] = useState({ key: fitKey, dropped: 0 });
  const dropped = fitting.key === fitKey ? fitting.dropped : 0;
  const columns = useMemo(() => sideColumns(width, greeks === true, dropped), [width, greeks, dropped]);
  const hasRows = rows.length > 0;
  useLayoutEffect(() => {
    const scroller = box.current?.querySelector('[data-chain-scroll]');
    const table = scroller?.querySelector('table');
    if (!(scroller instanceof HTMLElement) || table === null || table === undefined) return;
    // Checked before paint and again whenever the table grows (prices arriving in place of dashes). The
    // table's own width, not the rounded scrollWidth: a table 1.3 px too wide read as scrollWidth 981 in a
    // 980 box, within a pixel's tolerance, and cut the puts' last column. Half a pixel is rounding.
    const check = () => {
      if (table.getBoundingClientRect().width > scroller.clientWidth + 0.5 && canDrop(width, dropped)) setFitting({ key: fitKey, dropped: dropped + 1 });
    };
    check();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(check);
    observer.observe(table);
    return () => observer.disconnect();
  }, [width, dropped, fitKey, hasRows]);

  const expiryLabel = (item: Expiry) =>
    intl.formatMessage(expiryText, {
      date: formatDate(`${item.date}T10:00:00Z`),
      kind: intl.formatMessage(item.kind === 'weekly' ? messages.weekly : messages.monthly),
    });
  const rangeLabel = (choice: StrikeRange) =>
    choice === 'all' ? intl.formatMessage(messages.rangeAll) : intl.formatMessage(aroundText, { count: formatNumber(Number(choice)) });
  const failed = expiries.error !== null || chain.error !== null;

  return (
    <section ref={box} className="flex min-w-0 flex-col gap-3" aria-label={intl.formatMessage(messages.caption)}>
      {/* On a phone: index and strikes side by side, the expiry (the longest text) on its own line. From 640 px
          the pickers' empty message line (they never show one) tucks under the figures: a laptop's first
          screen shows one more strike. */}
      <div className="grid grid-cols-2 gap-3 sm:-mb-5 sm:flex sm:flex-wrap sm:items-end">
        <SelectField label={intl.formatMessage(messages.index)} value={index} onChange={(event) => setIndex(event.target.value as IndexName)} className="min-w-0 sm:w-44">
          {indexInstruments.map((item) => (
            <option key={item.index} value={item.index}>
              {item.index}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={intl.formatMessage(messages.range)}
          value={range ?? ''}
          onChange={(event) => setRange(strikeRanges.find((choice) => choice === event.target.value) ?? 'all')}
          disabled={range === null}
          className="min-w-0 sm:w-32"
        >
          {strikeRanges.map((choice) => (
            <option key={choice} value={choice}>
              {rangeLabel(choice)}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={intl.formatMessage(messages.expiry)}
          value={expiry ?? ''}
          onChange={(event) => setExpiry(event.target.value)}
          disabled={!expiries.data}
          className="col-span-2 min-w-0 sm:w-72"
        >
          {(expiries.data ?? []).map((item) => (
            <option key={item.date} value={item.date}>
              {expiryLabel(item)}
            </option>
          ))}
        </SelectField>
        {greeksFit(width) && (
          <button
            type="button"
            aria-pressed={greeks === true}
            disabled={greeks === null}
            onClick={() => setGreeks(greeks !== true)}
            className={`min-h-11 rounded-md border px-3 text-sm font-medium sm:ms-auto sm:mb-6 ${greeks === true ? 'border-brand bg-brand text-brand-fg' : 'border-line bg-surface text-fg'}`}
          >
            {intl.formatMessage(messages.greeks)}
          </button>
        )}
      </div>
      <PricesDelayedBanner />
      {failed || range === null || chain.data === undefined || chain.data.expiry !== expiry || expiry === null ? (
        <LoadStatus
          loadingText={intl.formatMessage(messages.loading)}
          failedText={intl.formatMessage(messages.failed)}
          failed={failed}
          onRetry={() => void (expiry === null ? runExpiries(index) : runChain(index, expiry))}
        />
      ) : (
        <>
          <ChainSummary rows={rows} atm={atm} />
          <ChainTable index={index} expiry={expiry} rows={rows} spot={spot} atm={atm} columns={columns} alerts={alerts} scrollKey={windowKey} onPick={onPick} onAlert={onAlert} />
        </>
      )}
      {chain.data && <p className="text-xs text-fg-muted">{intl.formatMessage(lotText, { lot: chain.data.lot_size })}</p>}
    </section>
  );
}
