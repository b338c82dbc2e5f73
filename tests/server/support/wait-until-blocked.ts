import type { Queryable } from '../../../server/db/database.ts';

/** Resolves once another PostgreSQL session waits on a lock the session `pid` holds (a deadline, not a sleep, bounds it). */
export async function waitUntilBlocked(db: Queryable, pid: number): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const { rows } = await db.query<{ waiting: string }>('SELECT count(*) AS waiting FROM pg_stat_activity WHERE $1 = ANY(pg_blocking_pids(pid))', [pid]);
    if (Number(rows[0]!.waiting) > 0) return;
    if (Date.now() > deadline) throw new Error(`no session waited on a lock of session ${pid}`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}
