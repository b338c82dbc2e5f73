import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { defineMessage, defineMessages, useIntl, type MessageValue } from 'react-intl';
import { expiriesForTheDay, instrumentsForTheDay } from '@/features/market/api/cached-market-facts';
import type { Expiry, IndexName } from '@/features/market/api/get-expiries';
import type { OptionInstrument } from '@/features/market/api/get-instruments';
import { PricesDelayedBanner } from '@/features/market/components/prices-delayed-banner';
import { QuoteAge } from '@/features/market/components/quote-age';
import type { Quote } from '@/features/market/feed/price-feed';
import { useQuote } from '@/features/market/hooks/use-quote';
import { indexInstruments } from '@/features/market/market-messages';
import { LoadStatus } from '@/components/ui/load-status';
import { SelectField } from '@/components/ui/select-field';
import { useOperation } from '@/lib/api/use-operation';
import { useFormat } from '@/lib/format/use-format';

const messages = defineMessages({
  index: { id: 'market.chain.index', defaultMessage: 'Index' },
  expiry: { id: 'market.chain.expiry', defaultMessage: 'Expiry' },
  weekly: { id: 'market.chain.weekly', defaultMessage: 'weekly' },
  monthly: { id: 'market.chain.monthly', defaultMessage: 'monthly' },
  calls: { id: 'market.chain.calls', defaultMessage: 'Calls (CE)' },
  puts: { id: 'market.chain.puts', defaultMessage: 'Puts (PE)' },
  side: { id: 'market.chain.side', defaultMessage: 'Show' },
  strike: { id: 'market.chain.strike', defaultMessage: 'Strike' },
  ltp: { id: 'market.chain.ltp', defaultMessage: 'LTP' },
  change: { id: 'market.chain.change', defaultMessage: 'Chg' },
  bidAsk: { id: 'market.chain.bidAsk', defaultMessage: 'Bid / Ask' },
  iv: { id: 'market.chain.iv', defaultMessage: 'IV' },
  delta: { id: 'market.chain.delta', defaultMessage: 'Delta' },
  atm: { id: 'market.chain.atm', defaultMessage: 'At the money' },
  caption: { id: 'market.chain.caption', defaultMessage: 'Option chain' },
  loading: { id: 'market.chain.loading', defaultMessage: 'Loading the option chain…' },
  failed: { id: 'market.chain.failed', defaultMessage: 'The option chain could not be loaded.' },
});

const captionText = defineMessage<{ index: MessageValue; expiry: MessageValue }>({
  id: 'market.chain.captionValue',
  defaultMessage: 'Option chain of {index}, expiry {expiry}',
});
const expiryText = defineMessage<{ date: MessageValue; kind: MessageValue }>({ id: 'market.chain.expiryValue', defaultMessage: '{date} ({kind})' });
const lotText = defineMessage<{ lot: MessageValue }>({ id: 'market.chain.lot', defaultMessage: 'Lot size {lot}' });
const bidAskText = defineMessage<{ bid: MessageValue; ask: MessageValue }>({ id: 'market.chain.bidAskValue', defaultMessage: '{bid} / {ask}' });
const tradeText = defineMessage<{ symbol: MessageValue }>({ id: 'market.chain.trade', defaultMessage: 'Trade {symbol}' });
const spotText = defineMessage<{ spot: MessageValue }>({ id: 'market.chain.spotValue', defaultMessage: 'Spot {spot}' });
/** Shown where a figure is missing: never a number computed from nothing. */
const missing = '\u2014';

type Side = 'CE' | 'PE';

/** On a phone one side of the chain at a time; from 640 px both. */
const phoneClass = (visible: boolean) => (visible ? '' : 'hidden sm:table-cell');
type Row = { strike: number; ce?: OptionInstrument; pe?: OptionInstrument };

