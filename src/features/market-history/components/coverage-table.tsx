import { useIntl, type IntlShape } from 'react-intl';
import type { CoverageCell, CoverageDay, CoverageGrid, CoverageMonth, CoverageSession } from '@/features/market-history/model/coverage-grid';
import { marketHistoryMessages as messages } from '@/features/market-history/market-history-messages';
import { marks } from '@/features/market-history/model/marks';
import { Marked } from '@/features/market-history/components/marked';
import { useFormat } from '@/lib/format/use-format';

/** One cell: words and a mark, never colour alone (a gap is a cross and "Missing", an unknown day a question mark). */
function Cell({ cell }: { cell: CoverageCell }) {
  const intl = useIntl();
  if (cell.state === 'gap') {
    return <Marked mark={marks.missing} className="font-medium text-loss">{intl.formatMessage(messages.gap)}</Marked>;
  }
  if (cell.state === 'unknown') {
    return <Marked mark={marks.unsure} className="text-fg-muted">{intl.formatMessage(messages.unknownDay)}</Marked>;
  }
  if (cell.state === 'none') return <Marked mark={marks.none} className="text-fg-muted"><span className="sr-only">{intl.formatMessage(messages.none)}</span></Marked>;
  return (
    <span className="flex flex-col">
      {cell.optionRows > 0 ? (
        <Marked mark={marks.covered} className="text-profit">{intl.formatMessage(messages.cellOptions, { rows: cell.optionRows })}</Marked>
      ) : (
        cell.optionMinutes + cell.recordedMinutes + cell.simulatedMinutes === 0 && (
          <span className="text-fg-muted">{intl.formatMessage(messages.cellNoOptions)}</span>
        )
      )}
      {/* Option minutes are what a backtest fills at real prices: marked covered even on a day without daily option rows. */}
      {cell.optionMinutes > 0 && (
        <Marked mark={marks.covered} className="text-xs text-profit">{intl.formatMessage(messages.cellOptionMinutes, { candles: cell.optionMinutes })}</Marked>
      )}
      {cell.recordedMinutes > 0 && (
        <Marked mark={marks.covered} className="text-xs text-profit">{intl.formatMessage(messages.cellRecordedMinutes, { candles: cell.recordedMinutes })}</Marked>
      )}
      {/* The simulator's minutes replay, but no backtest reads them as prices: said in words, without the covered mark. */}
      {cell.simulatedMinutes > 0 && (
        <Marked mark={marks.simulated} className="text-xs text-fg-muted">{intl.formatMessage(messages.cellSimulatedMinutes, { candles: cell.simulatedMinutes })}</Marked>
      )}
      {cell.minuteCandles > 0 && <span className="text-xs text-fg-muted">{intl.formatMessage(messages.cellMinutes, { candles: cell.minuteCandles })}</span>}
    </span>
  );
}

/** A special session's name and hours, both sessions when the day had two. */
function sessionText(intl: IntlShape, { name, open, close, second }: CoverageSession): string {
  if (second === null) return intl.formatMessage(messages.specialSession, { name, open, close });
  return intl.formatMessage(messages.specialSessionTwice, { name, open, close, secondOpen: second.open, secondClose: second.close });
}

/** A day's row: the date (with a special session's name and hours), then a cell per index, or one for a holiday. */
function DayRow({ day, indices }: { day: CoverageDay; indices: string[] }) {
  const intl = useIntl();
  const { formatDate } = useFormat();
  const closed = day.holiday !== null && day.cells.every((cell) => cell.state === 'none');
  return (
    <tr className="border-b border-line last:border-0">
      <th scope="row" className="px-3 py-1 text-start align-top font-normal">
        <span className="whitespace-nowrap">{formatDate(day.date)}</span>
        {day.session !== null && <span className="block text-xs text-fg-muted">{sessionText(intl, day.session)}</span>}
        {day.holiday !== null && !closed && <span className="block text-xs text-fg-muted">{intl.formatMessage(messages.holiday, { name: day.holiday.name })}</span>}
      </th>
      {closed ? (
        <td colSpan={indices.length} className="px-3 py-1 align-top">
          <Marked mark={marks.closed} className="text-fg-muted">{intl.formatMessage(messages.holiday, { name: day.holiday!.name })}</Marked>
        </td>
      ) : (
        day.cells.map((cell, column) => (
          <td key={indices[column]} className="px-3 py-1 align-top">
            <Cell cell={cell} />
          </td>
        ))
      )}
    </tr>
  );
}

function monthName(month: string, locale: string): string {
  const [year, number] = month.split('-').map(Number);
  return new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(Date.UTC(year!, number! - 1, 1));
}

function Month({ month, indices, open }: { month: CoverageMonth; indices: string[]; open: boolean }) {
  const intl = useIntl();
  const name = monthName(month.month, intl.locale);
  return (
    <details open={open} className="rounded-md border border-line" data-testid="coverage-month">
      <summary className="cursor-pointer px-3 py-2 font-medium">
        {intl.formatMessage(messages.monthSummary, { month: name, days: month.covered, gaps: month.gaps, holidays: month.holidays })}
      </summary>
      <div className="overflow-x-auto">
        <table className="w-full text-sm">
          <caption className="sr-only">{name}</caption>
          <thead>
            <tr className="border-b border-line text-start text-fg-muted">
              <th scope="col" className="px-3 py-1 text-start font-medium">{intl.formatMessage(messages.date)}</th>
              {indices.map((index) => (
                <th key={index} scope="col" className="px-3 py-1 text-start font-medium">{index}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {month.days.map((day) => (
              <DayRow key={day.date} day={day} indices={indices} />
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

/** Indices × days, a month at a time (the newest open), every gap marked. */
export function CoverageTable({ grid }: { grid: CoverageGrid }) {
  const intl = useIntl();
  return (
    <div className="flex flex-col gap-2">
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm" aria-label={intl.formatMessage(messages.legend)}>
        <li><Marked mark={marks.covered} className="text-profit">{intl.formatMessage(messages.legendCovered)}</Marked></li>
        <li><Marked mark={marks.missing} className="text-loss">{intl.formatMessage(messages.legendGap)}</Marked></li>
        <li><Marked mark={marks.closed} className="text-fg-muted">{intl.formatMessage(messages.legendHoliday)}</Marked></li>
        <li><Marked mark={marks.unsure} className="text-fg-muted">{intl.formatMessage(messages.legendUnknown)}</Marked></li>
        <li><Marked mark={marks.simulated} className="text-fg-muted">{intl.formatMessage(messages.legendSimulated)}</Marked></li>
      </ul>
      {grid.months.map((month, position) => (
        <Month key={month.month} month={month} indices={grid.indices} open={position === 0} />
      ))}
    </div>
  );
}
