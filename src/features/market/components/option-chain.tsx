import { useAtomValue } from 'jotai';
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { defineMessage, defineMessages, useIntl, type IntlShape, type MessageValue } from 'react-intl';
import { instrumentsForTheDay } from '@/features/market/api/cached-market-facts';
import type { Instruments } from '@/features/market/api/get-instruments';
import { alertButtonFrom, canDrop, greeksFit, sideColumns } from '@/features/market/chain/chain-columns';
import { nextAnchor, strikesInWindow } from '@/features/market/chain/strike-window';
import { ChainPickers } from '@/features/market/components/chain-pickers';
import { ChainSummary } from '@/features/market/components/chain-summary';
import type { AlertContract, PickContract } from '@/features/market/components/option-chain-cells';
import { ChainTable, rowsOf } from '@/features/market/components/option-chain-table';
import { PricesDelayedBanner } from '@/features/market/components/prices-delayed-banner';
import { liveFeed } from '@/features/market/feed/live-feed';
import { useElementWidth } from '@/features/market/hooks/use-element-width';
import { useQuote } from '@/features/market/hooks/use-quote';
import { useChainChoice, type ChainChoice } from '@/features/market/hooks/use-chain-choice';
import { useShowGreeks } from '@/features/market/hooks/use-show-greeks';
import { FuturesStrip } from '@/features/market/components/futures-strip';
import type { FutureInstrument } from '@/features/market/api/get-expiries';
import { LoadStatus } from '@/components/ui/load-status';
import { useOperation } from '@/lib/api/use-operation';
import { openReplayAtom } from '@/lib/replay/replay-atom';
import { store } from '@/lib/store';
import { useFormat, type BoundFormat } from '@/lib/format/use-format';

const messages = defineMessages({
  greeks: { id: 'market.chain.greeks', defaultMessage: 'Greeks: delta, gamma, theta, vega' },
  caption: { id: 'market.chain.caption', defaultMessage: 'Option chain' },
  loading: { id: 'market.chain.loading', defaultMessage: 'Loading the option chain…' },
  failed: { id: 'market.chain.failed', defaultMessage: 'The option chain could not be loaded.' },
});
const lotText = defineMessage<{ lot: MessageValue }>({ id: 'market.chain.lot', defaultMessage: 'Lot size {lot}' });
const stockFacts = defineMessage<{ lot: MessageValue; step: MessageValue }>({
  id: 'market.chain.stockFacts',
  defaultMessage: 'Monthly expiries · strike step {step} · lot {lot} shares a contract · settled by delivery at expiry',
});
// NSE's freeze quantity of the stock, where one is held (a larger order goes out in several, as the ticket says).
const stockFactsWithFreeze = defineMessage<{ lot: MessageValue; step: MessageValue; freeze: MessageValue }>({
  id: 'market.chain.stockFactsWithFreeze',
  defaultMessage: 'Monthly expiries · strike step {step} · lot {lot} shares a contract · at most {freeze} shares an order · settled by delivery at expiry',
});
const bannedText = defineMessage<{ symbol: MessageValue }>({
  id: 'market.chain.banned',
  defaultMessage: '{symbol} is in the F&O ban period today (over its market-wide position limit): only orders that reduce a position in its contracts are accepted.',
});

/** A stock chain's trading terms: its cycle, strike step, lot, NSE's freeze quantity where one is held, and delivery. */
function stockFactsLine(intl: IntlShape, chain: Pick<Instruments, 'lot_size' | 'strike_step' | 'freeze_quantity'>, format: Pick<BoundFormat, 'formatInr' | 'formatNumber'>): string {
  // ₹50 for an index, ₹2.50 for a stock whose strikes have paise (NTPC), as a price is written.
  const facts = { lot: chain.lot_size, step: format.formatInr(chain.strike_step, { minimumFractionDigits: Number.isInteger(chain.strike_step) ? 0 : 2 }) };
  return chain.freeze_quantity === null ? intl.formatMessage(stockFacts, facts) : intl.formatMessage(stockFactsWithFreeze, { ...facts, freeze: format.formatNumber(chain.freeze_quantity) });
}

/** The strike nearest the spot (the lower one on a tie), or null without a spot. */
export function atmStrike(strikes: readonly number[], spot: number | null): number | null {
  if (spot === null || strikes.length === 0) return null;
  return strikes.reduce((best, strike) => (Math.abs(strike - spot) < Math.abs(best - spot) ? strike : best));
}

/** A stock's own instrument is its NSE symbol (`NSE:RELIANCE`); an index's is its name (`NSE:NIFTY 50`, `BSE:SENSEX`). */
export function isStockChain(chain: { index: string; underlying: string }): boolean {
  return chain.underlying === `NSE:${chain.index}`;
}

/** The indices whose option OI market history keeps (NSE's bhavcopy; the OI charts' indices). */
const oiIndices = new Set(['NIFTY', 'BANKNIFTY', 'FINNIFTY', 'MIDCPNIFTY']);

