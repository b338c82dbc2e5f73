import { defineMessage, defineMessages, useIntl, type MessageValue } from 'react-intl';
import type { Trade } from '@/features/orders/api/trading-types';
import { productMessages, sideMessages } from '@/features/orders/order-messages';
import { symbolName } from '@/lib/format/symbol-name';
import { useFormat } from '@/lib/format/use-format';

const messages = defineMessages({
  caption: { id: 'orders.trades.caption', defaultMessage: 'Trades' },
  time: { id: 'orders.trades.time', defaultMessage: 'Time' },
  instrument: { id: 'orders.trades.instrument', defaultMessage: 'Instrument' },
  side: { id: 'orders.trades.side', defaultMessage: 'Side' },
  product: { id: 'orders.trades.product', defaultMessage: 'Product' },
  quantity: { id: 'orders.trades.quantity', defaultMessage: 'Qty' },
  price: { id: 'orders.trades.price', defaultMessage: 'Price' },
  charges: { id: 'orders.trades.charges', defaultMessage: 'Charges' },
  order: { id: 'orders.trades.order', defaultMessage: 'Order' },
  settlement: { id: 'orders.trades.settlement', defaultMessage: 'Expiry settlement' },
  none: { id: 'orders.trades.none', defaultMessage: 'No fills on this day.' },
  chargesPending: { id: 'orders.trades.chargesPending', defaultMessage: 'Known once the order is complete' },
  callAndTradeHelp: {
    id: 'orders.trades.callAndTradeHelp',
    defaultMessage: 'The broker squared this MIS position off at its MIS cut-off: Zerodha charges ₹50 + 18 % GST for each such order.',
  },
});

const callAndTradeText = defineMessage<{ amount: MessageValue }>({ id: 'orders.trades.callAndTrade', defaultMessage: 'incl. call & trade {amount}' });
const totalWithCallAndTrade = defineMessage<{ count: number; charges: MessageValue; callAndTrade: MessageValue }>({
  id: 'orders.trades.totalWithCallAndTrade',
  defaultMessage: '{count, plural, one {# fill} other {# fills}} · charges {charges}, incl. call & trade {callAndTrade}',
});

const totalText = defineMessage<{ count: number; charges: MessageValue }>({
  id: 'orders.trades.total',
  defaultMessage: '{count, plural, one {# fill} other {# fills}} · charges {charges}',
});
const cardText = defineMessage<{ side: MessageValue; quantity: MessageValue; price: MessageValue }>({
  id: 'orders.trades.card',
  defaultMessage: '{side} {quantity} at {price}',
});
/** The broker's brokerage was not priced (a Flattrade fill: no tariff dated): the charges are the statutory ones alone. */
const brokerageNotPriced = defineMessage({ id: 'orders.trades.brokerageNotPriced', defaultMessage: 'excl. brokerage (not priced)' });
const cardCharges = defineMessage<{ charges: MessageValue }>({ id: 'orders.trades.cardCharges', defaultMessage: 'Charges {charges}' });

const settled = (trade: Trade) => trade.order_id.startsWith('settlement-');

/**
 * The day's fills, newest first (Kite's trade book): time, contract, side, quantity, price and what each
 * cost. On a phone the rows are cards. A live broker's fill shows its charges once its order is complete.
 */
