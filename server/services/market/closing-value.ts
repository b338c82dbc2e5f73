// The exchange's closing value of an index, which its expiring options settle at. NSE (and BSE) compute an
// index's closing price as the average of its values over the last 30 minutes of the session, 15:00–15:30
// IST, not its last tick; the simulator models it from its own minute candles over that half hour: the mean
// of their closing values (one value per simulated minute, so each minute weighs the same).
import type { Queryable } from '../../db/database.ts';
import type { IndexName } from './index-config.ts';
import { istOffsetMs } from './ist.ts';

/** The half hour whose average is the close (IST). */
export const closingWindow = { from: '15:00', to: '15:30' } as const;

const istInstant = (day: string, time: string) => new Date(Date.parse(`${day}T${time}:00Z`) - istOffsetMs);

/** The index's closing value on an IST day in paise, or null when the simulator has no minute of that half hour. */
export async function closingValuePaise(q: Queryable, index: IndexName, day: string): Promise<number | null> {
  const { rows } = await q.query<{ average: string | null }>(
    'SELECT avg(close) AS average FROM market_candles WHERE index_name = $1 AND minute >= $2 AND minute < $3',
    [index, istInstant(day, closingWindow.from), istInstant(day, closingWindow.to)],
  );
  const average = rows[0]?.average;
  return average === null || average === undefined ? null : Math.round(Number(average) * 100);
}
