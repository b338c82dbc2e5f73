// The days a replay can stand on (issues 39 and 62), each saying where its prices come from:
// - history: an index's or a stock's day (issue 63) whose option contracts history holds (its bhavcopy's rows: settlement prices, which
//   model every contract's price along the index's path; or, without a bhavcopy, the contracts whose real minutes
//   are stored: a live feed's recording, or a broker's fetched candles; where a contract's minutes are stored its
//   prices are real). The index's path (`index_path`): its real minutes where stored ('minutes'); else modelled
//   from the day's open, high, low and close (NSE's index close file, else its near future's range scaled to the
//   underlying: a stock's, 'ohlc'); else modelled in a line from the
//   day before's close to the day's own ('closes', when history holds the day before's: without it the index
//   would stand at its close from the open, the future). The same model backtests price with (history-prices.ts).
// - simulated: a day the demo market recorded (its minutes stored as 'simulated', never read as real: a day
//   history also holds is history's), over the hours it was recorded at (the demo market runs at any hour).
// - sample: the day StrikeDesk ships (replay-sample.ts), an import of its own kind: modelled, not market data.
//
// The data decides, not the calendar: a day NSE's calendar has closed (a weekend, a holiday, perhaps declared
// after the day traded) replays when history holds the market trading on it, as the budget's Sunday sessions do
// (they are special sessions in the calendar too). Each history day is listed with the hours it traded at: its regular session (09:15–15:30, 15:40 since 3 August 2026),
// or its special session's from the calendar (Muhurat trading's evening hour, a disaster-recovery drill's
// morning), with the session's MIS square-off; the replay's clock runs over those hours. A day with nothing to
// replay is refused with the calendar's reason when it was closed.
import type { Queryable } from '../../../db/database.ts';
import { DomainError } from '../../domain-error.ts';
import { sampleImportIds } from '../../history/history-store.ts';
import { loadTradingCalendar } from '../../market/calendar-data.ts';
import { dayHours, isoWeekday, type DayHours } from '../../market/trading-calendar.ts';
import { replayTexts } from '../../texts/replay-texts.ts';
import { simulatedDays } from './replay-demo-days.ts';

/** The hours a replayed day traded at, as the contract answers them (HH:MM IST). */
export type ReplayHours = { open: string; close: string; mis_square_off: string; pause?: { from: string; until: string } };

export type ReplayOrigin = 'history' | 'simulated' | 'sample';
export type IndexPath = 'minutes' | 'ohlc' | 'closes' | 'simulated';

export type ReplayDay = {
  index: string;
  day: string;
  contracts: number;
  real_contracts: number;
  prices: 'real' | 'modelled' | 'simulated';
  bhavcopy: boolean;
  origin: ReplayOrigin;
  index_path: IndexPath;
  session: ReplayHours;
  /** The special session's name in NSE's calendar, null on a regular day. */
  special: string | null;
};

// A day of two sessions (the 2024 drills) says when the market was shut between them.
export const replayHoursOf = (hours: DayHours): ReplayHours => ({
  open: hours.open,
  close: hours.close,
  mis_square_off: hours.misSquareOff,
  ...(hours.pause === undefined ? {} : { pause: { from: hours.pause.from, until: hours.pause.until } }),
});

type HistoryRow = { index_name: string; day: string; contracts: number; real_contracts: number; bhavcopy: boolean; index_path: 'minutes' | 'ohlc' | 'closes'; sample: boolean };

