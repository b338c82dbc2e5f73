import { useIntl } from 'react-intl';
import type { Order, OrderStatus } from '@/features/orders/api/trading-types';
import { orderActionMessages } from '@/features/orders/components/order-dialogs';
import { afterMarketBadge, statusMessages } from '@/features/orders/order-messages';
import { sayServerText } from '@/i18n/say-server-text';
import { RepricingNote } from '@/features/orders/components/repricing-note';

export type OrderAction = 'modify' | 'cancel';
/** Opens an order's Modify or Cancel dialog: one stable function for every row, so a row re-renders only when its order does. */
export type OnOrderAction = (kind: OrderAction, order: Order) => void;

export const isWorking = (order: Order) => order.status === 'OPEN' || order.status === 'TRIGGER PENDING';

const statusTone: Record<OrderStatus, string> = {
  OPEN: 'text-brand',
  'TRIGGER PENDING': 'text-warn',
  COMPLETE: 'text-profit',
  CANCELLED: 'text-fg-muted',
  REJECTED: 'text-loss',
};

/**
 * An order's status. The reason (a rejection's, a cancellation's, a held AMO's) is read, not cut: in the table
 * three lines and all of it in the title, on a card (`whole`) all of it; in the interface language when the
 * server coded it, a live broker's own words as they are.
 */
export function OrderStatusCell({ order, whole = false }: { order: Order; whole?: boolean }) {
  const intl = useIntl();
  const reason = order.status_message === null ? null : sayServerText(intl, order.status_message_i18n, order.status_message);
  return (
    <span className={`font-medium ${statusTone[order.status]}`} title={reason ?? undefined}>
      {intl.formatMessage(statusMessages[order.status])}
      {isWorking(order) && order.variety === 'amo' && order.exchange_order_id === null && (
        <span className="ms-1 text-xs text-warn" data-after-market="held">
          {intl.formatMessage(afterMarketBadge)}
        </span>
      )}
      {order.repricing !== undefined && <RepricingNote repricing={order.repricing} />}
      {reason !== null && (
        <span className={`${whole ? 'block' : 'line-clamp-3'} text-xs font-normal break-words text-fg-muted`} data-field="status-message">
          {reason}
        </span>
      )}
    </span>
  );
}

/** Modify and Cancel, for a working order only. */
export function OrderActions({ order, disabled, onAction }: { order: Order; disabled: boolean; onAction: OnOrderAction }) {
  const intl = useIntl();
  if (!isWorking(order)) return null;
  return (
    <div className="flex justify-end gap-1">
      <button
        type="button"
        disabled={disabled}
        onClick={() => onAction('modify', order)}
        className="min-h-9 rounded-md border border-line px-2 text-xs font-medium text-fg hover:bg-surface-raised disabled:opacity-50"
      >
        {intl.formatMessage(orderActionMessages.modify)}
      </button>
      <button
        type="button"
        disabled={disabled}
        onClick={() => onAction('cancel', order)}
        className="min-h-9 rounded-md border border-line px-2 text-xs font-medium text-loss hover:bg-surface-raised disabled:opacity-50"
      >
        {intl.formatMessage(orderActionMessages.cancel)}
      </button>
    </div>
  );
}
