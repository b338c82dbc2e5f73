import { useIntl } from 'react-intl';
import { TimeField } from '@/components/ui/time-field';
import { botFormMessages as m, timeHint, timeHintNoHours } from '@/features/portfolios/bot-form-messages';
import type { BoundField } from '@/features/portfolios/hooks/use-bot-form';
import { useTodaySession } from '@/lib/market/use-today-session';

export type WindowTime = 'entry_from' | 'entry_until' | 'exit_time';

type TradingWindowFieldsProps = {
  bind: (name: string) => BoundField;
  /** Sets a time as HH:MM once its field is left. */
  onTime: (name: WindowTime, time: string) => void;
};

/** A trading bot's day (IST, inside market hours): when its signals may open a position, and when it is out. */
export function TradingWindowFields({ bind, onTime }: TradingWindowFieldsProps) {
  const intl = useIntl();
  const t = intl.formatMessage;
  const session = useTodaySession();
  const hint = session === null ? t(timeHintNoHours) : t(timeHint, { open: session.open, close: session.close });
  const time = (name: WindowTime) => ({ required: true, hint, onNormalise: (value: string) => onTime(name, value), ...bind(name) });
  return (
    <fieldset className="flex min-w-0 flex-col gap-2">
      <legend className="text-base font-semibold text-fg">{t(m.windowHeading)}</legend>
      <p className="text-sm text-fg-muted">{t(m.windowText)}</p>
      <div className="grid gap-x-4 gap-y-1 sm:grid-cols-3">
        <TimeField label={t(m.entryFrom)} {...time('entry_from')} />
        <TimeField label={t(m.entryUntil)} {...time('entry_until')} />
        <TimeField label={t(m.exitTime)} {...time('exit_time')} />
      </div>
    </fieldset>
  );
}
