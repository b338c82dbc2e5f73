// NSE's daily index close file (`ind_close_all_DDMMYYYY.csv`): one line per NSE index and day with its
// open, high, low and close ("Index Name,Index Date,Open Index Value,High Index Value,Low Index Value,
// Closing Index Value,Points Change,Change(%),Volume,Turnover (Rs. Cr.),P/E,P/B,Div Yield"; dates
// DD-MM-YYYY). A bhavcopy carries only the underlying's close; this file gives the backtest the day's
// open/high/low (history-prices.ts walks the index through them). Only the four optionable indices are
// kept, by the names NSE printed on the line's day (index-names.ts: `CNX Nifty` before 9 Nov 2015); the other
// ~100 indices are counted as skipped. Same rules as the other files: every bad line of a kept index reported
// (a known name on a day it was not used, too), nothing half-imported.
import { FieldError, fileLines, headerColumns, paise, requireColumns, splitFields } from './csv-values.ts';
import { historyTexts } from '../texts/history-texts.ts';
import { FileRefusal, ProblemList, lineProblem, type HistoryIndex } from './history-files.ts';
import { indexNamedOn, isIndexName, type IndexNames } from './index-names.ts';

/** One index's day, values in paise. */
export type IndexDay = { index: HistoryIndex; tradeDate: string; openPaise: number; highPaise: number; lowPaise: number; closePaise: number };

export type ParsedIndexDays = { days: IndexDay[]; tradeDates: string[]; skipped: number };

const columnNames = ['Index Name', 'Index Date', 'Open Index Value', 'High Index Value', 'Low Index Value', 'Closing Index Value'] as const;

/** Whether a header line is the index close file's. */
export function isIndexCloseHeader(header: string): boolean {
  const columns = headerColumns(header);
  return columns.has('index name') && columns.has('index date') && columns.has('closing index value');
}

/** 08-07-2024 (day-month-year, as this file writes it) as an ISO day. */
export function dayMonthNumberDate(text: string | undefined, column: string): string {
  const value = (text ?? '').trim();
  const match = /^(\d{1,2})-(\d{1,2})-(\d{4})$/.exec(value);
  if (match === null) throw new FieldError(historyTexts.notADayMonthNumberDate(column, value));
  const [year, month, day] = [Number(match[3]), Number(match[2]), Number(match[1])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    throw new FieldError(historyTexts.notACalendarDate(column, value));
  }
  return date.toISOString().slice(0, 10);
}

/** The four indices' days of an index close file, by their `names` of each line's day, or a FileRefusal listing every bad line. */
export function parseIndexCloses(text: string, names: IndexNames): ParsedIndexDays {
  const lines = fileLines(text);
  let at: Record<(typeof columnNames)[number], number>;
  try {
    at = requireColumns(headerColumns(lines[0] ?? ''), columnNames);
  } catch (error) {
    if (error instanceof FieldError) throw new FileRefusal([lineProblem(1, error.reason)]);
    throw error;
  }
  const problems = new ProblemList();
  const days: IndexDay[] = [];
  const seen = new Set<string>();
  let skipped = 0;
  for (let line = 1; line < lines.length; line += 1) {
    const text = lines[line] as string;
    if (text.trim() === '') continue;
    const fields = splitFields(text);
    const name = (fields[at['Index Name']] ?? '').trim();
    if (!isIndexName(names, name)) {
      skipped += 1;
      continue;
    }
    try {
      const tradeDate = dayMonthNumberDate(fields[at['Index Date']], 'Index Date');
      const named = indexNamedOn(names, name, tradeDate);
      if ('outside' in named) {
        const { index, from, until } = named.outside;
        throw new FieldError(historyTexts.indexNameOutsideDates(name, index, from, until, tradeDate));
      }
      const index = named.index;
      const day: IndexDay = {
        index,
        tradeDate,
        openPaise: paise(fields[at['Open Index Value']], 'Open Index Value'),
        highPaise: paise(fields[at['High Index Value']], 'High Index Value'),
        lowPaise: paise(fields[at['Low Index Value']], 'Low Index Value'),
        closePaise: paise(fields[at['Closing Index Value']], 'Closing Index Value'),
      };
      if (Math.min(day.openPaise, day.highPaise, day.lowPaise, day.closePaise) <= 0) throw new FieldError(historyTexts.pricesNotPositive);
      if (day.highPaise < Math.max(day.openPaise, day.closePaise, day.lowPaise)) throw new FieldError(historyTexts.candleHighBelow);
      if (day.lowPaise > Math.min(day.openPaise, day.closePaise)) throw new FieldError(historyTexts.candleLowAbove);
      const key = `${index}|${day.tradeDate}`;
      if (seen.has(key)) throw new FieldError(historyTexts.indexDayTwice(index, day.tradeDate));
      seen.add(key);
      days.push(day);
    } catch (error) {
      if (!(error instanceof FieldError)) throw error;
      problems.add(line + 1, error.reason);
    }
  }
  problems.throwIfAny();
  if (days.length === 0) throw new FileRefusal([lineProblem(0, historyTexts.noIndexCloseRows)]);
  return { days, tradeDates: [...new Set(days.map((day) => day.tradeDate))].sort(), skipped };
}
