// The coverage grid's cells: for each day that any index has history or a gap on, what each index has that
// day, and the days NSE was closed (its holidays, named) or traded outside its usual hours (special sessions),
// all from the server's exchange calendar. A gap in a year the server has no NSE holiday list for cannot be
// told from a holiday: it is said to be not known, never guessed.
import type { HistoryCoverage, HistoryIndex } from '@/features/market-history/api/market-history-calls';

export type CoverageCell =
  /**
   * optionRows: the day's option contracts (bhavcopy); optionMinutes: option contracts' minute candles fetched
   * from a broker, recordedMinutes: recorded from a live feed (both real), simulatedMinutes: recorded from the
   * simulator (replayable, never real); minuteCandles: the index's real ones.
   */
  | { state: 'covered'; optionRows: number; minuteCandles: number; optionMinutes: number; recordedMinutes: number; simulatedMinutes: number }
  | { state: 'gap' }
  /** A weekday without history in a year without NSE's holiday list: a holiday or a gap, not known which. */
  | { state: 'unknown' }
  /** Outside this index's imported range, or a day it was never expected to have. */
  | { state: 'none' };

/** The exchange's own words for a day: a holiday's name, or a special session's name and hours (IST). */
export type CoverageHoliday = { name: string };
/** `second`: a second session the same day (the 2024 drills' 11:30–12:30), the market shut between the two. */
export type CoverageSession = { name: string; open: string; close: string; second: { open: string; close: string } | null };

export type CoverageDay = { date: string; cells: CoverageCell[]; holiday: CoverageHoliday | null; session: CoverageSession | null };
/** A month's rows, and what its summary counts: days with history (on any index), gaps, holidays. */
export type CoverageMonth = { month: string; days: CoverageDay[]; covered: number; gaps: number; holidays: number };
export type CoverageGrid = { indices: HistoryIndex[]; months: CoverageMonth[] };

/** Newest month first, newest day first inside a month. */
export function coverageGrid(coverage: HistoryCoverage): CoverageGrid {
  const indices = coverage.indices.map((entry) => entry.index);
  const unlisted = new Set(coverage.years_without_holiday_list);
  const byDate = new Map<string, CoverageDay>();
  const dayOf = (date: string) => {
    let day = byDate.get(date);
    if (day === undefined) {
      day = { date, cells: indices.map((): CoverageCell => ({ state: 'none' })), holiday: null, session: null };
      byDate.set(date, day);
    }
    return day;
  };
  coverage.indices.forEach((entry, column) => {
    for (const day of entry.days) {
      dayOf(day.date).cells[column] = {
        state: 'covered',
        optionRows: day.option_rows,
        minuteCandles: day.minute_candles,
        optionMinutes: day.option_minutes,
        recordedMinutes: day.recorded_minutes,
        simulatedMinutes: day.simulated_minutes,
      };
    }
    for (const date of entry.option_gaps) {
      const { cells } = dayOf(date);
      // Minute candles on a day without options: covered, not a gap (the options are what is missing, but the day has data).
      if (cells[column]?.state === 'covered') continue;
      cells[column] = unlisted.has(Number(date.slice(0, 4))) ? { state: 'unknown' } : { state: 'gap' };
    }
  });
  for (const holiday of coverage.holidays) dayOf(holiday.date).holiday = { name: holiday.name };
  for (const session of coverage.special_sessions) {
    // A special session is named on a day the grid shows; a Saturday session nobody imported is a gap already.
    const day = byDate.get(session.date);
    if (day === undefined) continue;
    const second = session.second_open !== undefined && session.second_close !== undefined ? { open: session.second_open, close: session.second_close } : null;
    day.session = { name: session.name, open: session.open, close: session.close, second };
  }
  const months = new Map<string, CoverageMonth>();
  for (const date of [...byDate.keys()].sort().reverse()) {
    const key = date.slice(0, 7);
    let month = months.get(key);
    if (month === undefined) {
      month = { month: key, days: [], covered: 0, gaps: 0, holidays: 0 };
      months.set(key, month);
    }
    const day = byDate.get(date)!;
    month.days.push(day);
    if (day.holiday !== null) month.holidays += 1;
    if (day.cells.some((cell) => cell.state === 'covered')) month.covered += 1;
    month.gaps += day.cells.filter((cell) => cell.state === 'gap' || cell.state === 'unknown').length;
  }
  return { indices, months: [...months.values()] };
}
