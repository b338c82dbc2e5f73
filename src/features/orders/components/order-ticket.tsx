import { useEffect, useId, useState, type FormEvent } from 'react';
import { defineMessage, defineMessages, useIntl, type MessageValue } from 'react-intl';
import { executeOrder, getOrderMargins } from '@/features/orders/api/trading-calls';
import type { OrderMargins, OrderRequest, Product, TransactionType } from '@/features/orders/api/trading-types';
import { IntentOutcomeView } from '@/features/orders/components/intent-outcome';
import { SliceHint } from '@/features/orders/components/slice-hint';
import { slicePlan } from '@/features/orders/model/order-slices';
import { useIntent } from '@/features/orders/hooks/use-intent';
import { intentMessages, productMessages, sideMessages, typeMessages } from '@/features/orders/order-messages';
import { Button } from '@/components/ui/button';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { useOnlineStatus } from '@/lib/network/use-online-status';
import { useFormat } from '@/lib/format/use-format';

export type TicketInstrument = {
  instrument: string;
  tradingsymbol: string;
  exchange: 'NFO' | 'BFO';
  lot_size: number;
  strike: number;
  instrument_type: 'CE' | 'PE';
  expiry: string;
  name: string;
};

export type TicketQuote = { last_price: number; bid?: number | undefined; ask?: number | undefined; timestamp: string };

export type TicketDefaults = { product: Product; order_type: 'MARKET' | 'LIMIT'; lots: number; confirm_before_order: boolean };

type TicketType = 'MARKET' | 'LIMIT' | 'SL';

const messages = defineMessages({
  side: { id: 'orders.ticket.side', defaultMessage: 'Buy or sell' },
  lots: { id: 'orders.ticket.lots', defaultMessage: 'Lots' },
  type: { id: 'orders.ticket.type', defaultMessage: 'Order type' },
  product: { id: 'orders.ticket.product', defaultMessage: 'Product' },
  price: { id: 'orders.ticket.price', defaultMessage: 'Limit price (₹)' },
  trigger: { id: 'orders.ticket.trigger', defaultMessage: 'Trigger price (₹)' },
  tickHint: { id: 'orders.ticket.tickHint', defaultMessage: 'In steps of ₹0.05' },
  marginLoading: { id: 'orders.ticket.marginLoading', defaultMessage: 'Working out the margin…' },
  marginFailed: { id: 'orders.ticket.marginFailed', defaultMessage: 'The margin could not be worked out; the broker checks it when the order is sent.' },
  confirm: { id: 'orders.ticket.confirm', defaultMessage: 'Confirm' },
  back: { id: 'orders.ticket.back', defaultMessage: 'Back' },
  close: { id: 'orders.ticket.close', defaultMessage: 'Close' },
  noPrice: { id: 'orders.ticket.noPrice', defaultMessage: 'No live price yet' },
  short: { id: 'orders.ticket.short', defaultMessage: 'Not enough funds: the broker will reject this order.' },
});

const headingText = defineMessage<{ symbol: MessageValue }>({ id: 'orders.ticket.heading', defaultMessage: 'Order ticket: {symbol}' });
const quantityText = defineMessage<{ quantity: MessageValue; lot: MessageValue }>({
  id: 'orders.ticket.quantity',
  defaultMessage: 'Quantity {quantity} ({lot} a lot)',
});
const submitText = defineMessage<{ side: MessageValue; quantity: MessageValue }>({ id: 'orders.ticket.submit', defaultMessage: '{side} {quantity}' });
const marginText = defineMessage<{ required: MessageValue; available: MessageValue; charges: MessageValue }>({
  id: 'orders.ticket.margin',
  defaultMessage: 'Required {required} · Available {available} · Charges {charges}',
});
const staleText = defineMessage<{ seconds: MessageValue }>({
  id: 'orders.ticket.stale',
  defaultMessage: 'The last price is {seconds} s old. Place the order anyway',
});
const reviewText = defineMessage<{ side: MessageValue; quantity: MessageValue; symbol: MessageValue; how: MessageValue; product: MessageValue }>({
  id: 'orders.ticket.review',
  defaultMessage: '{side} {quantity} {symbol} {how}, {product}?',
});
const atMarketText = defineMessage({ id: 'orders.ticket.atMarket', defaultMessage: 'at market' });
const atPriceText = defineMessage<{ price: MessageValue }>({ id: 'orders.ticket.atPrice', defaultMessage: 'at {price}' });
const quoteText = defineMessage<{ last: MessageValue; bid: MessageValue; ask: MessageValue }>({
  id: 'orders.ticket.quote',
  defaultMessage: 'LTP {last} · Bid {bid} · Ask {ask}',
});

