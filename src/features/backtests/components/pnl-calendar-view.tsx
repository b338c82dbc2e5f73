import { useIntl } from 'react-intl';
import type { BacktestDay } from '@/features/backtests/api/backtest-calls';
import { backtestMessages as messages } from '@/features/backtests/backtest-messages';
import { pnlCalendar } from '@/features/backtests/model/pnl-calendar';
import { useFormat } from '@/lib/format/use-format';

const weekdays = [messages.mon, messages.tue, messages.wed, messages.thu, messages.fri] as const;

function monthName(month: string, locale: string): string {
  const [year, number] = month.split('-').map(Number);
  return new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(Date.UTC(year!, number! - 1, 1));
}

/** Each month as weeks of Monday to Friday, each traded day with its net P&L (sign and colour), the month's total above. */
export function PnlCalendarView({ daily }: { daily: readonly BacktestDay[] }) {
  const intl = useIntl();
  const { formatSignedInr, formatDate } = useFormat();
  return (
    <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
      {pnlCalendar(daily).map((month) => (
        <table key={month.month} className="w-full table-fixed text-xs" data-testid="calendar-month">
          <caption className={`pb-1 text-start text-sm font-medium ${month.total > 0 ? 'text-profit' : month.total < 0 ? 'text-loss' : ''}`}>
            {intl.formatMessage(messages.monthTotal, { month: monthName(month.month, intl.locale), total: formatSignedInr(month.total, { maximumFractionDigits: 0 }) })}
          </caption>
          <thead>
            <tr>
              {weekdays.map((day) => (
                <th key={day.id} scope="col" className="font-normal text-fg-muted">
                  {intl.formatMessage(day)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {month.weeks.map((week, row) => (
              <tr key={row}>
                {week.map((cell, column) =>
                  cell === null ? (
                    <td key={column} />
                  ) : (
                    <td
                      key={cell.date}
                      className={`h-10 rounded border border-line p-0.5 align-top tabular-nums ${cell.pnl === null ? 'text-fg-muted' : cell.pnl > 0 ? 'bg-profit/10 text-profit' : cell.pnl < 0 ? 'bg-loss/10 text-loss' : ''}`}
                      title={cell.pnl === null ? formatDate(cell.date) : intl.formatMessage(messages.calendarDay, { date: formatDate(cell.date), pnl: formatSignedInr(cell.pnl) })}
                    >
                      <span className="block text-fg-muted">{Number(cell.date.slice(8))}</span>
                      {cell.pnl !== null && <span className="block truncate">{formatSignedInr(cell.pnl, { maximumFractionDigits: 0, compact: true })}</span>}
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      ))}
    </div>
  );
}
