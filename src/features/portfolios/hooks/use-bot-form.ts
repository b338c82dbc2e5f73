import { useAtomValue } from 'jotai';
import { useMemo, useState, type ChangeEvent, type RefObject } from 'react';
import { useIntl } from 'react-intl';
import type { BaseStrategy } from '@/features/portfolios/api/portfolio-types';
import { useRefusal } from '@/features/portfolios/hooks/use-refusal';
import type { Bot, BotKind } from '@/features/portfolios/model/bot-kind';
import {
  botFieldsFrom,
  botFormSchema,
  initialBotValues,
  strategyOf,
  type BotFormValues,
  type BotPreset,
} from '@/features/portfolios/model/bot-form-values';
import { disabledParamKeys } from '@/features/portfolios/model/param-enabled';
import { initialParamValue, paramName, type FieldValue } from '@/features/portfolios/model/param-rules';
import { paramFields } from '@/features/portfolios/model/param-schema';
import { localiseParams } from '@/features/portfolios/strategy-text/strategy-text';
import type { ApiError } from '@/lib/api/api-error';
import { userDataAtom } from '@/lib/session/user-profile-atoms';
import { useFormValidation } from '@/lib/validation/use-form-validation';
import { validateForm } from '@/lib/validation/validate';

/** What a text-like control needs: spread it onto TextField or SelectField. */
export type BoundField = {
  name: string;
  value: string;
  error: string | undefined;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => void;
  onBlur: () => void;
};

// Names come from the strategy's schema; one that would break a selector is simply not focused.
const SAFE_NAME = /^[\w.-]+$/;

/**
 * A bot form's state: values keyed by the server's field names, the rules of the chosen strategy's
 * parameter schema, and server refusals on the field they name. Switching strategy keeps every value
 * typed so far (switching back restores it) and starts the new strategy's parameters from their defaults.
 */
export function useBotForm(
  kind: BotKind,
  strategies: readonly BaseStrategy[],
  error: ApiError | null,
  formRef: RefObject<HTMLFormElement | null>,
  bot?: Bot,
  preset?: BotPreset,
) {
  const intl = useIntl();
  const user = useAtomValue(userDataAtom);
  const [initial] = useState(() =>
    initialBotValues(kind, strategies, { underlying: preset?.underlying ?? user?.trade_defaults.index ?? 'NIFTY', lots: user?.trade_defaults.lots ?? 1, strategySlug: preset?.strategySlug, name: preset?.name }, bot),
  );
  const [strategyId, setStrategyId] = useState(() => initial.base_strategy);
  const strategy = strategyOf(strategies, strategyId);
  // In the trader's language: the labels name the fields in rule messages too.
  const params = useMemo(() => localiseParams(paramFields(strategy?.parameters), strategy?.slug, intl), [strategy, intl]);
  const schema = useMemo(() => botFormSchema(kind, params), [kind, params]);
  const form = useFormValidation<BotFormValues>(schema, initial);
  const disabled = disabledParamKeys(params, form.values);
  const refusal = useRefusal(error, form.values, Object.keys(schema), formRef);

  const errorOf = (name: string) => refusal.fieldError(name) ?? form.errorText(name);
  const bind = (name: string): BoundField => {
    const value = form.values[name];
    return {
      name,
      value: typeof value === 'string' ? value : '',
      error: errorOf(name),
      onChange: (event) => form.setField(name, event.currentTarget.value),
      onBlur: () => form.blurField(name),
    };
  };

  const chooseStrategy = (id: string) => {
    setStrategyId(id);
    form.setField('base_strategy', id);
    for (const field of paramFields(strategyOf(strategies, id)?.parameters)) {
      const name = paramName(field.key);
      const current = form.values[name];
      const fits = field.kind === 'boolean' ? typeof current === 'boolean' : typeof current === 'string';
      if (!fits) form.setField(name, initialParamValue(field));
    }
  };

  /** On submit: the bot to send, or null after showing every error and focusing the first. */
  const validate = () => {
    if (form.validateAll()) return botFieldsFrom(kind, form.values, params, disabled);
    const issues = validateForm(form.values, schema);
    const first = Object.keys(schema).find((name) => issues[name] !== undefined);
    if (first && SAFE_NAME.test(first)) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
    return null;
  };

  return {
    values: form.values,
    strategy,
    params,
    /** Keys of the parameters that do not matter with the values chosen now (x-enabled-when). */
    disabled,
    bind,
    errorOf,
    setField: (name: string, value: FieldValue) => form.setField(name, value),
    /** A value picked from a list (the underlying search): set and checked at once, as a field left. */
    choose: (name: string, value: string) => {
      form.setField(name, value);
      form.blurField(name);
    },
    /** A weekday toggled counts as the field left: "choose at least one" shows at once. */
    setWeekdays: (weekdays: number[]) => {
      form.setField('weekdays', weekdays);
      form.blurField('weekdays');
    },
    chooseStrategy,
    validate,
    markSent: () => refusal.markSent(form.values),
    banner: refusal.banner,
  };
}
