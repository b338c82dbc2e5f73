import { useState } from 'react';
import { defineMessage, defineMessages, useIntl, type MessageValue } from 'react-intl';
import { cancelOrders, modifyOrder } from '@/features/orders/api/trading-calls';
import type { Order } from '@/features/orders/api/trading-types';
import { IntentOutcomeView, useOrderSentence } from '@/features/orders/components/intent-outcome';
import { useIntent } from '@/features/orders/hooks/use-intent';
import { typeMessages } from '@/features/orders/order-messages';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';

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

const modifyTitle = defineMessage<{ symbol: MessageValue }>({ id: 'orders.book.modifyTitle', defaultMessage: 'Modify {symbol}' });
const cancelTitle = defineMessage<{ symbol: MessageValue }>({ id: 'orders.book.cancelTitle', defaultMessage: 'Cancel the order for {symbol}?' });
const modificationsText = defineMessage<{ used: MessageValue }>({
  id: 'orders.book.modifications',
  defaultMessage: 'Modified {used} of 25 times allowed.',
});

type DialogProps = { order: Order; accountNumber: string; onDone: () => void; onClose: () => void };

/** Change a working order's quantity, price, trigger or type (at most 25 times, as Kite allows). */
export function ModifyOrderDialog({ order, accountNumber, onDone, onClose }: DialogProps) {
  const intl = useIntl();
  const intent = useIntent(accountNumber);
  const [quantity, setQuantity] = useState(String(order.quantity));
  const [price, setPrice] = useState(order.price === 0 ? '' : order.price.toFixed(2));
  const [trigger, setTrigger] = useState(order.trigger_price === 0 ? '' : order.trigger_price.toFixed(2));
  const [type, setType] = useState<'MARKET' | 'LIMIT' | 'SL'>(order.order_type === 'SL-M' ? 'SL' : order.order_type);
  const edit = (set: (value: string) => void) => (value: string) => {
    set(value);
    intent.changed();
  };
  const send = async () => {
    const outcome = await intent.run((key) =>
      modifyOrder(key, {
        account_number: accountNumber,
        order_id: order.order_id,
        quantity: Number(quantity),
        order_type: type,
        ...(type === 'MARKET' ? {} : { price: Number(price) }),
        ...(type === 'SL' ? { trigger_price: Number(trigger) } : {}),
      }),
    );
    if (outcome !== null) onDone();
  };
  const finished = intent.outcome !== null && (intent.outcome.kind === 'answered' || intent.outcome.kind === 'found');
  return (
    <Modal
      onClose={onClose}
      title={intl.formatMessage(modifyTitle, { symbol: order.tradingsymbol })}
      description={intl.formatMessage(modificationsText, { used: order.modifications })}
      actions={
        <>
          <Button type="button" variant="secondary" onClick={onClose}>
            {intl.formatMessage(messages.done)}
          </Button>
          {!finished && (
            <Button type="button" disabled={intent.pending} aria-busy={intent.pending} onClick={() => void send()}>
              {intl.formatMessage(messages.save)}
            </Button>
          )}
        </>
      }
    >
      <div className="grid grid-cols-2 gap-3">
        <TextField label={intl.formatMessage(messages.quantity)} inputMode="numeric" value={quantity} onChange={(event) => edit(setQuantity)(event.target.value)} />
        <SelectField
          label={intl.formatMessage(messages.type)}
          value={type}
          onChange={(event) => {
            setType(event.target.value as 'MARKET' | 'LIMIT' | 'SL');
            intent.changed();
          }}
        >
          {(['LIMIT', 'SL', 'MARKET'] as const).map((value) => (
            <option key={value} value={value}>
              {intl.formatMessage(typeMessages[value])}
            </option>
          ))}
        </SelectField>
        {type !== 'MARKET' && (
          <TextField label={intl.formatMessage(messages.price)} inputMode="decimal" value={price} onChange={(event) => edit(setPrice)(event.target.value)} />
        )}
        {type === 'SL' && (
          <TextField label={intl.formatMessage(messages.trigger)} inputMode="decimal" value={trigger} onChange={(event) => edit(setTrigger)(event.target.value)} />
        )}
        <div className="col-span-2">
          <IntentOutcomeView outcome={intent.outcome} checking={intent.checking} />
        </div>
      </div>
    </Modal>
  );
}

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
