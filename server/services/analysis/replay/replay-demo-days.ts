// The days the demo market recorded (issue 62): its index minutes and option minutes stored with source
// 'simulated' by the market recorder (history/market-recorder.ts: the simulator's minutes, as a day being
// recorded or compacted into history_recorded_option_days once over). Never read as real: a replay of one
// reads the simulated rows alone (history-prices.ts `simulated`), and says so. The demo market trades at any
// hour, so such a day's session is the span it was recorded over (first minute to the end of the last), not
// the exchange's, with the MIS square-off a quarter of an hour before its end, as 15:25 is before 15:40.
import type { Queryable } from '../../../db/database.ts';
import { clockMinutes, clockText, istClock } from '../../market/ist.ts';
import type { ReplayDay, ReplayHours } from './replay-days.ts';

/** Minutes between the MIS square-off and the close (15:25 of a 15:40 close). */
const squareOffBeforeCloseMinutes = 15;
/** The last minute a session can close at: the IST day's own. */
const lastMinuteOfDay = 23 * 60 + 59;

/** The session of a recorded span: from its first minute to the end of its last (HH:MM IST). */
export function recordedSession(first: string, last: string): ReplayHours {
  const open = clockMinutes(first);
  const close = Math.min(lastMinuteOfDay, Math.max(open + 1, clockMinutes(last) + 1));
  return { open: clockText(open), close: clockText(close), mis_square_off: clockText(Math.max(open, close - squareOffBeforeCloseMinutes)) };
}

/** The days the demo market recorded with its options (of one index, or all; of one day, or all), newest first. */
export async function simulatedDays(db: Queryable, index: string | null, day: string | null): Promise<ReplayDay[]> {
  const within = `($1::text IS NULL OR index_name = $1) AND ($2::date IS NULL OR trade_date = $2::date)`;
  const { rows } = await db.query<{ index_name: string; day: string; first: Date; last: Date; contracts: number }>(
    `WITH minutes AS (
       SELECT index_name, trade_date, min(minute) AS first, max(minute) AS last FROM history_index_minutes
       WHERE source = 'simulated' AND ${within} GROUP BY index_name, trade_date
     ), options AS (
       SELECT index_name, trade_date, count(DISTINCT (expiry, strike_paise, option_type))::integer AS contracts FROM (
         SELECT index_name, trade_date, expiry, strike_paise, option_type FROM history_option_minutes WHERE source = 'simulated' AND ${within}
         UNION ALL
         SELECT index_name, trade_date, expiry, strike_paise, option_type FROM history_recorded_option_days WHERE source = 'simulated' AND ${within}
       ) stored GROUP BY index_name, trade_date
     )
     SELECT m.index_name, to_char(m.trade_date, 'YYYY-MM-DD') AS day, m.first, m.last, o.contracts
     FROM minutes m JOIN options o USING (index_name, trade_date)
     ORDER BY m.trade_date DESC, m.index_name`,
    [index, day],
  );
  return rows.map((row) => ({
    index: row.index_name,
    day: row.day,
    contracts: Number(row.contracts),
    real_contracts: 0,
    prices: 'simulated',
    bhavcopy: false,
    origin: 'simulated',
    index_path: 'simulated',
    session: recordedSession(istClock(new Date(row.first)), istClock(new Date(row.last))),
    special: null,
  }));
}
