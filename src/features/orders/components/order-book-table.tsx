import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useMemo, useRef, useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import type { Order, OrderStatus } from '@/features/orders/api/trading-types';
import { ModifyOrderDialog, orderTermsKey } from '@/features/orders/components/modify-order-dialog';
import { OrderCards } from '@/features/orders/components/order-book-cards';
import { isWorking, type OnOrderAction, type OrderAction } from '@/features/orders/components/order-book-cells';
import { CancelOrderDialog } from '@/features/orders/components/order-dialogs';
import { OrderRow, orderColumns } from '@/features/orders/components/order-book-row';
import { statusMessages } from '@/features/orders/order-messages';
import { SelectField } from '@/components/ui/select-field';

const messages = defineMessages({
  caption: { id: 'orders.book.caption', defaultMessage: 'Orders' },
  filter: { id: 'orders.book.filter', defaultMessage: 'Status' },
  all: { id: 'orders.book.all', defaultMessage: 'All orders' },
  working: { id: 'orders.book.working', defaultMessage: 'Open and trigger pending' },
  none: { id: 'orders.book.none', defaultMessage: 'No orders on this day.' },
  noneFiltered: { id: 'orders.book.noneFiltered', defaultMessage: 'No orders with this status.' },
});

type Filter = 'all' | 'working' | OrderStatus;
// Tall enough for a status with its reason under it, or a price with its trigger under it.
const rowHeight = 64;

/**
 * The day's orders, newest first, virtualised so 10,000 rows scroll smoothly (only the rows in view are in
 * the page; spacer rows keep the table's height and its sticky header). Working orders can be modified and
 * cancelled. On a phone the rows are cards, scrolled with the page.
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
  const [filter, setFilter] = useState<Filter>('all');
  const [opened, setOpened] = useState<{ kind: OrderAction; order: Order } | null>(null);
  const handleAction = useCallback<OnOrderAction>((kind, order) => setOpened({ kind, order }), []);
  // The dialog follows the book: a modification's count, made in it, shows when the book is read again.
  const dialog = opened === null ? null : { ...opened, order: orders.find((order) => order.order_id === opened.order.order_id) ?? opened.order };
  const shown = useMemo(
    () => (filter === 'all' ? orders : orders.filter((order) => (filter === 'working' ? isWorking(order) : order.status === filter))),
    [orders, filter],
  );
  const scroller = useRef<HTMLDivElement | null>(null);
  // The virtualizer re-renders this component on scroll itself; no memoised value here depends on it.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    // A phone's cards follow the page's scroll (order-book-cards.tsx); the table scrolls in its box.
    count: phone ? 0 : shown.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => rowHeight,
    overscan: 10,
  });
  const items = virtualizer.getVirtualItems();
  const before = items[0]?.start ?? 0;
  const after = items.length === 0 ? 0 : virtualizer.getTotalSize() - items[items.length - 1]!.end;
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
        <OrderCards orders={shown} label={intl.formatMessage(messages.caption)} tradingDisabled={tradingDisabled} onAction={handleAction} />
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
                return <OrderRow key={order.order_id} order={order} index={item.index} height={rowHeight} tradingDisabled={tradingDisabled} onAction={handleAction} />;
              })}
              {after > 0 && <tr aria-hidden="true" style={{ height: after }} />}
            </tbody>
          </table>
        </div>
      )}
      {dialog?.kind === 'modify' && (
        <ModifyOrderDialog key={orderTermsKey(dialog.order)} order={dialog.order} accountNumber={accountNumber} onDone={onChanged} onClose={() => setOpened(null)} />
      )}
      {dialog?.kind === 'cancel' && (
        <CancelOrderDialog order={dialog.order} accountNumber={accountNumber} onDone={onChanged} onClose={() => setOpened(null)} />
      )}
    </div>
  );
}
