import { useIntl } from 'react-intl';
import type { HistoryCoverage } from '@/features/market-history/api/market-history-calls';
import { Marked } from '@/features/market-history/components/marked';
import { marketHistoryMessages as messages } from '@/features/market-history/market-history-messages';
import { marks } from '@/features/market-history/model/marks';
import { formatBytes } from '@/lib/format/bytes';
import { useFormat } from '@/lib/format/use-format';

/**
 * Per index: its first and last day, days and gaps, rows and their size, and what the server recorded beside the
 * imports (a live feed's minutes, real; the simulator's, marked as the day cells mark them); then the space all
 * history takes.
 */
export function IndexSummaries({ coverage }: { coverage: HistoryCoverage }) {
  const intl = useIntl();
  const { formatDate, locale } = useFormat();
  return (
    <div className="flex flex-col gap-3">
      <p className="font-medium" data-testid="history-size">
        {intl.formatMessage(messages.tableBytes, { size: formatBytes(coverage.table_bytes, locale) })}
      </p>
      <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
        {coverage.indices.map((entry) => (
          <li key={entry.index} className="flex flex-col gap-1 rounded-md border border-line bg-surface p-3" data-testid="index-coverage">
            <span className="font-semibold">{entry.index}</span>
            <span className="text-sm">
              {intl.formatMessage(messages.indexSummary, {
                from: formatDate(entry.first_day),
                to: formatDate(entry.last_day),
                days: entry.days.filter((day) => day.date >= entry.first_day && day.date <= entry.last_day).length,
                gaps: entry.option_gaps.length,
              })}
            </span>
            <span className="text-sm text-fg-muted">
              {intl.formatMessage(messages.indexRows, {
                options: entry.option_rows,
                candles: entry.minute_candles,
                optionMinutes: entry.option_minutes,
                size: formatBytes(entry.bytes, locale),
              })}
            </span>
            {entry.recorded_minutes > 0 && (
              <Marked mark={marks.covered} className="text-sm text-profit">
                {intl.formatMessage(messages.indexRecorded, { minutes: entry.recorded_minutes, days: entry.recorded_days })}
              </Marked>
            )}
            {entry.simulated_minutes > 0 && (
              <Marked mark={marks.simulated} className="text-sm text-fg-muted">
                {intl.formatMessage(messages.indexSimulated, { minutes: entry.simulated_minutes, days: entry.simulated_days })}
              </Marked>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
