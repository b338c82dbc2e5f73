import { useState } from 'react';
import { defineMessage, useIntl, type MessageValue } from 'react-intl';
import { modifyOrder } from '@/features/orders/api/trading-calls';
import type { Order } from '@/features/orders/api/trading-types';
import { IntentDialogActions } from '@/features/orders/components/intent-dialog-actions';
import { IntentOutcomeView, useOrderSentence } from '@/features/orders/components/intent-outcome';
import { answeredOrders, tellOrderChanged } from '@/features/orders/components/order-change-notice';
import { orderActionMessages as messages } from '@/features/orders/components/order-dialogs';
import { StepperField } from '@/features/orders/components/stepper-field';
import { cannotSendText, problemMessages, stepMessages } from '@/features/orders/components/ticket-check-messages';
import { ticketMessages, ticketText } from '@/features/orders/components/order-ticket-messages';
import { useIntent } from '@/features/orders/hooks/use-intent';
import { checkTicket, firstProblem, stepLots, stepPrice, type TicketKind } from '@/features/orders/model/ticket-checks';
import { typeMessages } from '@/features/orders/order-messages';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { useFormat } from '@/lib/format/use-format';

const modifyTitle = defineMessage<{ symbol: MessageValue }>({ id: 'orders.book.modifyTitle', defaultMessage: 'Modify {symbol}' });
const modifiedTitle = defineMessage<{ symbol: MessageValue }>({ id: 'orders.book.modifiedTitle', defaultMessage: 'Order for {symbol} modified' });
const modificationsText = defineMessage<{ used: MessageValue }>({
  id: 'orders.book.modifications',
  defaultMessage: 'Modified {used} of 25 times allowed.',
});

/** An order typed in lots when its lot size is known and it is whole lots of it (else in units, as placed). */
const lotSizeOf = (order: Order) => (order.lot_size !== undefined && order.quantity % order.lot_size === 0 ? order.lot_size : null);

/**
 * The terms a Modify dialog starts from. Rendered with this as its key, a dialog whose order changed under it
 * (the book read again after an earlier modification, or a change made elsewhere) starts again from the new
 * terms: a form filled from the old ones would send them back, undoing that change (a quantity of 130 sent
 * as 65 with a new price).
 */
export const orderTermsKey = (order: Order) => `${order.order_id}:${order.quantity}:${order.price}:${order.trigger_price}:${order.order_type}`;

/**
 * Change a working order's lots, price, trigger or type (at most 25 times, as Kite allows), checked as the
 * ticket checks them. Once modified it closes itself and a notice says the order's state; a refusal or a
 * rejection stays, with the reason, and the count of modifications follows each answer and the book.
 */
