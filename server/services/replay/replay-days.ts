// The days a replay can stand on (issue 39): an index's day with option rows (a bhavcopy's settlement prices,
// which model every contract's price along the index's minutes) and the index's own real minutes (imported or
// recorded from a live feed; the simulator's recording is never read as the day's index, as history-prices.ts
// reads it). Where a broker's option minute candles or a live feed's recording are stored for the day (minute
// rows, or the recorder's compacted day), those contracts' prices are real.
import type { Queryable } from '../../db/database.ts';
import type { HistoryIndex } from '../history/history-files.ts';

export type ReplayDay = { index: HistoryIndex; day: string; contracts: number; real_contracts: number; prices: 'real' | 'modelled' };

/** Replayable days, newest first (of one index, or of all). */
export async function replayDays(db: Queryable, index: HistoryIndex | null): Promise<ReplayDay[]> {
  const { rows } = await db.query<{ index_name: HistoryIndex; day: string; contracts: number; real_contracts: number }>(
    `WITH options AS (
       SELECT index_name, trade_date, count(*)::integer AS contracts FROM history_option_days
       WHERE $1::text IS NULL OR index_name = $1 GROUP BY index_name, trade_date
     ), minutes AS (
       SELECT DISTINCT index_name, trade_date FROM history_index_minutes WHERE source <> 'simulated' AND ($1::text IS NULL OR index_name = $1)
     ), real AS (
       SELECT index_name, trade_date, count(DISTINCT (expiry, strike_paise, option_type))::integer AS contracts FROM (
         SELECT index_name, trade_date, expiry, strike_paise, option_type FROM history_option_minutes
         WHERE source <> 'simulated' AND ($1::text IS NULL OR index_name = $1)
         UNION ALL
         SELECT index_name, trade_date, expiry, strike_paise, option_type FROM history_recorded_option_days
         WHERE source = 'recorded' AND ($1::text IS NULL OR index_name = $1)
       ) stored GROUP BY index_name, trade_date
     )
     SELECT o.index_name, to_char(o.trade_date, 'YYYY-MM-DD') AS day, o.contracts, coalesce(r.contracts, 0) AS real_contracts
     FROM options o JOIN minutes m USING (index_name, trade_date) LEFT JOIN real r USING (index_name, trade_date)
     ORDER BY o.trade_date DESC, o.index_name`,
    [index],
  );
  return rows.map((row) => ({
    index: row.index_name,
    day: row.day,
    contracts: Number(row.contracts),
    real_contracts: Number(row.real_contracts),
    prices: Number(row.real_contracts) > 0 ? 'real' : 'modelled',
  }));
}

/** Whether the day of the index can be replayed. */
export async function isReplayDay(db: Queryable, index: HistoryIndex, day: string): Promise<boolean> {
  const { rows } = await db.query(
    `SELECT 1 FROM history_option_days o WHERE o.index_name = $1 AND o.trade_date = $2::date
       AND EXISTS (SELECT 1 FROM history_index_minutes m WHERE m.index_name = $1 AND m.trade_date = $2::date AND m.source <> 'simulated') LIMIT 1`,
    [index, day],
  );
  return rows.length > 0;
}
