import { useId, useRef, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { Modal } from '@/components/ui/modal';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { placeHoldingOrder, type Holding, type HoldingOrderAnswer } from '@/features/positions/api/holding-calls';
import { holdingMessages as messages } from '@/features/positions/holding-messages';
import { isApiError } from '@/lib/api/api-error';
import { useFormat } from '@/lib/format/use-format';
import { sayRefusal } from '@/i18n/say-refusal';

const two = { minimumFractionDigits: 2, maximumFractionDigits: 2 };

/** A fresh Idempotency-Key: one per intent, kept while the trader retries it. */
const newKey = () => crypto.randomUUID();

/**
 * The ticket of a delivered holding (issue 63), prefilled: a sale of every share held, or a buy-back of every share
 * owed, at market; the trader may take fewer or set a limit (which must be reached now: nothing rests).
 */
export function HoldingOrderDialog({
  accountNumber,
  holding,
  hint,
  onClose,
  onTraded,
}: {
  accountNumber: string;
  holding: Pick<Holding, 'symbol' | 'shares' | 'last_price'>;
  /** What the ticket says of the order it places (a paper trade's by default; a live broker's order says its own). */
  hint?: string;
  onClose: () => void;
  onTraded: (answer: HoldingOrderAnswer) => void;
}) {
  const intl = useIntl();
  const { formatInr } = useFormat();
  const formId = useId();
  const side = holding.shares > 0 ? 'SELL' : 'BUY';
  const max = Math.abs(holding.shares);
  const [quantity, setQuantity] = useState(String(max));
  const [orderType, setOrderType] = useState<'MARKET' | 'LIMIT'>('MARKET');
  const [price, setPrice] = useState(holding.last_price === null ? '' : holding.last_price.toFixed(2));
  const [errors, setErrors] = useState<{ quantity?: string; price?: string }>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const key = useRef(newKey());

  const shares = /^\d+$/.test(quantity.trim()) ? Number(quantity.trim()) : null;
  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const typed = price.trim().replace(',', '.');
    const limit = /^\d+(\.\d{1,2})?$/.test(typed) && Number(typed) > 0 ? Number(typed) : null;
    const next = {
      ...(shares === null || shares < 1 || shares > max ? { quantity: intl.formatMessage(messages.badQuantity, { max }) } : {}),
      ...(orderType === 'LIMIT' && limit === null ? { price: intl.formatMessage(messages.badPrice) } : {}),
    };
    setErrors(next);
    if (Object.keys(next).length > 0 || shares === null) return;
    setSending(true);
    try {
      const body = { symbol: holding.symbol, side, quantity: shares, order_type: orderType, ...(orderType === 'LIMIT' && limit !== null ? { price: limit } : {}) } as const;
      onTraded(await placeHoldingOrder(accountNumber, key.current, body));
    } catch (error) {
      // A refusal placed nothing: the next attempt is a new intent. Anything else may have traded: the same key settles it.
      if (isApiError(error) && error.status !== undefined && error.status < 500) key.current = newKey();
      setFormError(isApiError(error) ? sayRefusal(intl, error) : String(error));
    } finally {
      setSending(false);
    }
  };

  const title = intl.formatMessage(side === 'SELL' ? messages.sellTitle : messages.buyBackTitle, { symbol: holding.symbol });
  return (
    <Modal
      onClose={onClose}
      title={title}
      description={hint ?? intl.formatMessage(messages.ticketHint)}
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            {intl.formatMessage(messages.cancel)}
          </Button>
          <Button type="submit" form={formId} busy={sending} data-testid="holding-order-submit">
            {intl.formatMessage(side === 'SELL' ? messages.sell : messages.buyBack)}
          </Button>
        </>
      }
    >
      <form id={formId} className="flex flex-col gap-4" onSubmit={(event) => void handleSubmit(event)} noValidate>
        <TextField label={intl.formatMessage(messages.quantity)} inputMode="numeric" value={quantity} onChange={(event) => setQuantity(event.target.value)} error={errors.quantity} />
        <SelectField label={intl.formatMessage(messages.orderType)} value={orderType} onChange={(event) => setOrderType(event.target.value as 'MARKET' | 'LIMIT')}>
          <option value="MARKET">{intl.formatMessage(messages.market)}</option>
          <option value="LIMIT">{intl.formatMessage(messages.limit)}</option>
        </SelectField>
        {orderType === 'LIMIT' && (
          <TextField label={intl.formatMessage(messages.limitPrice)} inputMode="decimal" value={price} onChange={(event) => setPrice(event.target.value)} error={errors.price} />
        )}
        {holding.last_price !== null && shares !== null && shares > 0 && (
          <p className="text-sm text-fg-muted tabular-nums">
            {intl.formatMessage(messages.estimate, { price: formatInr(holding.last_price, two), value: formatInr(shares * holding.last_price, two) })}
          </p>
        )}
        <FormError>{formError}</FormError>
      </form>
    </Modal>
  );
}
