import { useIntl } from 'react-intl';
import type { IntentOutcome } from '@/features/orders/api/send-intent';
import type { Order } from '@/features/orders/api/trading-types';
import { intentMessages, outcomeMessages, sideMessages } from '@/features/orders/order-messages';
import { sayServerText } from '@/i18n/say-server-text';
import { useFormat } from '@/lib/format/use-format';
import { RefusalText } from '@/i18n/server-text';

/** One order's final state in words: filled at ₹x, open at ₹y, rejected with the broker's reason. */
export function useOrderSentence() {
  const intl = useIntl();
  const { formatContract, formatInr, formatNumber } = useFormat();
  return (order: Order): string => {
    const values = {
      side: intl.formatMessage(sideMessages[order.transaction_type]),
      quantity: formatNumber(order.quantity),
      symbol: formatContract(order.tradingsymbol),
    };
    const price = (value: number) => formatInr(value, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const working = order.status === 'OPEN' || order.status === 'TRIGGER PENDING';
    if (working && order.variety === 'amo' && order.exchange_order_id === null) return intl.formatMessage(outcomeMessages.afterMarket, values);
    switch (order.status) {
      case 'COMPLETE':
        return intl.formatMessage(outcomeMessages.filled, { ...values, price: price(order.average_price) });
      case 'OPEN':
        return intl.formatMessage(outcomeMessages.open, { ...values, price: price(order.price) });
      case 'TRIGGER PENDING':
        return intl.formatMessage(outcomeMessages.triggerPending, { ...values, price: price(order.trigger_price) });
      case 'REJECTED':
        return intl.formatMessage(outcomeMessages.rejected, { ...values, reason: sayServerText(intl, order.status_message_i18n, order.status_message ?? '') });
      case 'CANCELLED':
        return intl.formatMessage(outcomeMessages.cancelled, { ...values, reason: sayServerText(intl, order.status_message_i18n, order.status_message ?? '') });
    }
  };
}

/** `wanted`: the state the trader asked for (a cancel wants CANCELLED), shown as the success it is. */
const tone = (order: Order, wanted: Order['status']) =>
  order.status === wanted ? 'text-profit' : order.status === 'REJECTED' || order.status === 'CANCELLED' ? 'text-loss' : 'text-fg';

type IntentOutcomeViewProps = { outcome: IntentOutcome | null; checking: boolean; wanted?: Order['status'] };

/** What happened to an intent, in final terms; a status region so screen readers hear it. */
export function IntentOutcomeView({ outcome, checking, wanted = 'COMPLETE' }: IntentOutcomeViewProps) {
  const intl = useIntl();
  const sentence = useOrderSentence();
  if (checking) {
    return (
      <p role="status" className="text-sm font-medium text-warn">
        {intl.formatMessage(intentMessages.checking)}
      </p>
    );
  }
  if (outcome === null) return null;
  if (outcome.kind === 'refused') {
    return (
      // A refusal that names a screen (risk limits are set on the kill switch page) links to it in its words.
      <p role="alert" className="text-sm text-loss">
        <RefusalText error={outcome.error} />
      </p>
    );
  }
  if (outcome.kind === 'not_placed' || outcome.kind === 'unknown') {
    return (
      <p role="status" className={`text-sm ${outcome.kind === 'unknown' ? 'text-loss' : 'text-fg'}`}>
        {intl.formatMessage(outcome.kind === 'unknown' ? intentMessages.unknown : intentMessages.notPlaced)}
      </p>
    );
  }
  return (
    <div role="status" className="flex flex-col gap-1 text-sm">
      {outcome.kind === 'found' && <p className="font-medium text-fg">{intl.formatMessage(intentMessages.found)}</p>}
      {outcome.orders.length === 0 && <p className="text-fg">{intl.formatMessage(intentMessages.nothing)}</p>}
      <ul className="flex flex-col gap-1">
        {outcome.orders.map((order) => (
          <li key={order.order_id} className={tone(order, wanted)} data-order-status={order.status}>
            {sentence(order)}
          </li>
        ))}
      </ul>
    </div>
  );
}
