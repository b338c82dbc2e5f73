import { useIntl } from 'react-intl';
import { TextField } from '@/components/ui/text-field';
import { botFormMessages as m } from '@/features/portfolios/bot-form-messages';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { SelectField } from '@/components/ui/select-field';
import type { BoundField } from '@/features/portfolios/hooks/use-bot-form';
import type { FieldValue } from '@/features/portfolios/model/param-rules';
import type { NumberParam, ParamField } from '@/features/portfolios/model/param-schema';

type ParamInputProps = {
  field: ParamField;
  bound: BoundField;
  checked: boolean;
  onSet: (value: FieldValue) => void;
  /** Set while the field does not matter (x-enabled-when): it says why in place of its hint. */
  disabledNote?: string | undefined;
};

/** The browser's own bounds on a number input, from the schema (exclusive bounds are checked by the rules). */
function numberBounds(field: NumberParam) {
  return {
    min: field.min ?? field.exclusiveMin,
    max: field.max ?? field.exclusiveMax,
    step: field.step ?? (field.integer ? 1 : 'any'),
  };
}

/** One strategy parameter, drawn from its JSON Schema: its title is the label and its description the hint. */
export function ParamInput({ field, bound, checked, onSet, disabledNote }: ParamInputProps) {
  const intl = useIntl();
  const disabled = disabledNote !== undefined;
  const hint = disabledNote ?? field.hint;
  switch (field.kind) {
    case 'boolean':
      return <CheckboxField label={field.label} hint={hint} name={bound.name} checked={checked} onChange={onSet} disabled={disabled} />;
    case 'enum':
      return (
        <SelectField label={field.label} hint={hint} required={field.required} disabled={disabled} {...bound}>
          {/* Left out, an optional choice takes the schema's default, so only one without a default can be "not set". */}
          {field.required || field.defaultValue !== undefined ? null : (
            <option value="">{intl.formatMessage(m.optionNone)}</option>
          )}
          {field.options.map((option, index) => (
            <option key={String(option)} value={String(option)}>
              {field.optionLabels?.[index] ?? String(option)}
            </option>
          ))}
        </SelectField>
      );
    case 'number':
      return (
        <TextField
          label={field.label}
          hint={hint}
          disabled={disabled}
          type="number"
          inputMode={field.integer && (field.min ?? 0) >= 0 ? 'numeric' : 'decimal'}
          required={field.required}
          {...numberBounds(field)}
          {...bound}
        />
      );
    case 'text':
      return (
        <TextField
          label={field.label}
          hint={hint}
          disabled={disabled}
          autoComplete="off"
          required={field.required}
          maxLength={field.maxLength}
          {...bound}
        />
      );
  }
}