function rowsOf(instruments: readonly OptionInstrument[]): Row[] {
  const byStrike = new Map<number, Row>();
  for (const instrument of instruments) {
    const row = byStrike.get(instrument.strike) ?? { strike: instrument.strike };
    if (instrument.instrument_type === 'CE') row.ce = instrument;
    else row.pe = instrument;
    byStrike.set(instrument.strike, row);
  }
  return [...byStrike.values()].sort((a, b) => a.strike - b.strike);
}

/** The strike nearest the spot (the lower one on a tie), or null without a spot. */
export function atmStrike(strikes: readonly number[], spot: number | null): number | null {
  if (spot === null || strikes.length === 0) return null;
  return strikes.reduce((best, strike) => (Math.abs(strike - spot) < Math.abs(best - spot) ? strike : best));
}

type Pick = ((instrument: OptionInstrument) => void) | undefined;

function SideCells({ instrument, side, visible, onPick }: { instrument: OptionInstrument | undefined; side: Side; visible: boolean; onPick: Pick }) {
  const quote = useQuote(instrument?.instrument ?? null);
  const pick = instrument === undefined || onPick === undefined ? undefined : () => onPick(instrument);
  return <QuoteCells quote={quote} mirrored={side === 'CE'} phone={phoneClass(visible)} onPick={pick} symbol={instrument?.tradingsymbol ?? ''} />;
}

/**
 * A side's five cells (mirrored for calls, so LTP sits next to the strike); `phone` hides the side on a phone.
 * With `onPick`, the last price is a button that opens the order ticket for the contract.
 */
function QuoteCells({ quote, mirrored, phone, onPick, symbol }: { quote: Quote | null; mirrored: boolean; phone: string; onPick: (() => void) | undefined; symbol: string }) {
  const intl = useIntl();
  const { formatNumber } = useFormat();
  const two = { minimumFractionDigits: 2, maximumFractionDigits: 2 };
  const change = quote?.change;
  const tone = change === undefined || change === 0 ? 'text-fg-muted' : change > 0 ? 'text-profit' : 'text-loss';
  const cells: ReactNode[] = [
    <td key="ltp" className={`px-2 py-1.5 text-end font-semibold tabular-nums text-fg ${phone}`}>
      {onPick === undefined ? (
        quote === null ? missing : formatNumber(quote.last_price, two)
      ) : (
        <button
          type="button"
          onClick={onPick}
          aria-label={intl.formatMessage(tradeText, { symbol })}
          className="min-h-9 rounded px-1 font-semibold text-brand underline-offset-2 hover:underline"
        >
          {quote === null ? missing : formatNumber(quote.last_price, two)}
        </button>
      )}
      {quote !== null && (
        <span className="ms-1">
          <QuoteAge timestamp={quote.timestamp} />
        </span>
      )}
    </td>,
    <td key="chg" className={`px-2 py-1.5 text-end tabular-nums ${tone} ${phone}`}>
      {change === undefined ? missing : formatNumber(change, { ...two, signDisplay: 'exceptZero' })}
    </td>,
    <td key="bidask" className="hidden px-2 py-1.5 text-end tabular-nums text-fg-muted md:table-cell">
      {quote?.bid === undefined || quote.ask === undefined
        ? missing
        : intl.formatMessage(bidAskText, { bid: formatNumber(quote.bid, two), ask: formatNumber(quote.ask, two) })}
    </td>,
    <td key="iv" className={`px-2 py-1.5 text-end tabular-nums text-fg-muted ${phone}`}>
      {quote?.iv === undefined || quote.iv === null ? missing : formatNumber(quote.iv, { minimumFractionDigits: 1, maximumFractionDigits: 1 })}
    </td>,
    <td key="delta" className="hidden px-2 py-1.5 text-end tabular-nums text-fg-muted sm:table-cell">
      {quote?.delta === undefined ? missing : formatNumber(quote.delta, two)}
    </td>,
  ];
  return <>{mirrored ? [...cells].reverse() : cells}</>;
}

