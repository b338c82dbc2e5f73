import { useSetAtom } from 'jotai';
import { useRef, useState, type FormEvent } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { TextField } from '@/components/ui/text-field';
import {
  INDEX_NAMES,
  MAX_LOTS,
  MIN_LOTS,
  type DefaultOrderType,
  type IndexName,
  type Product,
  type TradeDefaults,
  type User,
} from '@/features/settings/api/settings-types';
import { updateTradeDefaults } from '@/features/settings/api/update-trade-defaults';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { OptionGroup, type Option } from '@/features/settings/components/option-group';
import { useRejection } from '@/features/settings/hooks/use-rejection';
import { lotsHint, tradeDefaultsMessages as m } from '@/features/settings/trade-defaults-messages';
import { useOperation } from '@/lib/api/use-operation';
import { notify } from '@/lib/notify/notify';
import { userDataAtom } from '@/lib/session/user-profile-atoms';
import { toNumber } from '@/lib/validation/coerce';
import type { FormSchema } from '@/lib/validation/rules';
import { useFormValidation } from '@/lib/validation/use-form-validation';

/** The form holds TradeDefaults with the lots as typed, so a half-typed number is never lost. */
type Values = Omit<TradeDefaults, 'lots'> & { lots: string };

const schema: FormSchema<Values> = {
  lots: {
    label: m.lots,
    rules: [{ kind: 'required' }, { kind: 'type', type: 'integer' }, { kind: 'range', min: MIN_LOTS, max: MAX_LOTS }],
  },
};

const toValues = (defaults: TradeDefaults): Values => ({ ...defaults, lots: String(defaults.lots) });

/** The defaults the form describes, or null while the lots are not a whole number. */
function toDefaults(values: Values): TradeDefaults | null {
  const lots = toNumber(values.lots);
  return lots !== null && Number.isInteger(lots) ? { ...values, lots } : null;
}

function sameDefaults(a: TradeDefaults, b: TradeDefaults): boolean {
  return (
    a.product === b.product &&
    a.order_type === b.order_type &&
    a.lots === b.lots &&
    a.index === b.index &&
    a.confirm_before_order === b.confirm_before_order
  );
}

export function TradeDefaultsForm({ user }: { user: User }) {
  const intl = useIntl();
  const setUser = useSetAtom(userDataAtom);
  const formRef = useRef<HTMLFormElement>(null);
  const [saved, setSaved] = useState(user.trade_defaults);
  const form = useFormValidation(schema, toValues(user.trade_defaults));
  const save = useOperation(updateTradeDefaults);
  const rejection = useRejection(save.error, form.values, formRef);
  const defaults = toDefaults(form.values);
  const changed = defaults === null || !sameDefaults(defaults, saved);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.loading || !form.validateAll() || defaults === null) return;
    rejection.markSent(form.values);
    const stored = await save.run(defaults);
    if (!stored) return;
    setSaved(stored);
    setUser((current) => ({ ...(current ?? user), trade_defaults: stored }));
    form.reset(toValues(stored));
    notify({ kind: 'success', title: m.saved });
  };

  const text = (descriptor: MessageDescriptor) => intl.formatMessage(descriptor);
  const products: Option<Product>[] = [
    { value: 'MIS', label: text(m.mis), description: text(m.misHint) },
    { value: 'NRML', label: text(m.nrml), description: text(m.nrmlHint) },
  ];
  const orderTypes: Option<DefaultOrderType>[] = [
    { value: 'MARKET', label: text(m.market), description: text(m.marketHint) },
    { value: 'LIMIT', label: text(m.limit), description: text(m.limitHint) },
  ];
  const indices: Option<IndexName>[] = INDEX_NAMES.map((index) => ({ value: index, label: index }));
  const lots = form.fieldProps('lots');

  return (
    <form ref={formRef} noValidate onSubmit={(event) => void handleSubmit(event)} className="flex flex-col gap-5">
      <FormError>{rejection.banner}</FormError>
      <OptionGroup
        legend={text(m.product)}
        name="product"
        value={form.values.product}
        options={products}
        onChange={(value) => form.setField('product', value)}
      />
      <OptionGroup
        legend={text(m.orderType)}
        name="order_type"
        value={form.values.order_type}
        options={orderTypes}
        onChange={(value) => form.setField('order_type', value)}
      />
      <TextField
        label={text(m.lots)}
        inputMode="numeric"
        autoComplete="off"
        hint={intl.formatMessage(lotsHint, { min: MIN_LOTS, max: MAX_LOTS })}
        required
        {...lots}
        error={rejection.fieldError('lots') ?? lots.error}
      />
      <OptionGroup
        legend={text(m.index)}
        hint={text(m.indexHint)}
        name="index"
        value={form.values.index}
        options={indices}
        onChange={(value) => form.setField('index', value)}
        layout="chips"
      />
      <CheckboxField
        label={text(m.confirm)}
        hint={text(m.confirmHint)}
        name="confirm_before_order"
        checked={form.values.confirm_before_order}
        onChange={(checked) => form.setField('confirm_before_order', checked)}
      />
      <div>
        <Button type="submit" busy={save.loading} disabled={!changed} className="w-full sm:w-auto">
          {text(m.save)}
        </Button>
      </div>
    </form>
  );
}