export function ModifyOrderDialog({ order, accountNumber, onDone, onClose }: { order: Order; accountNumber: string; onDone: () => void; onClose: () => void }) {
  const intl = useIntl();
  const { formatContract, formatNumber } = useFormat();
  const intent = useIntent(accountNumber);
  const sentence = useOrderSentence();
  const lotSize = lotSizeOf(order);
  const [sizeText, setSizeText] = useState(String(lotSize === null ? order.quantity : order.quantity / lotSize));
  const [price, setPrice] = useState(order.price === 0 ? '' : order.price.toFixed(2));
  const [trigger, setTrigger] = useState(order.trigger_price === 0 ? '' : order.trigger_price.toFixed(2));
  const [type, setType] = useState<TicketKind>(order.order_type === 'SL-M' ? 'SL' : order.order_type);
  const edit = (set: (value: string) => void) => (value: string) => {
    set(value);
    intent.changed();
  };
  // Units are checked as lots of one: a whole number, at least 1.
  const checks = checkTicket({ side: order.transaction_type, type, lotsText: sizeText, priceText: price, triggerText: trigger, lastPrice: null });
  const problem = firstProblem(checks);
  const quantity = checks.lots === undefined ? Number(sizeText) * (lotSize ?? 1) : null;

  const latest = answeredOrders(intent.outcome).find((candidate) => candidate.order_id === order.order_id);
  const used = Math.max(order.modifications, latest?.modifications ?? 0);

  const send = async () => {
    if (quantity === null || problem !== null) return;
    const outcome = await intent.run((key) =>
      modifyOrder(key, {
        account_number: accountNumber,
        order_id: order.order_id,
        quantity,
        order_type: type,
        ...(type === 'MARKET' ? {} : { price: Number(price) }),
        ...(type === 'SL' ? { trigger_price: Number(trigger) } : {}),
      }),
    );
    if (outcome === null) return;
    onDone();
    const changed = answeredOrders(outcome).find((candidate) => candidate.order_id === order.order_id);
    // Modified as asked (still working at its new terms, or filled on them): the dialog goes, the notice
    // says the order's state once. A rejection or a refusal stays here with its reason.
    if (changed !== undefined && changed.status !== 'REJECTED' && changed.status !== 'CANCELLED') {
      tellOrderChanged(modifiedTitle, formatContract(order.tradingsymbol), [sentence(changed)]);
      onClose();
    }
  };
  // Answered, and still open here: the broker rejected the change; only closing is left.
  const finished = latest !== undefined;
  const problemText = (key: keyof typeof checks) => {
    const found = checks[key];
    return found === undefined ? undefined : intl.formatMessage(problemMessages[found]);
  };
  return (
    <Modal
      onClose={onClose}
      title={intl.formatMessage(modifyTitle, { symbol: formatContract(order.tradingsymbol) })}
      description={intl.formatMessage(modificationsText, { used: formatNumber(used) })}
      actions={
        <IntentDialogActions finished={finished} onClose={onClose}>
          <Button type="button" disabled={intent.pending || problem !== null || used >= 25} aria-busy={intent.pending} onClick={() => void send()}>
            {intl.formatMessage(messages.save)}
          </Button>
        </IntentDialogActions>
      }
    >
      <div className="grid grid-cols-2 gap-3">
        {lotSize === null ? (
          <TextField label={intl.formatMessage(messages.quantity)} inputMode="numeric" value={sizeText} onChange={(event) => edit(setSizeText)(event.target.value)} error={problemText('lots')} />
        ) : (
          <StepperField
            label={intl.formatMessage(ticketMessages.lots)}
            inputMode="numeric"
            value={sizeText}
            onChange={edit(setSizeText)}
            onStep={(direction) => edit(setSizeText)(stepLots(sizeText, direction))}
            lessLabel={intl.formatMessage(stepMessages.lotLess)}
            moreLabel={intl.formatMessage(stepMessages.lotMore)}
            error={problemText('lots')}
            hint={quantity === null ? undefined : intl.formatMessage(ticketText.quantity, { quantity: formatNumber(quantity), lot: formatNumber(lotSize) })}
          />
        )}
        <SelectField
          label={intl.formatMessage(messages.type)}
          value={type}
          onChange={(event) => {
            setType(event.target.value as TicketKind);
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
          <StepperField
            label={intl.formatMessage(messages.price)}
            inputMode="decimal"
            value={price}
            onChange={edit(setPrice)}
            onStep={(direction) => edit(setPrice)(stepPrice(price, direction, order.price || null))}
            lessLabel={intl.formatMessage(stepMessages.priceDown)}
            moreLabel={intl.formatMessage(stepMessages.priceUp)}
            error={problemText('price')}
          />
        )}
        {type === 'SL' && (
          <StepperField
            label={intl.formatMessage(messages.trigger)}
            inputMode="decimal"
            value={trigger}
            onChange={edit(setTrigger)}
            onStep={(direction) => edit(setTrigger)(stepPrice(trigger, direction, order.trigger_price || null))}
            lessLabel={intl.formatMessage(stepMessages.triggerDown)}
            moreLabel={intl.formatMessage(stepMessages.triggerUp)}
            error={problemText('trigger')}
          />
        )}
        {problem !== null && (
          <p className="col-span-2 text-sm font-medium text-loss">{intl.formatMessage(cannotSendText, { reason: intl.formatMessage(problemMessages[problem]) })}</p>
        )}
        <div className="col-span-2">
          <IntentOutcomeView outcome={intent.outcome} checking={intent.checking} />
        </div>
      </div>
    </Modal>
  );
}
