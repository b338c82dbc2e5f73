import { useIntl } from 'react-intl';
import type { NoTradeDay, NoTradeReason } from '@/features/backtests/api/backtest-calls';
import { backtestMessages as messages } from '@/features/backtests/backtest-messages';
import { sayServerText } from '@/i18n/say-server-text';
import { useFormat } from '@/lib/format/use-format';

/** How many days each reason accounts for, in the order the reasons first appear. */
function countsOf(days: readonly NoTradeDay[]): Array<[NoTradeReason, number]> {
  const counts = new Map<NoTradeReason, number>();
  for (const day of days) counts.set(day.reason, (counts.get(day.reason) ?? 0) + 1);
  return [...counts];
}

/**
 * The bot's days in the range that produced no trade, each with the server's reason (a holiday by name, an
 * entry time before the open, no history, a refusal's words), counted by reason first. Open when the backtest
 * made no trade at all: then these days are the whole answer.
 */
export function NoTradeDays({ days, open }: { days: readonly NoTradeDay[]; open: boolean }) {
  const intl = useIntl();
  const { formatDate } = useFormat();
  if (days.length === 0) return null;
  return (
    <details open={open} className="rounded-md border border-line" data-testid="no-trade-days">
      <summary className="cursor-pointer px-3 py-2 font-medium">{intl.formatMessage(messages.noTradeDaysTitle, { days: days.length })}</summary>
      <div className="flex flex-col gap-2 px-3 pb-3">
        <ul className="flex flex-wrap gap-2 text-sm" data-testid="no-trade-counts">
          {countsOf(days).map(([reason, count]) => (
            <li key={reason} className="rounded-md border border-line bg-surface px-2 py-0.5">
              {intl.formatMessage(messages.noTradeReason, { reason, days: count })}
            </li>
          ))}
        </ul>
        <ol className="flex flex-col divide-y divide-line text-sm">
          {days.map((day) => (
            <li key={day.date} className="flex flex-col gap-0.5 py-1.5 sm:flex-row sm:gap-3">
              <span className="shrink-0 font-medium whitespace-nowrap sm:w-28">{formatDate(day.date)}</span>
              <span className="min-w-0 text-fg-muted">{sayServerText(intl, day.message_i18n, day.message)}</span>
            </li>
          ))}
        </ol>
      </div>
    </details>
  );
}
