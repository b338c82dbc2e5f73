// An index's level at a past instant, as the simulator recorded it: what the broker's MIS square-off prices
// at when the server was down at the 15:25 cut-off. The simulator does not tick while the server is down, so
// the level "at" the cut-off is the last one it recorded at or before it.
import type { Queryable } from '../../db/database.ts';
import type { IndexName } from './index-config.ts';
import type { IndexSnapshot } from './market-rows.ts';

const minuteMs = 60_000;

/**
 * The index's last recorded level at or before `at`, in paise: the stored state when it last ticked no later
 * than `at`; else the close of the last minute candle that ended by then (a candle of minute M holds the ticks
 * of [M, M + 1 min), so its close may come after `at` unless M + 1 min ≤ `at`); null when neither is known.
 */
export async function indexLevelBeforePaise(q: Queryable, index: IndexName, at: Date, state: IndexSnapshot): Promise<number | null> {
  if (state.tickedAtMs <= at.getTime()) return state.spotPaise;
  const { rows } = await q.query<{ close: string }>(
    'SELECT close FROM market_candles WHERE index_name = $1 AND minute <= $2 ORDER BY minute DESC LIMIT 1',
    [index, new Date(at.getTime() - minuteMs)],
  );
  const close = rows[0]?.close;
  return close === undefined ? null : Math.round(Number(close) * 100);
}
