import ExclamationCircleIcon from '@heroicons/react/20/solid/ExclamationCircleIcon';
import { useId } from 'react';
import { useIntl } from 'react-intl';
import { cx } from '@/components/ui/class-names';
import { TimeField } from '@/components/ui/time-field';
import { botFormMessages as m, timeHint, timeHintNoHours } from '@/features/portfolios/bot-form-messages';
import type { BoundField } from '@/features/portfolios/hooks/use-bot-form';
import { useWeekdayNames } from '@/features/portfolios/hooks/use-weekday-names';
import { WEEKDAYS } from '@/features/portfolios/model/market-hours';
import { useTodaySession } from '@/lib/market/use-today-session';

type ScheduleFieldsProps = {
  bind: (name: string) => BoundField;
  /** Sets a time as HH:MM once its field is left. */
  onTime: (name: 'entry_time' | 'exit_time', time: string) => void;
  weekdays: readonly number[];
  weekdaysError: string | undefined;
  onWeekdays: (weekdays: number[]) => void;
};

/** A daily bot's entry and exit times (IST, inside market hours) and the weekdays it runs on. */
export function ScheduleFields({ bind, onTime, weekdays, weekdaysError, onWeekdays }: ScheduleFieldsProps) {
  const intl = useIntl();
  const t = intl.formatMessage;
  const shortNames = useWeekdayNames('short');
  const longNames = useWeekdayNames('long');
  const errorId = useId();
  const session = useTodaySession();
  const hint = session === null ? t(timeHintNoHours) : t(timeHint, { open: session.open, close: session.close });
  const time = (name: 'entry_time' | 'exit_time') => ({ required: true, hint, onNormalise: (value: string) => onTime(name, value), ...bind(name) });
  const toggle = (day: number, on: boolean) =>
    onWeekdays(on ? [...weekdays, day].sort((a, b) => a - b) : weekdays.filter((other) => other !== day));

  return (
    <fieldset className="flex min-w-0 flex-col gap-2">
      <legend className="text-base font-semibold text-fg">{t(m.scheduleHeading)}</legend>
      <div className="grid gap-x-4 gap-y-1 sm:grid-cols-2">
        <TimeField label={t(m.entryTime)} {...time('entry_time')} />
        <TimeField label={t(m.exitTime)} {...time('exit_time')} />
      </div>
      <fieldset aria-describedby={weekdaysError ? errorId : undefined} className="flex min-w-0 flex-col gap-2">
        <legend className="text-sm font-medium text-fg">{t(m.weekdays)}</legend>
        <div className="flex flex-wrap gap-2">
          {WEEKDAYS.map((day) => (
            <label
              key={day}
              className={cx(
                'flex min-h-11 cursor-pointer items-center gap-2 rounded-md border border-line bg-surface px-3',
                'has-checked:border-brand has-checked:bg-brand-soft has-focus-visible:outline-2 has-focus-visible:outline-focus',
              )}
            >
              <input
                type="checkbox"
                name="weekdays"
                value={day}
                checked={weekdays.includes(day)}
                onChange={(event) => toggle(day, event.currentTarget.checked)}
                aria-label={longNames.get(day)}
                className="size-4 accent-brand"
              />
              <span aria-hidden="true" className="text-sm text-fg">
                {shortNames.get(day)}
              </span>
            </label>
          ))}
        </div>
        <div className="min-h-5 text-sm">
          {weekdaysError ? (
            <p id={errorId} className="flex items-start gap-1 text-danger">
              <ExclamationCircleIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              <span>{weekdaysError}</span>
            </p>
          ) : null}
        </div>
      </fieldset>
    </fieldset>
  );
}
