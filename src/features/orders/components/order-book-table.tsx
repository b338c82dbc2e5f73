import { useVirtualizer } from '@tanstack/react-virtual';
import { useMemo, useRef, useState } from 'react';
import { defineMessage, defineMessages, useIntl, type MessageValue } from 'react-intl';
import type { Order, OrderStatus } from '@/features/orders/api/trading-types';
import { ModifyOrderDialog } from '@/features/orders/components/modify-order-dialog';
import { CancelOrderDialog, orderActionMessages } from '@/features/orders/components/order-dialogs';
import { fillText, OrderRow, orderColumns } from '@/features/orders/components/order-book-row';
import { afterMarketBadge, sideMessages, statusMessages, typeMessages } from '@/features/orders/order-messages';
import { SelectField } from '@/components/ui/select-field';
import { sayServerText } from '@/i18n/say-server-text';
import { useFormat } from '@/lib/format/use-format';

const messages = defineMessages({
  caption: { id: 'orders.book.caption', defaultMessage: 'Orders' },
  filter: { id: 'orders.book.filter', defaultMessage: 'Status' },
  all: { id: 'orders.book.all', defaultMessage: 'All orders' },
  working: { id: 'orders.book.working', defaultMessage: 'Open and trigger pending' },
  none: { id: 'orders.book.none', defaultMessage: 'No orders on this day.' },
  noneFiltered: { id: 'orders.book.noneFiltered', defaultMessage: 'No orders with this status.' },
});

const cardText = defineMessage<{ side: MessageValue; fill: MessageValue; type: MessageValue }>({ id: 'orders.book.card', defaultMessage: '{side} {fill} · {type}' });

type Filter = 'all' | 'working' | OrderStatus;
const working = (order: Order) => order.status === 'OPEN' || order.status === 'TRIGGER PENDING';
// Tall enough for a status with its reason under it, or a price with its trigger under it.
const rowHeight = 64;
const cardHeight = 132;

const statusTone: Record<OrderStatus, string> = {
  OPEN: 'text-brand',
  'TRIGGER PENDING': 'text-warn',
  COMPLETE: 'text-profit',
  CANCELLED: 'text-fg-muted',
  REJECTED: 'text-loss',
};

/**
 * The day's orders, newest first, virtualised so 10,000 rows scroll smoothly (only the rows in view are in
 * the page; spacer rows keep the table's height and its sticky header). Working orders can be modified and
 * cancelled. On a phone the rows are cards.
 */
