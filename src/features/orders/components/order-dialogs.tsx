import { defineMessage, defineMessages, useIntl, type MessageValue } from 'react-intl';
import { cancelOrders } from '@/features/orders/api/trading-calls';
import type { Order } from '@/features/orders/api/trading-types';
import { IntentOutcomeView, useOrderSentence } from '@/features/orders/components/intent-outcome';
import { useIntent } from '@/features/orders/hooks/use-intent';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';

const messages = defineMessages({
  modify: { id: 'orders.book.modify', defaultMessage: 'Modify' },
  cancel: { id: 'orders.book.cancel', defaultMessage: 'Cancel' },
  cancelOrder: { id: 'orders.book.cancelOrder', defaultMessage: 'Cancel order' },
  keep: { id: 'orders.book.keep', defaultMessage: 'Keep it' },
  done: { id: 'orders.book.done', defaultMessage: 'Done' },
  quantity: { id: 'orders.book.quantity', defaultMessage: 'Quantity' },
  price: { id: 'orders.book.price', defaultMessage: 'Price (₹)' },
  trigger: { id: 'orders.book.trigger', defaultMessage: 'Trigger price (₹)' },
  type: { id: 'orders.book.type', defaultMessage: 'Order type' },
  save: { id: 'orders.book.save', defaultMessage: 'Modify order' },
});

const cancelTitle = defineMessage<{ symbol: MessageValue }>({ id: 'orders.book.cancelTitle', defaultMessage: 'Cancel the order for {symbol}?' });

type DialogProps = { order: Order; accountNumber: string; onDone: () => void; onClose: () => void };

/** Cancel a working order, after a confirmation that names it. */
export function CancelOrderDialog({ order, accountNumber, onDone, onClose }: DialogProps) {
  const intl = useIntl();
  const intent = useIntent(accountNumber);
  const sentence = useOrderSentence();
  const send = async () => {
    const outcome = await intent.run((key) => cancelOrders(key, accountNumber, [order.order_id]));
    if (outcome !== null) onDone();
  };
  const finished = intent.outcome !== null && (intent.outcome.kind === 'answered' || intent.outcome.kind === 'found');
  return (
    <Modal
      onClose={onClose}
      role="alertdialog"
      title={intl.formatMessage(cancelTitle, { symbol: order.tradingsymbol })}
      description={sentence(order)}
      actions={
        <>
          <Button type="button" variant="secondary" onClick={onClose}>
            {intl.formatMessage(finished ? messages.done : messages.keep)}
          </Button>
          {!finished && (
            <Button type="button" variant="danger" disabled={intent.pending} aria-busy={intent.pending} onClick={() => void send()}>
              {intl.formatMessage(messages.cancelOrder)}
            </Button>
          )}
        </>
      }
    >
      <IntentOutcomeView outcome={intent.outcome} checking={intent.checking} />
    </Modal>
  );
}

export const orderActionMessages = messages;