function HeaderCells({ mirrored, phone }: { mirrored: boolean; phone: string }) {
  const intl = useIntl();
  const cells = [
    <th key="ltp" className={`px-2 py-2 text-end ${phone}`}>{intl.formatMessage(messages.ltp)}</th>,
    <th key="chg" className={`px-2 py-2 text-end ${phone}`}>{intl.formatMessage(messages.change)}</th>,
    <th key="bidask" className="hidden px-2 py-2 text-end md:table-cell">{intl.formatMessage(messages.bidAsk)}</th>,
    <th key="iv" className={`px-2 py-2 text-end ${phone}`}>{intl.formatMessage(messages.iv)}</th>,
    <th key="delta" className="hidden px-2 py-2 text-end sm:table-cell">{intl.formatMessage(messages.delta)}</th>,
  ];
  return <>{mirrored ? [...cells].reverse() : cells}</>;
}

/**
 * The option chain of one index and expiry: calls on the left, puts on the right, strikes in the middle,
 * the at-the-money strike marked and the spot shown at its place in the ladder; on a phone one side at a
 * time. Every price is live and shows its age once it is older than 5 s.
 */
export function OptionChain({ onPick }: { onPick?: (instrument: OptionInstrument) => void } = {}) {
  const intl = useIntl();
  const { formatNumber, formatDate } = useFormat();
  const [index, setIndex] = useState<IndexName>('NIFTY');
  /** The expiry the trader picked, for the index it was picked for; else the nearest. */
  const [picked, setPicked] = useState<{ index: IndexName; expiry: string } | null>(null);
  const [side, setSide] = useState<Side>('CE');
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

  const rows = useMemo(() => (chain.data && chain.data.expiry === expiry ? rowsOf(chain.data.instruments) : []), [chain.data, expiry]);
  const atm = atmStrike(rows.map((row) => row.strike), spot?.last_price ?? null);
  const atmRow = useRef<HTMLTableRowElement | null>(null);
  const scrolledFor = useRef<string | null>(null);
  useEffect(() => {
    const key = `${index}/${expiry}`;
    if (atm === null || scrolledFor.current === key || atmRow.current === null) return;
    scrolledFor.current = key;
    // Scroll the chain's own box, not the page: the pickers and the strip stay in view.
    const row = atmRow.current;
    const box = row.closest<HTMLElement>('[data-chain-scroll]');
    if (box !== null) box.scrollTop = row.offsetTop - box.clientHeight / 2 + row.offsetHeight / 2;
  }, [atm, index, expiry]);

  const expiryLabel = (item: Expiry) =>
    intl.formatMessage(expiryText, {
      date: formatDate(`${item.date}T10:00:00Z`),
      kind: intl.formatMessage(item.kind === 'weekly' ? messages.weekly : messages.monthly),
    });
  const failed = expiries.error !== null || chain.error !== null;
  const spotLine =
    spot === null ? null : intl.formatMessage(spotText, { spot: formatNumber(spot.last_price, { minimumFractionDigits: 2, maximumFractionDigits: 2 }) });

  return (
    <section className="flex flex-col gap-3" aria-label={intl.formatMessage(messages.caption)}>
      <div className="grid grid-cols-2 gap-3 sm:flex sm:items-end">
        <SelectField label={intl.formatMessage(messages.index)} value={index} onChange={(event) => setIndex(event.target.value as IndexName)} className="sm:w-48">
          {indexInstruments.map((item) => (
            <option key={item.index} value={item.index}>
              {item.index}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={intl.formatMessage(messages.expiry)}
          value={expiry ?? ''}
          onChange={(event) => setExpiry(event.target.value)}
          disabled={!expiries.data}
          className="sm:w-64"
        >
          {(expiries.data ?? []).map((item) => (
            <option key={item.date} value={item.date}>
              {expiryLabel(item)}
            </option>
          ))}
        </SelectField>
        <div role="group" aria-label={intl.formatMessage(messages.side)} className="col-span-2 flex gap-1 sm:hidden">
          {(['CE', 'PE'] as const).map((choice) => (
            <button
              key={choice}
              type="button"
              aria-pressed={side === choice}
              onClick={() => setSide(choice)}
              className={`min-h-11 flex-1 rounded-md border px-3 font-medium ${side === choice ? 'border-brand bg-brand text-brand-fg' : 'border-line bg-surface text-fg'}`}
            >
              {intl.formatMessage(choice === 'CE' ? messages.calls : messages.puts)}
            </button>
          ))}
        </div>
      </div>
      <PricesDelayedBanner />
      {failed || chain.data === undefined || chain.data.expiry !== expiry ? (
        <LoadStatus
          loadingText={intl.formatMessage(messages.loading)}
          failedText={intl.formatMessage(messages.failed)}
          failed={failed}
          onRetry={() => void (expiry === null ? runExpiries(index) : runChain(index, expiry))}
        />
      ) : (
        <div data-chain-scroll className="relative max-h-[70dvh] overflow-auto rounded-lg border border-line">
          <table className="w-full border-collapse text-sm">
            <caption className="sr-only">{intl.formatMessage(captionText, { index, expiry: expiry ?? '' })}</caption>
            <thead className="sticky top-0 z-10 bg-surface-raised text-xs text-fg-muted">
              <tr>
                <th colSpan={5} className={`px-2 py-1 text-center ${phoneClass(side === 'CE')}`}>{intl.formatMessage(messages.calls)}</th>
                <th className="px-2 py-1" />
                <th colSpan={5} className={`px-2 py-1 text-center ${phoneClass(side === 'PE')}`}>{intl.formatMessage(messages.puts)}</th>
              </tr>
              <tr className="border-b border-line">
                <HeaderCells mirrored phone={phoneClass(side === 'CE')} />
                <th className="px-2 py-2 text-center">{intl.formatMessage(messages.strike)}</th>
                <HeaderCells mirrored={false} phone={phoneClass(side === 'PE')} />
              </tr>
            </thead>
            <tbody>
              {rows.map((row, i) => {
                const isAtm = row.strike === atm;
                const spotBefore = spot !== null && i > 0 && rows[i - 1]!.strike < spot.last_price && row.strike >= spot.last_price;
                return (
                  <ChainRowGroup key={row.strike} spotLine={spotBefore ? spotLine : null}>
                    <tr
                      ref={isAtm ? atmRow : undefined}
                      aria-current={isAtm ? 'true' : undefined}
                      className={`border-b border-line/60 ${isAtm ? 'bg-brand-soft' : ''}`}
                    >
                      <SideCells instrument={row.ce} side="CE" visible={side === 'CE'} onPick={onPick} />
                      <th scope="row" className="px-2 py-1.5 text-center font-semibold tabular-nums text-fg">
                        {formatNumber(row.strike)}
                        {isAtm && <span className="sr-only">{intl.formatMessage(messages.atm)}</span>}
                      </th>
                      <SideCells instrument={row.pe} side="PE" visible={side === 'PE'} onPick={onPick} />
                    </tr>
                  </ChainRowGroup>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {chain.data && (
        <p className="text-xs text-fg-muted">{intl.formatMessage(lotText, { lot: chain.data.lot_size })}</p>
      )}
    </section>
  );
}

/** The spot's line in the ladder, between the strikes it falls between. */
function ChainRowGroup({ spotLine, children }: { spotLine: string | null; children: ReactNode }) {
  return (
    <>
      {spotLine !== null && (
        <tr className="bg-warn/10">
          <td colSpan={11} className="px-2 py-1 text-center text-xs font-semibold text-fg">
            {spotLine}
          </td>
        </tr>
      )}
      {children}
    </>
  );
}
