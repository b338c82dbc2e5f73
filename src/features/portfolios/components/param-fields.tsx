import { useIntl } from 'react-intl';
import { botFormMessages as m } from '@/features/portfolios/bot-form-messages';
import { ParamInput } from '@/features/portfolios/components/param-input';
import type { BoundField } from '@/features/portfolios/hooks/use-bot-form';
import { paramName, type FieldValue } from '@/features/portfolios/model/param-rules';
import type { ParamField } from '@/features/portfolios/model/param-schema';
import { enabledWhenNote } from '@/features/portfolios/strategy-text/enabled-note';

type ParamFieldsProps = {
  /** Whether a strategy is chosen; until then there is nothing to set. */
  chosen: boolean;
  params: readonly ParamField[];
  values: Readonly<Record<string, FieldValue>>;
  /** Keys of the parameters that do not matter with the values chosen now. */
  disabled: ReadonlySet<string>;
  bind: (name: string) => BoundField;
  onSet: (name: string, value: FieldValue) => void;
};

/** The chosen strategy's own parameters, as its schema describes them. */
export function ParamFields({ chosen, params, values, disabled, bind, onSet }: ParamFieldsProps) {
  const intl = useIntl();
  const note = !chosen ? m.paramsPick : params.length === 0 ? m.paramsNone : null;
  return (
    <fieldset className="flex min-w-0 flex-col gap-2">
      <legend className="text-base font-semibold text-fg">
        {intl.formatMessage(m.paramsHeading)}
      </legend>
      {note ? <p className="text-sm text-fg-muted">{intl.formatMessage(note)}</p> : null}
      <div className="grid gap-x-4 gap-y-1 sm:grid-cols-2">
        {params.map((field) => {
          const name = paramName(field.key);
          return (
            <div key={field.key} className={field.kind === 'boolean' ? 'mb-5 sm:col-span-2' : undefined}>
              <ParamInput
                field={field}
                bound={bind(name)}
                checked={values[name] === true}
                onSet={(value) => onSet(name, value)}
                disabledNote={disabled.has(field.key) ? enabledWhenNote(field, params, intl) : undefined}
              />
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
