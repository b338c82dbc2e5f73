// A hand-made day of market history to replay: NIFTY on Monday 5 October 2026, its bhavcopy rows (three weekly
// expiries, strikes 50 apart around the money, settled at Black-76 at 12 %) and its index minutes (25,000.00 at
// 09:15, up ₹1 a minute), imported as the importers store them (tests/server/backtests/history-fixture.ts).
import type { Database } from '../../../server/db/database.ts';
import { importHistory, importMinutes, syntheticRows } from '../backtests/history-fixture.ts';

export const replayDay = '2026-10-05';
export const replayExpiries = ['2026-10-06', '2026-10-13', '2026-10-20'];
/** The index's close (₹) of the m-th minute from 09:15. */
export const indexAt = (minute: number) => 25_000 + minute;
export const dayClose = indexAt(374);

export async function importReplayDay(db: Database): Promise<void> {
  const underlying = { [replayDay]: dayClose };
  await importHistory(db, 'NIFTY', underlying, syntheticRows(underlying, replayExpiries, { around: 6 }));
  await importMinutes(db, 'NIFTY', replayDay, indexAt);
}
