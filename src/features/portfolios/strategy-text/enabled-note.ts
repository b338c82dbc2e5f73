import { defineMessage, type IntlShape, type MessageValue } from 'react-intl';
import type { ParamField } from '@/features/portfolios/model/param-schema';

const whenOn = defineMessage<{ param: MessageValue }>({
  id: 'portfolios.botForm.enabledWhenOn',
  defaultMessage: 'Used only when “{param}” is on.',
});
const whenOff = defineMessage<{ param: MessageValue }>({
  id: 'portfolios.botForm.enabledWhenOff',
  defaultMessage: 'Used only when “{param}” is off.',
});
const whenValue = defineMessage<{ param: MessageValue; values: MessageValue }>({
  id: 'portfolios.botForm.enabledWhenValue',
  defaultMessage: 'Used only when “{param}” is {values}.',
});

/**
 * Why a disabled parameter is disabled, in words naming the field and the choices that enable it:
 * "Used only when “Trailing stop-loss” is on." The fields are already in the trader's language.
 */
export function enabledWhenNote(field: ParamField, fields: readonly ParamField[], intl: IntlShape): string {
  const sentences = field.enabledWhen.map(({ key, values }) => {
    const controller = fields.find((candidate) => candidate.key === key);
    const param = controller?.label ?? key;
    if (controller?.kind === 'boolean' && values.length === 1) {
      return intl.formatMessage(values[0] === true ? whenOn : whenOff, { param });
    }
    const labels = values.map((value) => {
      if (controller?.kind !== 'enum') return String(value);
      const index = controller.options.findIndex((option) => option === value);
      return controller.optionLabels?.[index] ?? String(value);
    });
    return intl.formatMessage(whenValue, { param, values: intl.formatList(labels, { type: 'disjunction' }) });
  });
  return sentences.join(' ');
}