/** A price older than this asks for a second confirmation (issue: "a price older than 5 s"). */
const staleAfterMs = 5000;

function useSecondsSince(timestamp: string | null): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return timestamp === null ? null : Math.max(0, Math.floor((now - Date.parse(timestamp)) / 1000));
}

const toNumber = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/**
 * Buy or sell one option contract: lots with the quantity they make, order type, product, price and trigger
 * where needed, the margin and charges before sending, a review step when the trade defaults ask for one,
 * and the broker's final answer. Disabled with the reason when offline or without a broker session.
 */
export function OrderTicket({
  instrument,
  quote,
  accountNumber,
  portfolioId,
  sessionOpen,
  defaults,
  initialSide,
  initialLots,
  freezeQuantity = null,
  onPlaced,
  onClose,
}: {
  instrument: TicketInstrument;
  quote: TicketQuote | null;
  accountNumber: string | null;
  portfolioId: number | null;
  sessionOpen: boolean;
  defaults: TicketDefaults;
  initialSide: TransactionType;
  /** Lots to start with (a recommendation's), else the trade defaults'. */
  initialLots?: number | null;
  /** The exchange's most per order for the contract's index (unknown: the ticket says nothing of slicing). */
  freezeQuantity?: number | null;
  onPlaced?: () => void;
  onClose?: () => void;
}) {
  const intl = useIntl();
  const { formatInr, formatNumber } = useFormat();
  const online = useOnlineStatus();
  const formId = useId();
  const [side, setSide] = useState<TransactionType>(initialSide);
  const [lotsText, setLotsText] = useState(String(initialLots ?? defaults.lots));
  const [type, setType] = useState<TicketType>(defaults.order_type);
  const [product, setProduct] = useState<Product>(defaults.product);
  const [priceText, setPriceText] = useState(() => (quote === null ? '' : quote.last_price.toFixed(2)));
  const [triggerText, setTriggerText] = useState('');
  const [reviewing, setReviewing] = useState(false);
  const [staleAccepted, setStaleAccepted] = useState(false);
  const [margins, setMargins] = useState<{ value: OrderMargins | null; failed: boolean }>({ value: null, failed: false });
  const intent = useIntent(accountNumber);
  const age = useSecondsSince(quote?.timestamp ?? null);
  const stale = age !== null && age * 1000 > staleAfterMs;

  const lots = Math.floor(toNumber(lotsText));
  const quantity = Number.isFinite(lots) && lots > 0 ? lots * instrument.lot_size : null;
  const slicing = quantity === null || freezeQuantity === null ? null : slicePlan(quantity, instrument.lot_size, freezeQuantity);
  const price = toNumber(priceText);
  const trigger = toNumber(triggerText);
  const needsPrice = type !== 'MARKET';
  const priceValid = !needsPrice || (Number.isFinite(price) && price > 0);
  const triggerValid = type !== 'SL' || (Number.isFinite(trigger) && trigger > 0);
  const two = { minimumFractionDigits: 2, maximumFractionDigits: 2 };

  const request: OrderRequest | null =
    quantity === null || !priceValid || !triggerValid
      ? null
      : {
          tradingsymbol: instrument.tradingsymbol,
          exchange: instrument.exchange,
          transaction_type: side,
          order_type: type,
          product,
          quantity,
          ...(needsPrice ? { price } : {}),
          ...(type === 'SL' ? { trigger_price: trigger } : {}),
        };
  const requestKey = request === null ? null : JSON.stringify(request);

  // The margin before sending, recomputed (debounced) as the ticket changes.
  useEffect(() => {
    if (requestKey === null || accountNumber === null || !online) return;
    let current = true;
    const timer = setTimeout(() => {
      getOrderMargins(accountNumber, [JSON.parse(requestKey) as OrderRequest])
        .then((value) => current && setMargins({ value, failed: false }))
        .catch(() => current && setMargins({ value: null, failed: true }));
    }, 300);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [requestKey, accountNumber, online]);

  const edit = <T,>(set: (value: T) => void) => (value: T) => {
    set(value);
    setReviewing(false);
    intent.changed();
  };

  const blocked = !online ? intentMessages.offline : accountNumber === null ? intentMessages.noAccount : !sessionOpen ? intentMessages.noSession : null;
  const canSend = blocked === null && request !== null && slicing?.tooMany !== true && !intent.pending && (!stale || staleAccepted);

  const send = async () => {
    if (request === null || accountNumber === null) return;
    setReviewing(false);
    const body = { action: 'open' as const, account_number: accountNumber, ...(portfolioId === null ? {} : { portfolio_id: portfolioId }), ...request };
    const outcome = await intent.run((key) => executeOrder(key, body));
    if (outcome !== null && (outcome.kind === 'answered' || outcome.kind === 'found')) onPlaced?.();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSend) return;
    if (defaults.confirm_before_order && !reviewing) {
      setReviewing(true);
      return;
    }
    void send();
  };

  const sideLabel = intl.formatMessage(sideMessages[side]);
  const how = type === 'MARKET' ? intl.formatMessage(atMarketText) : intl.formatMessage(atPriceText, { price: formatInr(price, two) });
  const short = margins.value !== null && margins.value.required > margins.value.available;

  return (
    <form
      aria-labelledby={`${formId}-title`}
      onSubmit={onSubmit}
      className="flex flex-col gap-3 rounded-lg border border-line bg-surface p-4"
      data-testid="order-ticket"
    >
      <div className="flex items-start justify-between gap-2">
        <div>
          <h2 id={`${formId}-title`} className="text-base font-semibold text-fg">
            {intl.formatMessage(headingText, { symbol: <span dir="ltr">{instrument.tradingsymbol}</span> })}
          </h2>
          <p className="text-xs text-fg-muted tabular-nums">
            {quote === null
              ? intl.formatMessage(messages.noPrice)
              : intl.formatMessage(quoteText, {
                  last: formatNumber(quote.last_price, two),
                  bid: quote.bid === undefined ? '\u2014' : formatNumber(quote.bid, two),
                  ask: quote.ask === undefined ? '\u2014' : formatNumber(quote.ask, two),
                })}
          </p>
        </div>
        {onClose && (
          <Button type="button" variant="ghost" onClick={onClose}>
            {intl.formatMessage(messages.close)}
          </Button>
        )}
      </div>

      <div role="group" aria-label={intl.formatMessage(messages.side)} className="flex gap-1">
        {(['BUY', 'SELL'] as const).map((choice) => (
          <button
            key={choice}
            type="button"
            aria-pressed={side === choice}
            onClick={() => edit(setSide)(choice)}
            className={`min-h-11 flex-1 rounded-md border px-3 font-semibold ${
              side === choice ? (choice === 'BUY' ? 'border-profit bg-profit text-white' : 'border-loss bg-loss text-white') : 'border-line bg-surface text-fg'
            }`}
          >
            {intl.formatMessage(sideMessages[choice])}
          </button>
        ))}
      </div>

      <div className="grid grid-cols-2 gap-3">
        <TextField
          label={intl.formatMessage(messages.lots)}
          inputMode="numeric"
          value={lotsText}
          onChange={(event) => edit(setLotsText)(event.target.value)}
          hint={quantity === null ? undefined : intl.formatMessage(quantityText, { quantity: formatNumber(quantity), lot: formatNumber(instrument.lot_size) })}
        />
        <SelectField label={intl.formatMessage(messages.type)} value={type} onChange={(event) => edit(setType)(event.target.value as TicketType)}>
          {(['MARKET', 'LIMIT', 'SL'] as const).map((value) => (
            <option key={value} value={value}>
              {intl.formatMessage(typeMessages[value])}
            </option>
          ))}
        </SelectField>
        <SelectField label={intl.formatMessage(messages.product)} value={product} onChange={(event) => edit(setProduct)(event.target.value as Product)}>
          {(['MIS', 'NRML'] as const).map((value) => (
            <option key={value} value={value}>
              {intl.formatMessage(productMessages[value])}
            </option>
          ))}
        </SelectField>
        {needsPrice && (
          <TextField
            label={intl.formatMessage(messages.price)}
            inputMode="decimal"
            value={priceText}
            onChange={(event) => edit(setPriceText)(event.target.value)}
            hint={intl.formatMessage(messages.tickHint)}
          />
        )}
        {type === 'SL' && (
          <TextField
            label={intl.formatMessage(messages.trigger)}
            inputMode="decimal"
            value={triggerText}
            onChange={(event) => edit(setTriggerText)(event.target.value)}
          />
        )}
      </div>

      {slicing !== null && <SliceHint plan={slicing} />}

      {blocked === null && request !== null && (
        <p className={`text-sm tabular-nums ${short ? 'text-loss' : 'text-fg-muted'}`} aria-live="polite">
          {margins.value !== null
            ? intl.formatMessage(marginText, {
                required: formatInr(margins.value.required, two),
                available: formatInr(margins.value.available, two),
                charges: formatInr(margins.value.charges, two),
              })
            : intl.formatMessage(margins.failed ? messages.marginFailed : messages.marginLoading)}
          {short && <span className="block">{intl.formatMessage(messages.short)}</span>}
        </p>
      )}

      {stale && blocked === null && (
        <CheckboxField
          name="stale-price"
          label={intl.formatMessage(staleText, { seconds: formatNumber(age ?? 0) })}
          checked={staleAccepted}
          onChange={setStaleAccepted}
        />
      )}

      {blocked !== null && (
        <p role="status" className="text-sm font-medium text-warn">
          {intl.formatMessage(blocked)}
        </p>
      )}

      {reviewing && quantity !== null && (
        <p role="status" className="rounded-md bg-brand-soft p-2 text-sm font-medium text-fg">
          {intl.formatMessage(reviewText, {
            side: sideLabel,
            quantity: formatNumber(quantity),
            symbol: instrument.tradingsymbol,
            how,
            product: intl.formatMessage(productMessages[product]),
          })}
        </p>
      )}

      <div className="flex gap-2">
        {reviewing && (
          <Button type="button" variant="secondary" onClick={() => setReviewing(false)}>
            {intl.formatMessage(messages.back)}
          </Button>
        )}
        <Button type="submit" variant={side === 'BUY' ? 'primary' : 'danger'} disabled={!canSend} aria-busy={intent.pending} className="flex-1">
          {intent.pending
            ? intl.formatMessage(intentMessages.sending)
            : reviewing
              ? intl.formatMessage(messages.confirm)
              : intl.formatMessage(submitText, { side: sideLabel, quantity: quantity === null ? '' : formatNumber(quantity) })}
        </Button>
      </div>
      <IntentOutcomeView outcome={intent.outcome} checking={intent.checking} />
    </form>
  );
}