/** Whether the OI charts (/app/open_interest) chart this chain's strikes: the indices above and any F&O stock (issue 63). */
export function hasOiCharts(chain: { index: string; underlying: string }): boolean {
  return oiIndices.has(chain.index) || isStockChain(chain);
}

type ChainProps = { onPick?: PickContract; onAlert?: AlertContract; onPickFuture?: ((future: FutureInstrument) => void) | undefined };

/**
 * The option chain of one index and expiry, with the strikes around the money the trader chose (remembered),
 * every price live and showing its age once it is older than 5 s, its columns as many as its width allows
 * (the greeks on request, remembered), and PCR, max pain and the at-the-money straddle above it; its pickers
 * (index, strikes, expiry) over it.
 */
export function OptionChain({ onPick, onAlert, onPickFuture }: ChainProps = {}) {
  const choice = useChainChoice();
  return <ChainView choice={choice} pickers={<ChainPickers choice={choice} />} onPick={onPick} onAlert={onAlert} onPickFuture={onPickFuture} />;
}

/**
 * The chain of a choice made by its screen (use-chain-choice.ts). `pickers`, when the screen shows them over
 * the chain (laid out with the greeks' switch); null when it shows them elsewhere (the phone desk's sheet).
 */
export function ChainView({ choice, pickers, onPick, onAlert, onPickFuture }: ChainProps & { choice: ChainChoice; pickers: ReactNode | null }) {
  const intl = useIntl();
  const format = useFormat();
  const { index, expiry, range } = choice;
  const [greeks, setGreeks] = useShowGreeks();
  const box = useRef<HTMLElement | null>(null);
  const width = useElementWidth(box);
  const alerts = onAlert !== undefined && width >= alertButtonFrom;
  const chain = useOperation(instrumentsForTheDay);
  const spot = useQuote(choice.underlying);

  const { run: runChain } = chain;
  // A replay opened or ended: the same expiry is another day's chain.
  const market = useAtomValue(openReplayAtom, { store })?.replay.id ?? null;
  useEffect(() => {
    if (expiry !== null) void runChain(index, expiry);
  }, [index, expiry, runChain, market]);

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

  const failed = choice.expiriesError !== null || chain.error !== null;
  const greeksSwitch = greeksFit(width) && (
    <button
      type="button"
      aria-pressed={greeks === true}
      disabled={greeks === null}
      onClick={() => setGreeks(greeks !== true)}
      className={`min-h-11 rounded-md border px-3 text-sm font-medium sm:ms-auto sm:mb-6 ${greeks === true ? 'border-brand bg-brand text-brand-fg' : 'border-line bg-surface text-fg'}`}
    >
      {intl.formatMessage(messages.greeks)}
    </button>
  );

  return (
    <section ref={box} className="flex min-w-0 flex-col gap-3" aria-label={intl.formatMessage(messages.caption)}>
      {/* On a phone: index and strikes side by side, the expiry (the longest text) on its own line. From 576 px
          the pickers' empty message line (they never show one) tucks under the figures: a laptop's first
          screen shows one more strike. */}
      {(pickers !== null || greeksSwitch) && (
        <div className="grid grid-cols-2 gap-3 sm:-mb-5 sm:flex sm:flex-wrap sm:items-end">
          {pickers}
          {greeksSwitch}
        </div>
      )}
      <PricesDelayedBanner />
      {choice.picked?.banned === true && (
        <p role="status" className="rounded-lg border border-danger/40 bg-danger/10 px-3 py-2 text-sm text-fg" data-testid="ban-notice">
          {intl.formatMessage(bannedText, { symbol: choice.picked.symbol })}
        </p>
      )}
      {failed || range === null || chain.data === undefined || chain.data.expiry !== expiry || expiry === null ? (
        <LoadStatus
          loadingText={intl.formatMessage(messages.loading)}
          failedText={intl.formatMessage(messages.failed)}
          failed={failed}
          onRetry={() => (expiry === null ? choice.reloadExpiries() : void runChain(index, expiry))}
        />
      ) : (
        <>
          <ChainSummary rows={rows} atm={atm} index={index} expiry={expiry} />
          <ChainTable index={index} expiry={expiry} rows={rows} spot={spot} atm={atm} columns={columns} alerts={alerts} scrollKey={windowKey} onPick={onPick} onAlert={onAlert} oiLinks={hasOiCharts(chain.data)} />
        </>
      )}
      {/* Under the chain, not over it: a laptop's first screen keeps its strikes around the money (the chain's own
          box scrolls), and the months sit beside the lot line they share. */}
      <FuturesStrip futures={choice.futures} spot={spot?.last_price ?? null} onTrade={onPickFuture} />
      {chain.data && (
        <p className="text-xs text-fg-muted">
          {isStockChain(chain.data)
            ? stockFactsLine(intl, chain.data, format)
            : intl.formatMessage(lotText, { lot: chain.data.lot_size })}
        </p>
      )}
    </section>
  );
}
