import { useIntl } from 'react-intl';
import type { BaseStrategy } from '@/features/portfolios/api/portfolio-types';
import { botFormMessages as m } from '@/features/portfolios/bot-form-messages';
import { SelectField } from '@/components/ui/select-field';
import type { BoundField } from '@/features/portfolios/hooks/use-bot-form';
import { strategyDescription, strategyName } from '@/i18n/strategy-messages';

type StrategyFieldProps = {
  strategies: readonly BaseStrategy[];
  chosen: BaseStrategy | undefined;
  field: BoundField;
  onChoose: (id: string) => void;
};

/** The base strategy, with what it does under the choice: that is how a trader tells an iron condor from a butterfly. */
export function StrategyField({ strategies, chosen, field, onChoose }: StrategyFieldProps) {
  const intl = useIntl();
  return (
    <SelectField
      label={intl.formatMessage(m.strategy)}
      required
      {...field}
      onChange={(event) => onChoose(event.currentTarget.value)}
      hint={chosen ? strategyDescription(chosen, intl) : undefined}
    >
      {chosen ? null : (
        <option value="" disabled>
          {intl.formatMessage(m.strategyPlaceholder)}
        </option>
      )}
      {strategies.map((strategy) => (
        <option key={strategy.id} value={strategy.id}>
          {strategyName(strategy, intl)}
        </option>
      ))}
    </SelectField>
  );
}
