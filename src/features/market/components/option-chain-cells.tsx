import BellAlertIcon from '@heroicons/react/24/outline/BellAlertIcon';
import type { ReactNode } from 'react';
import { defineMessage, defineMessages, useIntl, type MessageValue } from 'react-intl';
import type { OptionInstrument } from '@/features/market/api/get-instruments';
import type { ChainColumn } from '@/features/market/chain/chain-columns';
import { QuoteAge } from '@/features/market/components/quote-age';
import type { Quote } from '@/features/market/feed/price-feed';
import { useQuote } from '@/features/market/hooks/use-quote';
import { useFormat, type BoundFormat } from '@/lib/format/use-format';

export const cellMessages = defineMessages({
  ltp: { id: 'market.chain.ltp', defaultMessage: 'LTP' },
  change: { id: 'market.chain.change', defaultMessage: 'Chg' },
  oi: { id: 'market.chain.oi', defaultMessage: 'OI' },
  oiChange: { id: 'market.chain.oiChange', defaultMessage: 'OI chg' },
  volume: { id: 'market.chain.volume', defaultMessage: 'Volume' },
  bidAsk: { id: 'market.chain.bidAsk', defaultMessage: 'Bid / Ask' },
  iv: { id: 'market.chain.iv', defaultMessage: 'IV' },
  delta: { id: 'market.chain.delta', defaultMessage: 'Delta' },
  gamma: { id: 'market.chain.gamma', defaultMessage: 'Gamma' },
  theta: { id: 'market.chain.theta', defaultMessage: 'Theta' },
  vega: { id: 'market.chain.vega', defaultMessage: 'Vega' },
  alert: { id: 'market.chain.alertColumn', defaultMessage: 'Alert' },
  lakh: { id: 'market.chain.lakhUnit', defaultMessage: '(lakh)', description: 'The unit under the OI, OI change and volume headers: figures in lakh (1,00,000) of units.' },
  noPrice: { id: 'market.chain.noPrice', defaultMessage: 'No price' },
});
// The visible price leads the name, so a voice-control user can say what they see (WCAG 2.5.3).
const tradeText = defineMessage<{ price: MessageValue; symbol: MessageValue }>({ id: 'market.chain.tradeAt', defaultMessage: '{price}, trade {symbol}' });
const alertText = defineMessage<{ symbol: MessageValue }>({ id: 'market.chain.alert', defaultMessage: 'Price alert on {symbol}' });
// A replay's figure that history does not hold (issue 39): priced by the backtests' model, and said so.
const modelledText = defineMessage({
  id: 'market.chain.modelled',
  defaultMessage: 'Modelled: history holds no minute of this contract, so its figures are priced from its settlement along the index’s minutes',
});
/** The cue before a modelled price: "≈", the same in every language. */
const approximately = '\u2248';
// A demo day's replay (issue 62): the simulator's recorded minutes, never market data.
const simulatedText = defineMessage({ id: 'market.chain.simulated', defaultMessage: 'Simulated: recorded from StrikeDesk’s demo market, not market data' });
const simulatedTradeText = defineMessage<{ price: MessageValue; symbol: MessageValue }>({ id: 'market.chain.tradeSimulatedAt', defaultMessage: '≈{price} simulated, trade {symbol}' });
const modelledTradeText = defineMessage<{ price: MessageValue; symbol: MessageValue }>({ id: 'market.chain.tradeModelledAt', defaultMessage: '≈{price} modelled, trade {symbol}' });
const bidAskText = defineMessage<{ bid: MessageValue; ask: MessageValue }>({ id: 'market.chain.bidAskValue', defaultMessage: '{bid} / {ask}' });

/** Shown where a figure is missing: never a number computed from nothing. */
export const missing = '\u2014';

export type Side = 'CE' | 'PE';

/** Opens the order ticket for a contract (the live-trade desk passes it; elsewhere prices are read only). */
export type PickContract = ((instrument: OptionInstrument) => void) | undefined;
/** Opens a price alert on a contract (the desk passes it). */
export type AlertContract = ((instrument: OptionInstrument) => void) | undefined;

const headerLabel: Record<ChainColumn, keyof typeof cellMessages> = {
  ltp: 'ltp',
  chg: 'change',
  oi: 'oi',
  oiChange: 'oiChange',
  volume: 'volume',
  bidAsk: 'bidAsk',
  iv: 'iv',
  delta: 'delta',
  gamma: 'gamma',
  theta: 'theta',
  vega: 'vega',
};

// Rows 40 px on a phone (a 32 px price button to tap), 29 px from 640 px so a laptop shows more strikes.
const cell = 'px-1 py-1 text-end tabular-nums whitespace-nowrap sm:px-2 sm:py-0.5';
const two = { minimumFractionDigits: 2, maximumFractionDigits: 2 };
/** Open interest, its change and volume: in lakh, the unit under their header (a phone's column fits "48.8", not "48,75,000"). */
const inLakh: ReadonlySet<ChainColumn> = new Set(['oi', 'oiChange', 'volume']);

type SideCellsProps = { instrument: OptionInstrument | undefined; side: Side; columns: readonly ChainColumn[]; alerts: boolean; onPick: PickContract; onAlert: AlertContract };

