// How far a watcher has read a table it follows by time. A row is stamped (updated_at, at) by the clock of the
// transaction that writes it and becomes visible only when that transaction commits, perhaps after the
// watcher read past its stamp: each read starts `overlapMs` before the cursor, and the alerts' dedupe keys make
// what is read twice harmless.
import type { Queryable } from '../../../db/database.ts';

export const overlapMs = 10_000;

/** Where to read from: the stored cursor less the overlap, or on the very first look just the overlap before now. */
export async function readFrom(q: Queryable, name: string, now: Date): Promise<Date> {
  const { rows } = await q.query<{ read_up_to: Date }>('SELECT read_up_to FROM alert_watch_cursors WHERE name = $1', [name]);
  const cursor = rows[0] === undefined ? now : new Date(rows[0].read_up_to);
  return new Date(cursor.getTime() - overlapMs);
}

/** Moves the cursor forward (never back: a late instance must not make the others re-read more). */
export async function advance(q: Queryable, name: string, upTo: Date): Promise<void> {
  await q.query(
    `INSERT INTO alert_watch_cursors (name, read_up_to) VALUES ($1, $2)
     ON CONFLICT (name) DO UPDATE SET read_up_to = GREATEST(alert_watch_cursors.read_up_to, EXCLUDED.read_up_to)`,
    [name, upTo],
  );
}
