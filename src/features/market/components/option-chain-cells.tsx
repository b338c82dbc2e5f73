import type { ReactNode } from 'react';
import { defineMessage, defineMessages, useIntl, type MessageValue } from 'react-intl';
import type { OptionInstrument } from '@/features/market/api/get-instruments';
import { QuoteAge } from '@/features/market/components/quote-age';
import type { Quote } from '@/features/market/feed/price-feed';
import { useBothSides } from '@/features/market/hooks/use-both-sides';
import { useQuote } from '@/features/market/hooks/use-quote';
import { useFormat } from '@/lib/format/use-format';

export const cellMessages = defineMessages({
  ltp: { id: 'market.chain.ltp', defaultMessage: 'LTP' },
  change: { id: 'market.chain.change', defaultMessage: 'Chg' },
  bidAsk: { id: 'market.chain.bidAsk', defaultMessage: 'Bid / Ask' },
  iv: { id: 'market.chain.iv', defaultMessage: 'IV' },
  delta: { id: 'market.chain.delta', defaultMessage: 'Delta' },
  noPrice: { id: 'market.chain.noPrice', defaultMessage: 'No price' },
});
const tradeText = defineMessage<{ symbol: MessageValue }>({ id: 'market.chain.trade', defaultMessage: 'Trade {symbol}' });
const bidAskText = defineMessage<{ bid: MessageValue; ask: MessageValue }>({ id: 'market.chain.bidAskValue', defaultMessage: '{bid} / {ask}' });

/** Shown where a figure is missing: never a number computed from nothing. */
export const missing = '\u2014';

export type Side = 'CE' | 'PE';

/** On a phone one side of the chain at a time; from 640 px both. */
export const phoneClass = (visible: boolean) => (visible ? '' : 'hidden sm:table-cell');

/** Opens the order ticket for a contract (the live-trade desk passes it; elsewhere prices are read only). */
export type PickContract = ((instrument: OptionInstrument) => void) | undefined;

export function SideCells({ instrument, side, visible, onPick }: { instrument: OptionInstrument | undefined; side: Side; visible: boolean; onPick: PickContract }) {
  // The side a phone hides follows no prices (option-chain.tsx subscribes only the side shown).
  const shown = useBothSides() || visible;
  const quote = useQuote(shown ? (instrument?.instrument ?? null) : null);
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
      {quote === null ? (
        // No price has arrived (offline, or not yet): a dash, and the reason for screen readers.
        <span title={intl.formatMessage(cellMessages.noPrice)} aria-label={intl.formatMessage(cellMessages.noPrice)} data-no-price>
          {missing}
        </span>
      ) : onPick === undefined ? (
        formatNumber(quote.last_price, two)
      ) : (
        <button
          type="button"
          onClick={onPick}
          aria-label={intl.formatMessage(tradeText, { symbol })}
          className="min-h-9 rounded px-1 font-semibold text-brand underline-offset-2 hover:underline"
        >
          {formatNumber(quote.last_price, two)}
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

export function HeaderCells({ mirrored, phone }: { mirrored: boolean; phone: string }) {
  const intl = useIntl();
  const cells = [
    <th key="ltp" className={`px-2 py-2 text-end ${phone}`}>{intl.formatMessage(cellMessages.ltp)}</th>,
    <th key="chg" className={`px-2 py-2 text-end ${phone}`}>{intl.formatMessage(cellMessages.change)}</th>,
    <th key="bidask" className="hidden px-2 py-2 text-end md:table-cell">{intl.formatMessage(cellMessages.bidAsk)}</th>,
    <th key="iv" className={`px-2 py-2 text-end ${phone}`}>{intl.formatMessage(cellMessages.iv)}</th>,
    <th key="delta" className="hidden px-2 py-2 text-end sm:table-cell">{intl.formatMessage(cellMessages.delta)}</th>,
  ];
  return <>{mirrored ? [...cells].reverse() : cells}</>;
}