export function SideCells({ instrument, side, columns, alerts, onPick, onAlert }: SideCellsProps) {
  const intl = useIntl();
  const format = useFormat();
  const quote = useQuote(instrument?.instrument ?? null);
  const pick = instrument === undefined || onPick === undefined ? undefined : () => onPick(instrument);
  const symbol = instrument?.tradingsymbol ?? '';
  const cells = columns.map((column) => (
    <td key={column} className={`${cell} ${column === 'ltp' ? 'font-semibold text-fg' : column === 'chg' ? tone(quote?.change) : 'text-fg-muted'}`}>
      {column === 'ltp' ? <LastPrice quote={quote} onPick={pick} symbol={symbol} /> : figure(column, quote, format, intl.formatMessage)}
    </td>
  ));
  if (alerts) {
    cells.push(
      <td key="alert" className="px-1 py-1 text-center sm:py-0.5">
        {instrument !== undefined && onAlert !== undefined && (
          <button
            type="button"
            onClick={() => onAlert(instrument)}
            aria-label={intl.formatMessage(alertText, { symbol })}
            title={intl.formatMessage(alertText, { symbol })}
            className="inline-flex size-8 items-center justify-center rounded text-fg-muted hover:bg-surface-muted hover:text-brand sm:size-6"
          >
            <BellAlertIcon aria-hidden="true" className="size-4" />
          </button>
        )}
      </td>,
    );
  }
  return <>{side === 'CE' ? cells.reverse() : cells}</>;
}

const tone = (change: number | undefined) => (change === undefined || change === 0 ? 'text-fg-muted' : change > 0 ? 'text-profit' : 'text-loss');

/** A column's figure from the quote, or a dash when the source did not send it. */
function figure(column: Exclude<ChainColumn, 'ltp'>, quote: Quote | null, { formatNumber, formatLakh, formatLakhChange }: BoundFormat, formatMessage: ReturnType<typeof useIntl>['formatMessage']): ReactNode {
  const number = (value: number | null | undefined, options: Parameters<BoundFormat['formatNumber']>[1]) => (value === undefined || value === null ? missing : formatNumber(value, options));
  const lakhs = (value: number | undefined) => (value === undefined ? missing : formatLakh(value));
  switch (column) {
    case 'chg':
      return number(quote?.change, { ...two, signDisplay: 'exceptZero' });
    case 'oi':
      return lakhs(quote?.oi);
    case 'oiChange':
      return quote?.oi_change === undefined ? missing : formatLakhChange(quote.oi_change);
    case 'volume':
      return lakhs(quote?.volume);
    case 'iv':
      return number(quote?.iv, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
    case 'delta':
      return number(quote?.delta, two);
    case 'gamma':
      return number(quote?.gamma, { minimumFractionDigits: 4, maximumFractionDigits: 4 });
    case 'theta':
      return number(quote?.theta, two);
    case 'vega':
      return number(quote?.vega, two);
    case 'bidAsk':
      return quote?.bid === undefined || quote.ask === undefined
        ? missing
        : formatMessage(bidAskText, { bid: formatNumber(quote.bid, two), ask: formatNumber(quote.ask, two) });
  }
}

/** The last price: with `onPick`, a button that opens the order ticket; its age once older than 5 s. */
function LastPrice({ quote, onPick, symbol }: { quote: Quote | null; onPick: (() => void) | undefined; symbol: string }) {
  const intl = useIntl();
  const { formatNumber } = useFormat();
  if (quote === null) {
    // No price has arrived (offline, or not yet): a dash, and the reason for screen readers.
    return (
      <span title={intl.formatMessage(cellMessages.noPrice)} aria-label={intl.formatMessage(cellMessages.noPrice)} data-no-price>
        {missing}
      </span>
    );
  }
  const modelled = quote.source === 'modelled' || quote.source === 'simulated';
  const cueText = quote.source === 'simulated' ? simulatedText : modelledText;
  const cue = modelled && (
    <abbr title={intl.formatMessage(cueText)} aria-label={intl.formatMessage(cueText)} className="me-0.5 font-normal text-replay no-underline" data-modelled>
      {approximately}
    </abbr>
  );
  const price = formatNumber(quote.last_price, two);
  return (
    <>
      {onPick === undefined ? (
        <>
          {cue}
          {price}
        </>
      ) : (
        <button
          type="button"
          onClick={onPick}
          aria-label={intl.formatMessage(quote.source === 'simulated' ? simulatedTradeText : modelled ? modelledTradeText : tradeText, { price, symbol })}
          title={modelled ? intl.formatMessage(cueText) : undefined}
          className="min-h-8 rounded px-1 font-semibold text-brand underline-offset-2 hover:underline sm:min-h-6"
        >
          {modelled && <span aria-hidden="true" className="me-0.5 font-normal text-replay">{approximately}</span>}
          {price}
        </button>
      )}
      <span className="ms-1">
        <QuoteAge timestamp={quote.timestamp} />
      </span>
    </>
  );
}

export function HeaderCells({ side, columns, alerts }: { side: Side; columns: readonly ChainColumn[]; alerts: boolean }) {
  const intl = useIntl();
  const cells = columns.map((column) => (
    // The unit has a line of its own, so the column stays as narrow as its figures; the two lines take the
    // height the others' padding does, so the header row takes no room from the strikes.
    <th key={column} scope="col" className={`px-1 text-end whitespace-nowrap sm:px-2 ${inLakh.has(column) ? 'py-0' : 'py-1.5'}`}>
      {intl.formatMessage(cellMessages[headerLabel[column]])}
      {inLakh.has(column) && <> <span className="block text-[0.7rem] leading-none font-normal">{intl.formatMessage(cellMessages.lakh)}</span></>}
    </th>
  ));
  if (alerts) {
    cells.push(
      <th key="alert" scope="col" className="px-1 py-1.5">
        <span className="sr-only">{intl.formatMessage(cellMessages.alert)}</span>
      </th>,
    );
  }
  return <>{side === 'CE' ? cells.reverse() : cells}</>;
}
