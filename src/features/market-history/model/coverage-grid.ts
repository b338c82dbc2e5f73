// The coverage grid's cells: for each day that any index has history or a gap on, what each index has that
// day. A gap (a trading day by the calendar without option rows) in a year the server has no NSE holiday
// list for may be a holiday, and is said so rather than called missing.
import type { HistoryCoverage, HistoryIndex } from '@/features/market-history/api/market-history-calls';

export type CoverageCell =
  | { state: 'covered'; optionRows: number; minuteCandles: number }
  | { state: 'gap' }
  | { state: 'maybe_holiday' }
  /** Outside this index's imported range, or a day it was never expected to have. */
  | { state: 'none' };

export type CoverageDay = { date: string; cells: CoverageCell[] };
export type CoverageMonth = { month: string; days: CoverageDay[]; gaps: number };
export type CoverageGrid = { indices: HistoryIndex[]; months: CoverageMonth[] };

/** Newest month first, newest day first inside a month. */
export function coverageGrid(coverage: HistoryCoverage): CoverageGrid {
  const indices = coverage.indices.map((entry) => entry.index);
  const unlisted = new Set(coverage.years_without_holiday_list);
  const byDate = new Map<string, CoverageCell[]>();
  const cellsOf = (date: string) => {
    let cells = byDate.get(date);
    if (cells === undefined) {
      cells = indices.map((): CoverageCell => ({ state: 'none' }));
      byDate.set(date, cells);
    }
    return cells;
  };
  coverage.indices.forEach((entry, column) => {
    for (const day of entry.days) cellsOf(day.date)[column] = { state: 'covered', optionRows: day.option_rows, minuteCandles: day.minute_candles };
    for (const date of entry.option_gaps) {
      const cells = cellsOf(date);
      // Minute candles on a day without options: covered, not a gap (the options are what is missing, but the day has data).
      if (cells[column]?.state === 'covered') continue;
      cells[column] = unlisted.has(Number(date.slice(0, 4))) ? { state: 'maybe_holiday' } : { state: 'gap' };
    }
  });
  const months = new Map<string, CoverageMonth>();
  for (const date of [...byDate.keys()].sort().reverse()) {
    const key = date.slice(0, 7);
    let month = months.get(key);
    if (month === undefined) {
      month = { month: key, days: [], gaps: 0 };
      months.set(key, month);
    }
    const cells = byDate.get(date)!;
    month.days.push({ date, cells });
    month.gaps += cells.filter((cell) => cell.state === 'gap' || cell.state === 'maybe_holiday').length;
  }
  return { indices, months: [...months.values()] };
}
