// NSE's combined open interest across the exchanges (`combineoi_DDMMYYYY.csv`, inside `combineoi_DDMMYYYY.zip` in the
// nsccl archive's mwpl folder), published each evening for every stock with F&O (issue 63):
//   Date, ISIN, Scrip Name, NSE Symbol, MWPL, Open Interest, Future Equivalent Open Interest, Limit for Next Day
//   08-JUL-2026,INE002A01018,RELIANCE INDUSTRIES LTD,RELIANCE,1234567890,345678901,234567890.1234,938271254
// MWPL and open interest in shares; the future-equivalent (delta-adjusted) open interest, the measure of the ban since
// 1 Oct 2025, with decimals (files before it have seven columns, without it); the limit for the next day a number of
// shares or "No Fresh Positions" (a stock in the ban). Names carry spaces after the commas, so columns are matched
// trimmed. Every row is of one day, which must be the file name's (history-span.ts). Only the stocks the
// underlyings table lists are kept (as a bhavcopy's), the others counted as skipped.
import { FieldError, dayMonthYearDate, fileLines, headerColumns, requireColumns, splitFields, wholeNumber } from './csv-values.ts';
import { FileRefusal, ProblemList, lineProblem } from './history-files.ts';
import { combinedOiTexts } from '../texts/combined-oi-texts.ts';
import { historyTexts } from '../texts/history-texts.ts';

export type CombinedOiRow = {
  symbol: string;
  isin: string;
  /** Shares. */
  mwpl: number;
  /** Shares, across the exchanges. */
  openInterest: number;
  /** Future-equivalent shares, as written (up to four decimals); null in a file without the column. */
  futuresEquivalentOi: string | null;
  /** A number of shares, or "No Fresh Positions", as the file says it. */
  limitNextDay: string;
};

export type ParsedCombinedOi = { tradeDate: string; rows: CombinedOiRow[]; skipped: number };

const required = ['Date', 'ISIN', 'NSE Symbol', 'MWPL', 'Open Interest', 'Limit for Next Day'] as const;
const futuresEquivalent = 'future equivalent open interest';

/** Whether a header line is the combined open interest file's: it names the NSE symbol and the MWPL. */
export function isCombinedOiHeader(line: string): boolean {
  const columns = headerColumns(line);
  return columns.has('nse symbol') && columns.has('mwpl') && columns.has('limit for next day');
}

/** A delta-weighted share count: digits with up to four decimals (the file's precision), kept as text for numeric(20, 4). */
function shares(text: string | undefined, column: string): string {
  const value = (text ?? '').trim();
  const match = /^(\d{1,16})(?:\.(\d+))?$/.exec(value);
  if (match === null) throw new FieldError(combinedOiTexts.notShares(column, value));
  const fraction = (match[2] ?? '').slice(0, 4);
  return fraction === '' ? match[1]! : `${match[1]}.${fraction}`;
}

function limitNextDay(text: string | undefined): string {
  const value = (text ?? '').trim();
  if (/^no fresh positions?$/i.test(value) || /^-?\d{1,16}(\.\d+)?$/.test(value)) return value;
  throw new FieldError(combinedOiTexts.badLimitNextDay(value));
}

/** The file's day and the listed stocks' rows, or a FileRefusal listing every bad line. */
export function parseCombinedOi(text: string, stocks: readonly string[]): ParsedCombinedOi {
  const lines = fileLines(text);
  let columns: Record<(typeof required)[number], number>;
  const header = headerColumns(lines[0] ?? '');
  try {
    columns = requireColumns(header, required);
  } catch (error) {
    if (error instanceof FieldError) throw new FileRefusal([lineProblem(1, error.reason)]);
    throw error;
  }
  const futEqAt = header.get(futuresEquivalent);
  const listed = new Set(stocks);
  const problems = new ProblemList();
  const rows: CombinedOiRow[] = [];
  const seen = new Set<string>();
  let tradeDate: string | null = null;
  let skipped = 0;
  for (let index = 1; index < lines.length; index += 1) {
    const fields = splitFields(lines[index] as string);
    // Blank lines (old files carry some at their end).
    if (fields.every((field) => field.trim() === '')) continue;
    const line = index + 1;
    try {
      const day = dayMonthYearDate(fields[columns.Date], 'Date');
      if (tradeDate !== null && day !== tradeDate) throw new FieldError(combinedOiTexts.datesDiffer(tradeDate, day));
      tradeDate ??= day;
      const symbol = (fields[columns['NSE Symbol']] ?? '').trim().toUpperCase();
      if (seen.has(symbol)) throw new FieldError(combinedOiTexts.twice(symbol));
      seen.add(symbol);
      const mwpl = wholeNumber(fields[columns.MWPL]?.trim(), 'MWPL');
      if (mwpl === 0) throw new FieldError(combinedOiTexts.noLimit(symbol));
      const isin = (fields[columns.ISIN] ?? '').trim();
      if (isin.length > 20) throw new FieldError(historyTexts.tooLarge('ISIN', isin));
      const row: CombinedOiRow = {
        symbol,
        isin,
        mwpl,
        openInterest: wholeNumber(fields[columns['Open Interest']]?.trim(), 'Open Interest'),
        futuresEquivalentOi: futEqAt === undefined ? null : shares(fields[futEqAt], 'Future Equivalent Open Interest'),
        limitNextDay: limitNextDay(fields[columns['Limit for Next Day']]),
      };
      if (listed.has(symbol)) rows.push(row);
      else skipped += 1;
    } catch (error) {
      if (!(error instanceof FieldError)) throw error;
      problems.add(line, error.reason);
    }
  }
  problems.throwIfAny();
  if (tradeDate === null) throw new FileRefusal([lineProblem(1, combinedOiTexts.noRows)]);
  return { tradeDate, rows, skipped };
}