export function TradeBookTable({ trades, phone }: { trades: readonly Trade[]; phone: boolean }) {
  const intl = useIntl();
  const { formatInr, formatNumber, formatTime, locale } = useFormat();
  const two = { minimumFractionDigits: 2, maximumFractionDigits: 2 };
  const charges = (trade: Trade) => (trade.charges === null ? '\u2014' : formatInr(trade.charges, two));
  const total = trades.reduce((sum, trade) => sum + Math.round((trade.charges ?? 0) * 100), 0) / 100;
  const callAndTradeTotal = trades.reduce((sum, trade) => sum + Math.round((trade.call_and_trade ?? 0) * 100), 0) / 100;
  // Zerodha's call-and-trade charge on a fill the broker's square-off made: its own line under the fill's charges.
  const callAndTrade = (trade: Trade) =>
    (trade.call_and_trade ?? 0) > 0 ? (
      <span className="block text-xs text-fg-muted" data-field="call-and-trade" title={intl.formatMessage(messages.callAndTradeHelp)}>
        {intl.formatMessage(callAndTradeText, { amount: formatInr(trade.call_and_trade ?? 0, two) })}
      </span>
    ) : null;
  const notPriced = (trade: Trade) =>
    trade.brokerage_status === 'not_priced' ? (
      <span className="block text-xs text-fg-muted" data-field="brokerage-not-priced">
        {intl.formatMessage(brokerageNotPriced)}
      </span>
    ) : null;
  const anyNotPriced = trades.some((trade) => trade.brokerage_status === 'not_priced');
  const sideTone = (trade: Trade) => (trade.transaction_type === 'BUY' ? 'text-profit' : 'text-loss');
  const orderText = (trade: Trade) => (settled(trade) ? intl.formatMessage(messages.settlement) : trade.order_id);

  if (trades.length === 0) return <p className="text-sm text-fg-muted">{intl.formatMessage(messages.none)}</p>;
  const summary = (
    <p className="text-sm text-fg-muted tabular-nums" data-testid="trades-total">
      {callAndTradeTotal > 0
        ? intl.formatMessage(totalWithCallAndTrade, { count: trades.length, charges: formatInr(total, two), callAndTrade: formatInr(callAndTradeTotal, two) })
        : intl.formatMessage(totalText, { count: trades.length, charges: formatInr(total, two) })}
      {anyNotPriced && (
        <span className="block" data-field="total-brokerage-not-priced">
          {intl.formatMessage(brokerageNotPriced)}
        </span>
      )}
    </p>
  );

  if (phone) {
    return (
      <div className="flex flex-col gap-2">
        {summary}
        <ul aria-label={intl.formatMessage(messages.caption)} className="flex flex-col gap-2">
          {trades.map((trade) => (
            <li key={trade.trade_id} data-trade-id={trade.trade_id} className="flex flex-col gap-1 rounded-lg border border-line bg-surface p-3 text-sm">
              <div className="flex justify-between gap-2">
                <span className="font-medium text-fg" dir="ltr" title={trade.tradingsymbol}>
                  {symbolName(trade.tradingsymbol, locale)}
                </span>
                <span className="text-xs text-fg-muted tabular-nums">{formatTime(trade.fill_timestamp)}</span>
              </div>
              <div className="flex flex-wrap justify-between gap-x-3 tabular-nums">
                <span className={`font-medium ${sideTone(trade)}`}>
                  {intl.formatMessage(cardText, {
                    side: intl.formatMessage(sideMessages[trade.transaction_type]),
                    quantity: formatNumber(trade.quantity),
                    price: formatNumber(trade.average_price, two),
                  })}
                </span>
                <span className="text-fg-muted" title={trade.charges === null ? intl.formatMessage(messages.chargesPending) : undefined}>
                  {intl.formatMessage(cardCharges, { charges: charges(trade) })}
                  {callAndTrade(trade)}
                  {notPriced(trade)}
                </span>
              </div>
              <div className="flex justify-between gap-2 text-xs text-fg-muted">
                <span>{intl.formatMessage(productMessages[trade.product])}</span>
                <span dir="ltr">{orderText(trade)}</span>
              </div>
            </li>
          ))}
        </ul>
      </div>
    );
  }

  const headers = [messages.time, messages.instrument, messages.side, messages.product, messages.quantity, messages.price, messages.charges, messages.order];
  const numeric = new Set<string>([messages.quantity.id, messages.price.id, messages.charges.id]);
  return (
    <div className="flex flex-col gap-2">
      {summary}
      <div className="max-h-[70dvh] overflow-auto rounded-lg border border-line">
        <table className="w-full border-collapse text-sm">
          <caption className="sr-only">{intl.formatMessage(messages.caption)}</caption>
          <thead className="sticky top-0 z-10 bg-surface-raised text-xs text-fg-muted">
            <tr>
              {headers.map((label) => (
                <th key={label.id} scope="col" className={`whitespace-nowrap px-2 py-2 ${numeric.has(label.id) ? 'text-end' : 'text-start'}`}>
                  {intl.formatMessage(label)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {trades.map((trade) => (
              <tr key={trade.trade_id} data-trade-id={trade.trade_id} className="h-11 border-b border-line/60">
                <td className="whitespace-nowrap px-2 text-fg-muted tabular-nums">{formatTime(trade.fill_timestamp)}</td>
                <td className="whitespace-nowrap px-2 font-medium text-fg" dir="ltr" title={trade.tradingsymbol}>
                  {symbolName(trade.tradingsymbol, locale)}
                </td>
                <td className={`px-2 font-medium ${sideTone(trade)}`}>{intl.formatMessage(sideMessages[trade.transaction_type])}</td>
                <td className="whitespace-nowrap px-2">{intl.formatMessage(productMessages[trade.product])}</td>
                <td className="px-2 text-end tabular-nums">{formatNumber(trade.quantity)}</td>
                <td className="px-2 text-end tabular-nums">{formatNumber(trade.average_price, two)}</td>
                <td className="px-2 text-end tabular-nums" data-field="charges" title={trade.charges === null ? intl.formatMessage(messages.chargesPending) : undefined}>
                  {charges(trade)}
                  {callAndTrade(trade)}
                  {notPriced(trade)}
                </td>
                <td className="whitespace-nowrap px-2 text-xs text-fg-muted" dir="ltr">
                  {orderText(trade)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
