import { memo } from 'react';
import { defineMessage, defineMessages, useIntl, type MessageValue } from 'react-intl';
import type { Order } from '@/features/orders/api/trading-types';
import { OrderActions, OrderStatusCell, type OnOrderAction } from '@/features/orders/components/order-book-cells';
import { productMessages, sideMessages, typeMessages } from '@/features/orders/order-messages';
import { symbolName } from '@/lib/format/symbol-name';
import { useFormat } from '@/lib/format/use-format';

export const orderColumnMessages = defineMessages({
  time: { id: 'orders.book.time', defaultMessage: 'Time' },
  instrument: { id: 'orders.book.instrument', defaultMessage: 'Instrument' },
  side: { id: 'orders.book.side', defaultMessage: 'Side' },
  filled: { id: 'orders.book.filled', defaultMessage: 'Filled / qty' },
  type: { id: 'orders.book.typeColumn', defaultMessage: 'Type' },
  product: { id: 'orders.book.product', defaultMessage: 'Product' },
  price: { id: 'orders.book.priceTrigger', defaultMessage: 'Price / trigger' },
  average: { id: 'orders.book.average', defaultMessage: 'Avg. price' },
  status: { id: 'orders.book.status', defaultMessage: 'Status' },
  actions: { id: 'orders.book.actions', defaultMessage: 'Actions' },
});

/** Short product names for the table (the long ones, "Overnight (NRML)", are read in its title). */
const productCodes = defineMessages({
  MIS: { id: 'orders.book.productCode.mis', defaultMessage: 'MIS' },
  NRML: { id: 'orders.book.productCode.nrml', defaultMessage: 'NRML' },
  CNC: { id: 'orders.book.productCode.cnc', defaultMessage: 'CNC' },
});

/** Short order types for the table, as Kite shows them; the long name is read in the cell's title. */
const typeCodes = defineMessages({
  MARKET: { id: 'orders.book.typeCode.market', defaultMessage: 'Market' },
  LIMIT: { id: 'orders.book.typeCode.limit', defaultMessage: 'Limit' },
  SL: { id: 'orders.book.typeCode.sl', defaultMessage: 'SL' },
  'SL-M': { id: 'orders.book.typeCode.slm', defaultMessage: 'SL-M' },
});

export const fillText = defineMessage<{ filled: MessageValue; quantity: MessageValue }>({ id: 'orders.book.fill', defaultMessage: '{filled} / {quantity}' });
export const triggerText = defineMessage<{ trigger: MessageValue }>({ id: 'orders.book.triggerAt', defaultMessage: 'trig. {trigger}' });

/**
 * The columns a trader reads, in the order Kite shows them, narrow enough that Modify and Cancel and the
 * rejection reason fit at 1280 px in English and French: the trigger sits under the price, the product is
 * its code, the type its short name (SL), and the order's tag (the idempotency key's trace, for reconciliation) is not a column.
 */
export const orderColumns = [
  orderColumnMessages.time,
  orderColumnMessages.instrument,
  orderColumnMessages.side,
  orderColumnMessages.filled,
  orderColumnMessages.type,
  orderColumnMessages.product,
  orderColumnMessages.price,
  orderColumnMessages.average,
  orderColumnMessages.status,
  orderColumnMessages.actions,
];

type OrderRowProps = { order: Order; index: number; height: number; tradingDisabled: boolean; onAction: OnOrderAction };

/**
 * One order as a table row. Memoised: scrolling re-renders the table on every scroll event, and only the rows
 * that came into view (or whose order changed) need rendering then, not every row in the page (issue 37).
 */
export const OrderRow = memo(function OrderRow({ order, index, height, tradingDisabled, onAction }: OrderRowProps) {
  const intl = useIntl();
  const { formatNumber, formatTime, locale } = useFormat();
  const two = { minimumFractionDigits: 2, maximumFractionDigits: 2 };
  const money = (value: number) => (value === 0 ? '\u2014' : formatNumber(value, two));
  return (
    <tr aria-rowindex={index + 2} data-order-id={order.order_id} className="border-b border-line/60" style={{ height }}>
      <td className="whitespace-nowrap px-1.5 text-fg-muted tabular-nums">{formatTime(order.order_timestamp)}</td>
      <td className="whitespace-nowrap px-1.5 font-medium text-fg" dir="ltr" title={order.tradingsymbol}>
        {symbolName(order.tradingsymbol, locale)}
      </td>
      <td className={`px-1.5 font-medium ${order.transaction_type === 'BUY' ? 'text-profit' : 'text-loss'}`}>{intl.formatMessage(sideMessages[order.transaction_type])}</td>
      <td className="whitespace-nowrap px-1.5 tabular-nums">
        {intl.formatMessage(fillText, { filled: formatNumber(order.filled_quantity), quantity: formatNumber(order.quantity) })}
      </td>
      <td className="whitespace-nowrap px-1.5" title={intl.formatMessage(typeMessages[order.order_type])}>
        {intl.formatMessage(typeCodes[order.order_type])}
      </td>
      <td className="px-1.5" title={intl.formatMessage(productMessages[order.product])}>
        {intl.formatMessage(productCodes[order.product])}
      </td>
      <td className="whitespace-nowrap px-1.5 text-end tabular-nums" data-field="price">
        {money(order.price)}
        {order.trigger_price !== 0 && <span className="block text-xs text-fg-muted">{intl.formatMessage(triggerText, { trigger: formatNumber(order.trigger_price, two) })}</span>}
      </td>
      <td className="px-1.5 text-end tabular-nums">{money(order.average_price)}</td>
      <td className="min-w-44 max-w-72 px-1.5" data-field="status">
        <OrderStatusCell order={order} />
      </td>
      <td className="px-1.5">
        <OrderActions order={order} disabled={tradingDisabled} onAction={onAction} />
      </td>
    </tr>
  );
});
