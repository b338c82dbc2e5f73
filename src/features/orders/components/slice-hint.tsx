import { defineMessage, useIntl, type MessageValue } from 'react-intl';
import type { SlicePlan } from '@/features/orders/model/order-slices';
import { useFormat } from '@/lib/format/use-format';

const slicedText = defineMessage<{ orders: MessageValue; perOrder: MessageValue; seconds: number }>({
  id: 'orders.ticket.sliced',
  defaultMessage:
    'Goes out as {orders} orders of at most {perOrder} (the exchange’s limit per order){seconds, plural, =0 {} one {, over # more second: the broker takes 10 orders a second} other {, over # more seconds: the broker takes 10 orders a second}}.',
});
const tooManyText = defineMessage<{ orders: MessageValue; perOrder: MessageValue; largest: MessageValue }>({
  id: 'orders.ticket.tooManySlices',
  defaultMessage:
    'Too large for one order: it would go out as {orders} orders of {perOrder}, and the broker splits an order into 20 at most ({largest}). Place the rest as another order.',
});

/** What the broker will make of the quantity when it is above the exchange's freeze quantity. */
export function SliceHint({ plan }: { plan: SlicePlan }) {
  const intl = useIntl();
  const { formatNumber } = useFormat();
  if (plan.tooMany) {
    return (
      <p role="alert" className="text-sm font-medium text-loss">
        {intl.formatMessage(tooManyText, { orders: formatNumber(plan.orders), perOrder: formatNumber(plan.perOrder), largest: formatNumber(plan.largest) })}
      </p>
    );
  }
  return (
    <p className="text-sm text-fg-muted">
      {intl.formatMessage(slicedText, { orders: formatNumber(plan.orders), perOrder: formatNumber(plan.perOrder), seconds: plan.extraSeconds })}
    </p>
  );
}