export function OrderBookTable({
  orders,
  accountNumber,
  tradingDisabled,
  phone,
  onChanged,
}: {
  orders: readonly Order[];
  accountNumber: string;
  tradingDisabled: boolean;
  phone: boolean;
  onChanged: () => void;
}) {
  const intl = useIntl();
  const { formatNumber, formatTime } = useFormat();
  const [filter, setFilter] = useState<Filter>('all');
  const [opened, setOpened] = useState<{ kind: 'modify' | 'cancel'; order: Order } | null>(null);
  // The dialog follows the book: a modification's count, made in it, shows when the book is read again.
  const dialog = opened === null ? null : { ...opened, order: orders.find((order) => order.order_id === opened.order.order_id) ?? opened.order };
  const shown = useMemo(
    () => (filter === 'all' ? orders : orders.filter((order) => (filter === 'working' ? working(order) : order.status === filter))),
    [orders, filter],
  );
  const scroller = useRef<HTMLDivElement | null>(null);
  // The virtualizer re-renders this component on scroll itself; no memoised value here depends on it.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: shown.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => (phone ? cardHeight : rowHeight),
    overscan: 10,
  });
  const items = virtualizer.getVirtualItems();
  const before = items[0]?.start ?? 0;
  const after = items.length === 0 ? 0 : virtualizer.getTotalSize() - items[items.length - 1]!.end;
  const two = { minimumFractionDigits: 2, maximumFractionDigits: 2 };
  const money = (value: number) => (value === 0 ? '\u2014' : formatNumber(value, two));

  const actions = (order: Order) =>
    working(order) ? (
      <div className="flex justify-end gap-1">
        <button
          type="button"
          disabled={tradingDisabled}
          onClick={() => setOpened({ kind: 'modify', order })}
          className="min-h-9 rounded-md border border-line px-2 text-xs font-medium text-fg hover:bg-surface-raised disabled:opacity-50"
        >
          {intl.formatMessage(orderActionMessages.modify)}
        </button>
        <button
          type="button"
          disabled={tradingDisabled}
          onClick={() => setOpened({ kind: 'cancel', order })}
          className="min-h-9 rounded-md border border-line px-2 text-xs font-medium text-loss hover:bg-surface-raised disabled:opacity-50"
        >
          {intl.formatMessage(orderActionMessages.cancel)}
        </button>
      </div>
    ) : null;

  // The reason (a rejection's, a cancellation's) is read, not cut: three lines, and all of it in the title; in the
  // interface language when the server coded it, a live broker's own words as they are.
  const statusCell = (order: Order) => {
    const reason = order.status_message === null ? null : sayServerText(intl, order.status_message_i18n, order.status_message);
    return (
      <span className={`font-medium ${statusTone[order.status]}`} title={reason ?? undefined}>
        {intl.formatMessage(statusMessages[order.status])}
        {working(order) && order.variety === 'amo' && order.exchange_order_id === null && (
          <span className="ms-1 text-xs text-warn" data-after-market="held">
            {intl.formatMessage(afterMarketBadge)}
          </span>
        )}
        {reason !== null && (
          <span className="line-clamp-3 text-xs font-normal break-words text-fg-muted" data-field="status-message">
            {reason}
          </span>
        )}
      </span>
    );
  };

  return (
    <div className="flex flex-col gap-3">
      <SelectField label={intl.formatMessage(messages.filter)} value={filter} onChange={(event) => setFilter(event.target.value as Filter)} className="sm:w-64">
        <option value="all">{intl.formatMessage(messages.all)}</option>
        <option value="working">{intl.formatMessage(messages.working)}</option>
        {(['COMPLETE', 'CANCELLED', 'REJECTED'] as const).map((status) => (
          <option key={status} value={status}>
            {intl.formatMessage(statusMessages[status])}
          </option>
        ))}
      </SelectField>
      {shown.length === 0 ? (
        <p className="text-sm text-fg-muted">{intl.formatMessage(orders.length === 0 ? messages.none : messages.noneFiltered)}</p>
      ) : phone ? (
        <div ref={scroller} className="max-h-[70dvh] overflow-auto" role="list" aria-label={intl.formatMessage(messages.caption)}>
          <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
            {items.map((item) => {
              const order = shown[item.index]!;
              return (
                <div
                  key={order.order_id}
                  role="listitem"
                  data-order-id={order.order_id}
                  className="absolute inset-x-0 p-1"
                  style={{ top: item.start, height: cardHeight }}
                >
                  <div className="flex h-full flex-col justify-between rounded-lg border border-line bg-surface p-2 text-sm">
                    <div className="flex justify-between gap-2">
                      <span className="font-medium text-fg" dir="ltr">
                        {order.tradingsymbol}
                      </span>
                      <span className="text-xs text-fg-muted">{formatTime(order.order_timestamp)}</span>
                    </div>
                    <div className="flex justify-between gap-2 text-fg-muted">
                      <span>
                        {intl.formatMessage(cardText, {
                          side: intl.formatMessage(sideMessages[order.transaction_type]),
                          fill: intl.formatMessage(fillText, { filled: formatNumber(order.filled_quantity), quantity: formatNumber(order.quantity) }),
                          type: intl.formatMessage(typeMessages[order.order_type]),
                        })}
                      </span>
                      <span className="tabular-nums">{money(order.average_price || order.price)}</span>
                    </div>
                    <div className="flex items-end justify-between gap-2">
                      {statusCell(order)}
                      {actions(order)}
                    </div>
                  </div>
                </div>
              );
            })}
          </div>
        </div>
      ) : (
        <div ref={scroller} data-order-scroll className="max-h-[70dvh] overflow-auto rounded-lg border border-line">
          <table className="w-full border-collapse text-sm" aria-rowcount={shown.length + 1}>
            <caption className="sr-only">{intl.formatMessage(messages.caption)}</caption>
            <thead className="sticky top-0 z-10 bg-surface-raised text-xs text-fg-muted">
              <tr aria-rowindex={1}>
                {orderColumns.map((label) => (
                  // Headers may wrap ("Filled / qty" on two lines) so the columns of figures stay narrow.
                  <th key={label.id} scope="col" className="px-1.5 py-2 text-start align-bottom">
                    {intl.formatMessage(label)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {before > 0 && <tr aria-hidden="true" style={{ height: before }} />}
              {items.map((item) => {
                const order = shown[item.index]!;
                return <OrderRow key={order.order_id} order={order} index={item.index} height={rowHeight} status={statusCell(order)} actions={actions(order)} />;
              })}
              {after > 0 && <tr aria-hidden="true" style={{ height: after }} />}
            </tbody>
          </table>
        </div>
      )}
      {dialog?.kind === 'modify' && (
        <ModifyOrderDialog order={dialog.order} accountNumber={accountNumber} onDone={onChanged} onClose={() => setOpened(null)} />
      )}
      {dialog?.kind === 'cancel' && (
        <CancelOrderDialog order={dialog.order} accountNumber={accountNumber} onDone={onChanged} onClose={() => setOpened(null)} />
      )}
    </div>
  );
}
