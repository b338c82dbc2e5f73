import { useIntl } from 'react-intl';
import type { Product } from '@/features/orders/api/trading-types';
import { ProductChoice } from '@/features/orders/components/product-choice';
import { StepperField } from '@/features/orders/components/stepper-field';
import type { MisWindow } from '@/features/orders/model/product-default';
import { problemMessages, stepMessages } from '@/features/orders/components/ticket-check-messages';
import { ticketMessages as messages, ticketText as t } from '@/features/orders/components/order-ticket-messages';
import { stepLots, stepPrice, type TicketChecks, type TicketKind } from '@/features/orders/model/ticket-checks';
import { typeMessages } from '@/features/orders/order-messages';
import { SelectField } from '@/components/ui/select-field';
import { useFormat } from '@/lib/format/use-format';

export type TicketValues = { lotsText: string; type: TicketKind; product: Product; priceText: string; triggerText: string };

/**
 * The order window's fields: lots with a stepper and the quantity they make, order type, product, and the
 * price and trigger where the type needs them, each with ± one tick and what is wrong with it.
 */
export function TicketFields({
  values,
  onChange,
  checks,
  lotSize,
  quantity,
  lastPrice,
  mis = null,
}: {
  values: TicketValues;
  onChange: (changes: Partial<TicketValues>) => void;
  checks: TicketChecks;
  lotSize: number;
  quantity: number | null;
  lastPrice: number | null;
  /** MIS now (closed for today, or the demo market's rule), said under the product. */
  mis?: MisWindow | null;
}) {
  const intl = useIntl();
  const { formatNumber } = useFormat();
  // An empty field is not marked wrong before the trader types in it: the line beside the button says it.
  const problem = (key: keyof TicketChecks) => {
    const found = checks[key];
    return found === undefined || found.endsWith('Missing') ? undefined : intl.formatMessage(problemMessages[found]);
  };
  // The trigger starts from the last price, the limit price from the trigger when there is one.
  const triggerOrLast = values.triggerText.trim() === '' ? lastPrice : Number(values.triggerText);

  return (
    // Two columns only where a field keeps room for its value beside its ± buttons (a phone's ticket is one).
    <div className="@container">
      <div className="grid grid-cols-1 gap-3 @xs:grid-cols-2">
        <StepperField
          label={intl.formatMessage(messages.lots)}
          inputMode="numeric"
          value={values.lotsText}
          onChange={(lotsText) => onChange({ lotsText })}
          onStep={(direction) => onChange({ lotsText: stepLots(values.lotsText, direction) })}
          lessLabel={intl.formatMessage(stepMessages.lotLess)}
          moreLabel={intl.formatMessage(stepMessages.lotMore)}
          error={problem('lots')}
          hint={quantity === null ? undefined : intl.formatMessage(t.quantity, { quantity: formatNumber(quantity), lot: formatNumber(lotSize) })}
        />
        <SelectField label={intl.formatMessage(messages.type)} value={values.type} onChange={(event) => onChange({ type: event.target.value as TicketKind })}>
          {(['MARKET', 'LIMIT', 'SL'] as const).map((value) => (
            <option key={value} value={value}>
              {intl.formatMessage(typeMessages[value])}
            </option>
          ))}
        </SelectField>
        {/* The whole row: "Intrajournalier (MIS)" does not fit half a wide ticket, and MIS or NRML is the part that matters. */}
        <ProductChoice className="@xs:col-span-2" value={values.product} onChange={(product) => onChange({ product })} mis={mis} />
        {values.type !== 'MARKET' && (
          <StepperField
            label={intl.formatMessage(messages.price)}
            inputMode="decimal"
            value={values.priceText}
            onChange={(priceText) => onChange({ priceText })}
            onStep={(direction) => onChange({ priceText: stepPrice(values.priceText, direction, values.type === 'SL' ? triggerOrLast : lastPrice) })}
            lessLabel={intl.formatMessage(stepMessages.priceDown)}
            moreLabel={intl.formatMessage(stepMessages.priceUp)}
            error={problem('price')}
            hint={checks.price === undefined ? intl.formatMessage(messages.tickHint) : undefined}
          />
        )}
        {values.type === 'SL' && (
          <StepperField
            label={intl.formatMessage(messages.trigger)}
            inputMode="decimal"
            value={values.triggerText}
            onChange={(triggerText) => onChange({ triggerText })}
            onStep={(direction) => onChange({ triggerText: stepPrice(values.triggerText, direction, lastPrice) })}
            lessLabel={intl.formatMessage(stepMessages.triggerDown)}
            moreLabel={intl.formatMessage(stepMessages.triggerUp)}
            error={problem('trigger')}
          />
        )}
      </div>
    </div>
  );
}
