import { defineMessage, defineMessages, useIntl, type MessageValue } from 'react-intl';
import { cancelOrders } from '@/features/orders/api/trading-calls';
import type { Order } from '@/features/orders/api/trading-types';
import { IntentDialogActions } from '@/features/orders/components/intent-dialog-actions';
import { IntentOutcomeView, useOrderSentence } from '@/features/orders/components/intent-outcome';
import { answeredOrders, tellOrderChanged } from '@/features/orders/components/order-change-notice';
import { useIntent } from '@/features/orders/hooks/use-intent';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { useFormat } from '@/lib/format/use-format';

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
const cancelledTitle = defineMessage<{ symbol: MessageValue }>({ id: 'orders.book.cancelledTitle', defaultMessage: 'Order for {symbol} cancelled' });
const notCancelledTitle = defineMessage<{ symbol: MessageValue }>({ id: 'orders.book.notCancelledTitle', defaultMessage: 'The order for {symbol} was not cancelled' });

type DialogProps = { order: Order; accountNumber: string; onDone: () => void; onClose: () => void };

/** Cancel a working order, after a confirmation that names it; it closes itself once the order is cancelled. */
export function CancelOrderDialog({ order, accountNumber, onDone, onClose }: DialogProps) {
  const intl = useIntl();
  const { formatContract } = useFormat();
  const intent = useIntent(accountNumber);
  const sentence = useOrderSentence();
  const send = async () => {
    const outcome = await intent.run((key) => cancelOrders(key, accountNumber, [order.order_id]));
    if (outcome === null) return;
    onDone();
    const orders = answeredOrders(outcome);
    // Cancelled as asked: nothing is left to read here, so the dialog goes and the notice says it once.
    if (orders.length > 0 && orders.every((item) => item.status === 'CANCELLED')) {
      tellOrderChanged(cancelledTitle, formatContract(order.tradingsymbol), orders.map(sentence));
      onClose();
    }
  };
  // Answered but not cancelled (it filled first): the question is over, the title says what happened, and the
  // only button closes.
  const finished = intent.outcome !== null && (intent.outcome.kind === 'answered' || intent.outcome.kind === 'found');
  const title = finished ? notCancelledTitle : cancelTitle;
  return (
    <Modal
      onClose={onClose}
      role="alertdialog"
      title={intl.formatMessage(title, { symbol: formatContract(order.tradingsymbol) })}
      description={finished ? undefined : sentence(order)}
      actions={
        <IntentDialogActions finished={finished} onClose={onClose} leaveLabel={intl.formatMessage(messages.keep)}>
          <Button type="button" variant="danger" disabled={intent.pending} aria-busy={intent.pending} onClick={() => void send()}>
            {intl.formatMessage(messages.cancelOrder)}
          </Button>
        </IntentDialogActions>
      }
    >
      <IntentOutcomeView outcome={intent.outcome} checking={intent.checking} wanted="CANCELLED" />
    </Modal>
  );
}

export const orderActionMessages = messages;
