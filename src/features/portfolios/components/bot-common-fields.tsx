import { useIntl } from 'react-intl';
import { TextField } from '@/components/ui/text-field';
import { INDEX_NAMES, MAX_LOTS, MAX_STOP_LOSS_PCT, MAX_TARGET_PCT, MIN_LOTS } from '@/features/portfolios/api/portfolio-types';
import { botFormMessages as m, lotsHint } from '@/features/portfolios/bot-form-messages';
import { SelectField } from '@/components/ui/select-field';
import type { BoundField } from '@/features/portfolios/hooks/use-bot-form';

/** Name, index, size and exits: what every bot has, whatever its strategy. */
export function BotCommonFields({ bind }: { bind: (name: string) => BoundField }) {
  const intl = useIntl();
  const t = intl.formatMessage;
  return (
    <div className="grid gap-x-4 gap-y-1 sm:grid-cols-2">
      <TextField label={t(m.name)} hint={t(m.nameHint)} autoComplete="off" required className="sm:col-span-2" {...bind('name')} />
      <SelectField label={t(m.underlying)} required {...bind('underlying')}>
        {INDEX_NAMES.map((index) => (
          <option key={index} value={index}>
            {index}
          </option>
        ))}
      </SelectField>
      <TextField
        label={t(m.lots)}
        hint={t(lotsHint, { min: MIN_LOTS, max: MAX_LOTS })}
        type="number"
        inputMode="numeric"
        min={MIN_LOTS}
        max={MAX_LOTS}
        step={1}
        required
        {...bind('lots')}
      />
      <TextField
        label={t(m.stopLoss)}
        hint={t(m.stopLossHint)}
        type="number"
        inputMode="decimal"
        min={0}
        max={MAX_STOP_LOSS_PCT}
        step="any"
        required
        {...bind('stop_loss_pct')}
      />
      <TextField
        label={t(m.target)}
        hint={t(m.targetHint)}
        type="number"
        inputMode="decimal"
        min={0}
        max={MAX_TARGET_PCT}
        step="any"
        required
        {...bind('target_pct')}
      />
    </div>
  );
}