/** The days history holds (see the header), newest first. */
async function historyDays(db: Queryable, index: string | null, day: string | null): Promise<HistoryRow[]> {
  // Any underlying's days (issue 63): an index's, or a stock's from its bhavcopy's options (migration 124).
  const within = `($1::text IS NULL OR index_name = $1) AND ($2::date IS NULL OR trade_date = $2::date)`;
  const { rows } = await db.query<HistoryRow>(
    `WITH bhavcopy AS (
       SELECT index_name, trade_date, count(*)::integer AS contracts, bool_or(underlying_paise IS NOT NULL) AS underlying,
              bool_and(import_id IN ${sampleImportIds}) AS sample
       FROM history_option_days WHERE ${within} GROUP BY index_name, trade_date
     ), minutes AS (
       SELECT DISTINCT index_name, trade_date FROM history_index_minutes WHERE source <> 'simulated' AND ${within}
     ), ohlc AS (
       -- The index close file's range, else the near future's that traded (a stock has no close file: history-prices.ts).
       SELECT index_name, trade_date FROM history_index_days WHERE ${within}
       UNION
       SELECT index_name, trade_date FROM history_future_days
       WHERE open_paise > 0 AND high_paise > 0 AND low_paise > 0 AND close_paise > 0 AND import_id NOT IN ${sampleImportIds} AND ${within}
     ), real AS (
       SELECT index_name, trade_date, count(DISTINCT (expiry, strike_paise, option_type))::integer AS contracts FROM (
         SELECT index_name, trade_date, expiry, strike_paise, option_type FROM history_option_minutes WHERE source <> 'simulated' AND ${within}
         UNION ALL
         SELECT index_name, trade_date, expiry, strike_paise, option_type FROM history_recorded_option_days WHERE source = 'recorded' AND ${within}
       ) stored GROUP BY index_name, trade_date
     ), held AS (
       SELECT index_name, trade_date FROM bhavcopy UNION SELECT index_name, trade_date FROM real
     )
     SELECT h.index_name, to_char(h.trade_date, 'YYYY-MM-DD') AS day, coalesce(b.contracts, r.contracts) AS contracts,
            coalesce(r.contracts, 0) AS real_contracts, b.contracts IS NOT NULL AS bhavcopy, coalesce(b.sample, false) AS sample,
            CASE WHEN m.trade_date IS NOT NULL THEN 'minutes' WHEN o.trade_date IS NOT NULL THEN 'ohlc' ELSE 'closes' END AS index_path
     FROM held h LEFT JOIN bhavcopy b USING (index_name, trade_date) LEFT JOIN real r USING (index_name, trade_date)
       LEFT JOIN minutes m USING (index_name, trade_date) LEFT JOIN ohlc o USING (index_name, trade_date)
     WHERE m.trade_date IS NOT NULL OR o.trade_date IS NOT NULL
        OR (b.underlying AND (EXISTS (SELECT 1 FROM history_option_days p WHERE p.index_name = h.index_name AND p.trade_date < h.trade_date AND p.underlying_paise IS NOT NULL)
                              OR EXISTS (SELECT 1 FROM history_index_days p WHERE p.index_name = h.index_name AND p.trade_date < h.trade_date)))
     ORDER BY h.trade_date DESC, h.index_name`,
    [index, day],
  );
  return rows;
}

/** Replayable days, newest first (of one index, or of all; of one day, or of all). */
export async function replayDays(db: Queryable, index: string | null, day: string | null = null): Promise<ReplayDay[]> {
  const rows = await historyDays(db, index, day);
  const calendar = await loadTradingCalendar(db, 'NSE');
  const held = new Set(rows.map((row) => `${row.index_name}|${row.day}`));
  const history: ReplayDay[] = rows.map((row) => ({
    index: row.index_name,
    day: row.day,
    contracts: Number(row.contracts),
    real_contracts: Number(row.real_contracts),
    prices: Number(row.real_contracts) > 0 ? 'real' : 'modelled',
    bhavcopy: row.bhavcopy,
    origin: row.sample ? 'sample' : 'history',
    index_path: row.index_path,
    session: replayHoursOf(dayHours(calendar, row.day)),
    special: calendar.specialSessions.get(row.day)?.description ?? null,
  }));
  const simulated = (await simulatedDays(db, index, day)).filter((demo) => !held.has(`${demo.index}|${demo.day}`));
  return [...history, ...simulated].sort((a, b) => b.day.localeCompare(a.day) || a.index.localeCompare(b.index));
}

/** Whether the day of the index can be replayed. */
export async function isReplayDay(db: Queryable, index: string, day: string): Promise<boolean> {
  return (await replayDays(db, index, day)).length > 0;
}

/**
 * The day as a replay plays it (its hours), or a refusal (422 replay_no_history) saying why it cannot be
 * replayed: the exchange's holiday or a weekend (when history holds nothing for it), else no history.
 */
export async function checkReplayDay(db: Queryable, index: string, day: string): Promise<ReplayDay> {
  const [replayable] = await replayDays(db, index, day);
  if (replayable !== undefined) return replayable;
  const calendar = await loadTradingCalendar(db, 'NSE');
  const special = calendar.specialSessions.get(day);
  const holiday = calendar.holidays.get(day);
  const weekday = isoWeekday(day);
  const text =
    special === undefined && holiday !== undefined
      ? replayTexts.closedHoliday(index, day, holiday)
      : special === undefined && weekday >= 6
        ? replayTexts.closedWeekend(index, day, weekday === 6 ? 'saturday' : 'sunday')
        : replayTexts.noHistory(index, day);
  throw DomainError.said('replay_no_history', text, { field: 'day' });
}
