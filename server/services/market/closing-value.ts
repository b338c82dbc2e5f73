// The exchange's closing value of an index, which its expiring options settle at. NSE (and BSE) compute an
// index's closing price as the average of its values over the last half hour of the session, not its last tick:
// the window is the day's regular session's (market_sessions: 15:00–15:30 IST until 31 July 2026, 15:10–15:40
// from 3 August 2026). The simulator models it from its own minute candles over that window: the mean of their
// closing values (one value per simulated minute, so each minute weighs the same).
import type { Queryable } from '../../db/database.ts';
import { loadRegularSessions } from './calendar-data.ts';
import { indexFacts, type IndexName } from './index-config.ts';
import { istInstant } from './ist.ts';
import { exchangeOf } from './market-core.ts';
import { regularSessionOn } from './trading-calendar.ts';

/** The index's closing value on an IST day in paise, or null when the simulator has no minute of its close-price window. */
export async function closingValuePaise(q: Queryable, index: IndexName, day: string): Promise<number | null> {
  const facts = await indexFacts(q, index, istInstant(day, '12:00'));
  const window = regularSessionOn({ regular: await loadRegularSessions(q, exchangeOf(facts)) }, day).closePrice;
  const { rows } = await q.query<{ average: string | null }>(
    'SELECT avg(close) AS average FROM market_candles WHERE index_name = $1 AND minute >= $2 AND minute < $3',
    [index, istInstant(day, window.from), istInstant(day, window.to)],
  );
  const average = rows[0]?.average;
  return average === null || average === undefined ? null : Math.round(Number(average) * 100);
}
