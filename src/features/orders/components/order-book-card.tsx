import { memo } from 'react';
import { defineMessage, useIntl, type MessageValue } from 'react-intl';
import type { Order } from '@/features/orders/api/trading-types';
import { OrderActions, OrderStatusCell, type OnOrderAction } from '@/features/orders/components/order-book-cells';
import { fillText, triggerText } from '@/features/orders/components/order-book-row';
import { productMessages, sideMessages, typeMessages } from '@/features/orders/order-messages';
import { symbolName } from '@/lib/format/symbol-name';
import { useFormat } from '@/lib/format/use-format';

const cardText = defineMessage<{ side: MessageValue; fill: MessageValue; type: MessageValue }>({ id: 'orders.book.card', defaultMessage: '{side} {fill} · {type}' });

type OrderCardProps = {
  order: Order;
  /** Its place in the list and the virtualiser's measure (order-book-cards.tsx): a long reason makes the card taller. */
  index: number;
  measure: (element: HTMLElement | null) => void;
  top: number;
  minHeight: number;
  tradingDisabled: boolean;
  onAction: OnOrderAction;
};

/** One order as a card (the phone's book). Memoised like the table's rows: scrolling renders only the cards that came into view. */
export const OrderCard = memo(function OrderCard({ order, index, measure, top, minHeight, tradingDisabled, onAction }: OrderCardProps) {
  const intl = useIntl();
  const { formatNumber, formatTime, locale } = useFormat();
  const price = order.average_price || order.price;
  const two = { minimumFractionDigits: 2, maximumFractionDigits: 2 };
  const priceText = price === 0 ? '\u2014' : formatNumber(price, two);
  return (
    <div ref={measure} data-index={index} role="listitem" data-order-id={order.order_id} className="absolute inset-x-0 flex p-1" style={{ top, minHeight }}>
      <div className="flex flex-1 flex-col justify-between gap-1 rounded-lg border border-line bg-surface p-2 text-sm">
        <div className="flex justify-between gap-2">
          <span className="font-medium text-fg" dir="ltr" title={order.tradingsymbol}>
            {symbolName(order.tradingsymbol, locale)}
          </span>
          {/* A delivery (CNC) order, a sale of shares held, is told apart from the F&O orders around it (issue 63). */}
          {order.product === 'CNC' && (
            <span className="ms-auto text-xs text-fg-muted" data-field="product">
              {intl.formatMessage(productMessages.CNC)}
            </span>
          )}
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
          {/* An SL order's trigger under its price, as the table shows it: the level it waits for (issue 62). */}
          <span className="text-end tabular-nums" data-field="price">
            {priceText}
            {order.trigger_price !== 0 && <span className="block text-xs">{intl.formatMessage(triggerText, { trigger: formatNumber(order.trigger_price, two) })}</span>}
          </span>
        </div>
        <div className="flex items-end justify-between gap-2">
          {/* The whole reason: a phone has no pointer to read a cut one from its title (an AMO's note says when it goes and at what price). */}
          <OrderStatusCell order={order} whole />
          <OrderActions order={order} disabled={tradingDisabled} onAction={onAction} />
        </div>
      </div>
    </div>
  );
});
