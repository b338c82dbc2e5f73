import { useIntl } from 'react-intl';
import type { PremiumInterval } from '@/features/analytics/premium/api/get-strategy-premium';
import { defaultInterval, weekdaysBefore, weekdaysBetween } from '@/features/analytics/premium/model/premium-days';
import { intervalMinutes } from '@/features/analytics/premium/model/premium-view';
import { premiumMessages as m } from '@/features/analytics/premium/premium-messages';
import { DateField } from '@/components/ui/date-field';
import { SelectField } from '@/components/ui/select-field';

const spans = [1, 3, 5, 10, 20] as const;

type Props = {
  from: string | undefined;
  to: string | undefined;
  interval: PremiumInterval;
  intervals: readonly PremiumInterval[];
  onChange: (next: { from?: string; to?: string; interval?: PremiumInterval }) => void;
};

const istToday = () => new Date(Date.now() + 19_800_000).toISOString().slice(0, 10);

/** The last day charted, how many weekdays back from it, and the candle's span. */
export function PremiumRange({ from, to, interval, intervals, onChange }: Props) {
  const intl = useIntl();
  const day = to ?? from ?? '';
  const span = from !== undefined && to !== undefined ? weekdaysBetween(from, to) : 1;
  const nearest = spans.reduce((best, value) => (Math.abs(value - span) < Math.abs(best - span) ? value : best), 1);
  return (
    <div className="grid grid-cols-2 gap-3 sm:flex sm:flex-wrap sm:items-end">
      <DateField
        label={intl.formatMessage(m.day)}
        value={day}
        onDayChange={(next) => {
          if (next !== '') onChange({ to: next, from: weekdaysBefore(next, nearest - 1) });
        }}
        className="col-span-2 sm:w-48"
      />
      <SelectField
        label={intl.formatMessage(m.days)}
        value={nearest}
        onChange={(event) => {
          const count = Number(event.target.value);
          const last = day === '' ? istToday() : day;
          onChange({ to: last, from: weekdaysBefore(last, count - 1), interval: defaultInterval(count) });
        }}
      >
        {spans.map((count) => (
          <option key={count} value={count}>
            {intl.formatMessage(m.daysOption, { count })}
          </option>
        ))}
      </SelectField>
      <SelectField label={intl.formatMessage(m.interval)} value={interval} onChange={(event) => onChange({ interval: intervals.find((value) => value === event.target.value) ?? '1m' })}>
        {intervals.map((value) => (
          <option key={value} value={value}>
            {value === '1d' ? intl.formatMessage(m.intervalDay) : intl.formatMessage(m.intervalOption, { minutes: intervalMinutes[value] })}
          </option>
        ))}
      </SelectField>
    </div>
  );
}
