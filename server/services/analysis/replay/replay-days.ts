// The days a replay can stand on (issue 39): an index's day with the index's own real minutes (imported or
// recorded from a live feed; the simulator's recording is never read as the day's index, as history-prices.ts
// reads it) and option contracts: its bhavcopy's rows (settlement prices, which model every contract's price
// along the index's minutes), or without a bhavcopy the contracts whose real minutes are stored (a day the
// recorder alone holds: a live feed's recording, as minute rows or the recorder's compacted day; or a broker's
// fetched candles). Where a contract's minutes are stored its prices are real.
//
// The data decides, not the calendar: a day NSE's calendar has closed (a weekend, a holiday, perhaps declared
// after the day traded) replays when history holds the market trading on it, as the budget's Sunday sessions do
// (they are special sessions in the calendar too). Each day is listed with the hours it traded at: its regular session (09:15–15:30, 15:40 since 3 August 2026),
// or its special session's from the calendar (Muhurat trading's evening hour, a disaster-recovery drill's
// morning), with the session's MIS square-off; the replay's clock runs over those hours. A day with nothing to
// replay is refused with the calendar's reason when it was closed.
import type { Queryable } from '../../../db/database.ts';
import { DomainError } from '../../domain-error.ts';
import type { HistoryIndex } from '../../history/history-files.ts';
import { loadTradingCalendar } from '../../market/calendar-data.ts';
import { dayHours, isoWeekday, type DayHours } from '../../market/trading-calendar.ts';
import { replayTexts } from '../../texts/replay-texts.ts';

/** The hours a replayed day traded at, as the contract answers them (HH:MM IST). */
export type ReplayHours = { open: string; close: string; mis_square_off: string; pause?: { from: string; until: string } };

export type ReplayDay = {
  index: HistoryIndex;
  day: string;
  contracts: number;
  real_contracts: number;
  prices: 'real' | 'modelled';
  bhavcopy: boolean;
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

/** Replayable days, newest first (of one index, or of all; of one day, or of all). */
export async function replayDays(db: Queryable, index: HistoryIndex | null, day: string | null = null): Promise<ReplayDay[]> {
  const within = `($1::text IS NULL OR index_name = $1) AND ($2::date IS NULL OR trade_date = $2::date)`;
  const { rows } = await db.query<{ index_name: HistoryIndex; day: string; contracts: number; real_contracts: number; bhavcopy: boolean }>(
    `WITH bhavcopy AS (
       SELECT index_name, trade_date, count(*)::integer AS contracts FROM history_option_days WHERE ${within} GROUP BY index_name, trade_date
     ), minutes AS (
       SELECT DISTINCT index_name, trade_date FROM history_index_minutes WHERE source <> 'simulated' AND ${within}
     ), real AS (
       SELECT index_name, trade_date, count(DISTINCT (expiry, strike_paise, option_type))::integer AS contracts FROM (
         SELECT index_name, trade_date, expiry, strike_paise, option_type FROM history_option_minutes WHERE source <> 'simulated' AND ${within}
         UNION ALL
         SELECT index_name, trade_date, expiry, strike_paise, option_type FROM history_recorded_option_days WHERE source = 'recorded' AND ${within}
       ) stored GROUP BY index_name, trade_date
     )
     SELECT m.index_name, to_char(m.trade_date, 'YYYY-MM-DD') AS day, coalesce(b.contracts, r.contracts) AS contracts,
            coalesce(r.contracts, 0) AS real_contracts, b.contracts IS NOT NULL AS bhavcopy
     FROM minutes m LEFT JOIN bhavcopy b USING (index_name, trade_date) LEFT JOIN real r USING (index_name, trade_date)
     WHERE b.contracts IS NOT NULL OR r.contracts IS NOT NULL
     ORDER BY m.trade_date DESC, m.index_name`,
    [index, day],
  );
  const calendar = await loadTradingCalendar(db, 'NSE');
  return rows.map((row) => ({
    index: row.index_name,
    day: row.day,
    contracts: Number(row.contracts),
    real_contracts: Number(row.real_contracts),
    prices: Number(row.real_contracts) > 0 ? 'real' : 'modelled',
    bhavcopy: row.bhavcopy,
    session: replayHoursOf(dayHours(calendar, row.day)),
    special: calendar.specialSessions.get(row.day)?.description ?? null,
  }));
}

/** Whether the day of the index can be replayed. */
export async function isReplayDay(db: Queryable, index: HistoryIndex, day: string): Promise<boolean> {
  return (await replayDays(db, index, day)).length > 0;
}

/**
 * The day as a replay plays it (its hours), or a refusal (422 replay_no_history) saying why it cannot be
 * replayed: the exchange's holiday or a weekend (when history holds nothing for it), else no history.
 */
export async function checkReplayDay(db: Queryable, index: HistoryIndex, day: string): Promise<ReplayDay> {
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
