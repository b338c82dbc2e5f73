// What imported history covers: per index, each day with option rows, minute candles or the daily OHLC, the trading days
// missing between the first and last covered day (gaps), rows and bytes; and the days NSE was closed (its
// holidays, named) or traded outside its usual week or hours (special sessions) in that span. Both come
// from the one exchange calendar the simulator and the backtests read (market_calendar, NSE's circulars).
// Days of years the calendar has no holiday list for cannot be told from holidays: those years are named,
// so a screen says it does not know rather than guess.
import type { Queryable } from '../../db/database.ts';
import { loadTradingCalendar } from '../market/calendar-data.ts';
import { addDays, isoWeekday, isTradingDay } from '../market/trading-calendar.ts';
import { historyIndices, type HistoryIndex } from './history-files.ts';

/** `daily_ohlc`: the index's open/high/low/close of the day is imported (the backtest's path without minutes). */
/**
 * `option_minutes`: option contracts' minute candles fetched from a broker, all contracts together;
 * `recorded_minutes`: those a live feed recorded (real too); `simulated_minutes`: the simulator's, recorded
 * (never read as real). `minute_candles` counts the index's real minutes (imported, fetched or recorded live).
 */
export type CoveredDay = {
  date: string;
  option_rows: number;
  minute_candles: number;
  option_minutes: number;
  recorded_minutes: number;
  simulated_minutes: number;
  daily_ohlc: boolean;
};

export type IndexCoverage = {
  index: HistoryIndex;
  first_day: string;
  last_day: string;
  days: CoveredDay[];
  /** Trading days between first_day and last_day with no option rows. */
  option_gaps: string[];
  option_rows: number;
  minute_candles: number;
  option_minutes: number;
  /** The days' recorded option minutes (a live feed's, real) and simulated ones (the simulator's), and the days holding each. */
  recorded_minutes: number;
  recorded_days: number;
  simulated_minutes: number;
  simulated_days: number;
  bytes: number;
};

/** A weekday the exchange was closed, with the exchange's name for it and the circular that says so. */
export type ClosedDay = { date: string; name: string; source: string | null };
/** A day the exchange traded outside its usual week or hours (IST), e.g. Muhurat trading or a Budget Saturday. */
/** A special session's day and hours; `second_open`/`second_close`, a second session the same day (the 2024 drills). */
export type SpecialSessionDay = ClosedDay & { open: string; close: string; second_open?: string; second_close?: string };

export type HistoryCoverage = {
  indices: IndexCoverage[];
  /** NSE's holidays on weekdays between the first and the last day of any index's history. */
  holidays: ClosedDay[];
  /** NSE's special sessions in that span: trading days, a gap when their history is missing. */
  special_sessions: SpecialSessionDay[];
  /** Years in the answer for which the calendar has no NSE holiday list: their gaps may be holidays. */
  years_without_holiday_list: number[];
  /** Space the history tables take on disk, indexes included. */
  table_bytes: number;
};

type DayRow = { index_name: HistoryIndex; day: string; rows: number; bytes: string };

