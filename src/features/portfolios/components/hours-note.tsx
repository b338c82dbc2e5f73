import ExclamationTriangleIcon from '@heroicons/react/20/solid/ExclamationTriangleIcon';
import ClockIcon from '@heroicons/react/20/solid/ClockIcon';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { botFormMessages as m, hoursNote, hoursNoteNoHours, outsideHoursWarning, timeOfField } from '@/features/portfolios/bot-form-messages';
import { useTodaySession } from '@/lib/market/use-today-session';
import { parseClockTime } from '@/lib/validation/clock-time';
import type { TradingMode } from '@/lib/trading/trading-mode';

/** A time field of the bot's day: its label and what the trader typed. */
export type BotTime = { label: MessageDescriptor; value: unknown };

const labels = { entry_time: m.entryTime, exit_time: m.exitTime, entry_from: m.entryFrom, entry_until: m.entryUntil } as const;

/** The bot's time fields as typed, daily (entry, exit) or trading (window and exit). */
export function botTimes(values: Readonly<Record<string, unknown>>, daily: boolean): BotTime[] {
  const names = daily ? (['entry_time', 'exit_time'] as const) : (['entry_from', 'entry_until', 'exit_time'] as const);
  return names.map((name) => ({ label: labels[name], value: values[name] }));
}

/**
 * Which hours the bot will keep: the exchange's session live, in backtests (each day's own) and on a server on
 * exchange hours; any hour only in demo mode. Today's hours are the server's word (the price stream's); until it
 * has spoken none are named. A time typed outside them is flagged with what happens to it, since a demo server
 * accepts it and a backtest or a live bot then never trades (the server says so too, day by day).
 */
export function HoursNote({ times, mode }: { times: readonly BotTime[]; mode: TradingMode | undefined }) {
  const intl = useIntl();
  const session = useTodaySession();
  const hours = session === null ? null : { open: session.open, close: session.close };
  const outside = times.flatMap(({ label, value }) => {
    const time = parseClockTime(value);
    return hours !== null && time !== null && (time < hours.open || time > hours.close) ? [intl.formatMessage(timeOfField, { field: intl.formatMessage(label), time })] : [];
  });
  return (
    <div className="flex flex-col gap-2 text-sm" data-testid="bot-hours">
      <p className="flex items-start gap-2 text-fg-muted">
        <ClockIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <span>{hours === null ? intl.formatMessage(hoursNoteNoHours, { mode: mode ?? 'none' }) : intl.formatMessage(hoursNote, { mode: mode ?? 'none', ...hours })}</span>
      </p>
      {hours !== null && outside.length > 0 && (
        <p role="status" className="flex items-start gap-2 rounded-md border border-warn bg-warn/10 px-3 py-2 text-fg" data-testid="outside-hours">
          <ExclamationTriangleIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-warn" />
          <span>{intl.formatMessage(outsideHoursWarning, { times: intl.formatList(outside, { type: 'conjunction' }), ...hours })}</span>
        </p>
      )}
    </div>
  );
}