export async function readCoverage(db: Queryable, from: string | null, to: string | null): Promise<HistoryCoverage> {
  const range = `($1::date IS NULL OR trade_date >= $1::date) AND ($2::date IS NULL OR trade_date <= $2::date)`;
  const options = await db.query<DayRow>(
    `SELECT index_name, to_char(trade_date, 'YYYY-MM-DD') AS day, count(*)::integer AS rows, sum(pg_column_size(t.*))::text AS bytes
     FROM history_option_days t WHERE ${range} AND index_name = ANY($3::text[]) GROUP BY index_name, trade_date`,
    // The indices' coverage: a stock's options (migration 124) are not an index's days.
    [from, to, historyIndices],
  );
  const minutes = await db.query<DayRow>(
    `SELECT index_name, to_char(trade_date, 'YYYY-MM-DD') AS day, count(*)::integer AS rows, sum(pg_column_size(t.*))::text AS bytes
     FROM history_index_minutes t WHERE ${range} AND source <> 'simulated' AND index_name = ANY($3::text[]) GROUP BY index_name, trade_date`,
    // The indices' minutes: a watched stock's recorded minutes (migration 132) are not an index's days.
    [from, to, historyIndices],
  );
  // By source: a recorded day's minutes are rows while it is recorded, a contract-day's arrays after (047).
  const optionMinutes = await db.query<DayRow & { source: string }>(
    `SELECT index_name, to_char(trade_date, 'YYYY-MM-DD') AS day, source, count(*)::integer AS rows, sum(pg_column_size(t.*))::text AS bytes
     FROM history_option_minutes t WHERE ${range} AND index_name = ANY($3::text[]) GROUP BY index_name, trade_date, source
     UNION ALL
     SELECT index_name, to_char(trade_date, 'YYYY-MM-DD'), source, sum(cardinality(minutes))::integer, sum(pg_column_size(t.*))::text
     FROM history_recorded_option_days t WHERE ${range} AND index_name = ANY($3::text[]) GROUP BY index_name, trade_date, source`,
    [from, to, historyIndices],
  );
  const indexDays = await db.query<DayRow>(
    `SELECT index_name, to_char(trade_date, 'YYYY-MM-DD') AS day, 1 AS rows, pg_column_size(t.*)::text AS bytes
     FROM history_index_days t WHERE ${range}`,
    [from, to],
  );
  const sizes = await db.query<{ bytes: string }>(
    `SELECT (pg_total_relation_size('history_option_days') + pg_total_relation_size('history_index_minutes')
      + pg_total_relation_size('history_index_days') + pg_total_relation_size('history_option_minutes')
      + pg_total_relation_size('history_option_minute_fetches') + pg_total_relation_size('history_recorded_option_days')
      + pg_total_relation_size('history_future_minutes')
      + pg_total_relation_size('history_imports'))::text AS bytes`,
  );
  const calendar = await loadTradingCalendar(db, 'NSE');
  const listedYears = new Set([...calendar.holidays.keys()].map((day) => Number(day.slice(0, 4))));

  const byIndex = new Map<HistoryIndex, Map<string, CoveredDay>>();
  const bytesByIndex = new Map<HistoryIndex, number>();
  const dayOf = (row: DayRow): CoveredDay => {
    let days = byIndex.get(row.index_name);
    if (days === undefined) byIndex.set(row.index_name, (days = new Map()));
    let day = days.get(row.day);
    if (day === undefined) days.set(row.day, (day = { date: row.day, option_rows: 0, minute_candles: 0, option_minutes: 0, recorded_minutes: 0, simulated_minutes: 0, daily_ohlc: false }));
    bytesByIndex.set(row.index_name, (bytesByIndex.get(row.index_name) ?? 0) + Number(row.bytes));
    return day;
  };
  for (const row of options.rows) dayOf(row).option_rows = row.rows;
  for (const row of minutes.rows) dayOf(row).minute_candles = row.rows;
  // A day may hold minutes of several sources, and of one in both tables: they add up.
  for (const row of optionMinutes.rows) {
    const day = dayOf(row);
    if (row.source === 'recorded') day.recorded_minutes += row.rows;
    else if (row.source === 'simulated') day.simulated_minutes += row.rows;
    else day.option_minutes += row.rows;
  }
  // A day with the index's daily OHLC is covered for the index even without minutes.
  for (const row of indexDays.rows) dayOf(row).daily_ohlc = true;

  const years = new Set<number>();
  const indices: IndexCoverage[] = [];
  for (const index of historyIndices) {
    const days = byIndex.get(index);
    if (days === undefined) continue;
    const sorted = [...days.values()].sort((a, b) => a.date.localeCompare(b.date));
    // The summary's range is the history a backtest or a replay can read: a day the simulator alone recorded
    // (the server's own demo market, today's included) is shown as a day, never as the range's end.
    const real = sorted.filter((day) => day.option_rows + day.minute_candles + day.option_minutes + day.recorded_minutes > 0 || day.daily_ohlc);
    const ranged = real.length > 0 ? real : sorted;
    const first = (ranged[0] as CoveredDay).date;
    const last = (ranged[ranged.length - 1] as CoveredDay).date;
    const optionGaps: string[] = [];
    // Gaps in the option days only between the first and last day that has options.
    const optionDays = sorted.filter((day) => day.option_rows > 0);
    if (optionDays.length > 0) {
      const end = (optionDays[optionDays.length - 1] as CoveredDay).date;
      for (let day = (optionDays[0] as CoveredDay).date; day <= end; day = addDays(day, 1)) {
        if (isTradingDay(calendar, day) && (days.get(day)?.option_rows ?? 0) === 0) optionGaps.push(day);
      }
    }
    for (const day of sorted) years.add(Number(day.date.slice(0, 4)));
    indices.push({
      index,
      first_day: first,
      last_day: last,
      days: sorted,
      option_gaps: optionGaps,
      option_rows: sorted.reduce((sum, day) => sum + day.option_rows, 0),
      minute_candles: sorted.reduce((sum, day) => sum + day.minute_candles, 0),
      option_minutes: sorted.reduce((sum, day) => sum + day.option_minutes, 0),
      recorded_minutes: sorted.reduce((sum, day) => sum + day.recorded_minutes, 0),
      recorded_days: sorted.filter((day) => day.recorded_minutes > 0).length,
      simulated_minutes: sorted.reduce((sum, day) => sum + day.simulated_minutes, 0),
      simulated_days: sorted.filter((day) => day.simulated_minutes > 0).length,
      bytes: bytesByIndex.get(index) ?? 0,
    });
  }
  const span = indices.length === 0 ? null : { from: indices.map((entry) => entry.first_day).sort()[0]!, to: indices.map((entry) => entry.last_day).sort().at(-1)! };
  const inSpan = (date: string) => span !== null && date >= span.from && date <= span.to;
  const source = (date: string) => calendar.sources?.get(date) ?? null;
  return {
    indices,
    holidays: [...calendar.holidays]
      .filter(([date]) => inSpan(date) && isoWeekday(date) <= 5)
      .map(([date, name]) => ({ date, name, source: source(date) })),
    special_sessions: [...calendar.specialSessions]
      .filter(([date]) => inSpan(date))
      .map(([date, session]) => ({
        date,
        name: session.description,
        open: session.open,
        close: session.close,
        ...(session.second === undefined ? {} : { second_open: session.second.open, second_close: session.second.close }),
        source: source(date),
      })),
    years_without_holiday_list: [...years].filter((year) => !listedYears.has(year)).sort(),
    table_bytes: Number(sizes.rows[0]?.bytes ?? 0),
  };
}
