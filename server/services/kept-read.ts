// A read of reference data that changes only with a migration (a calendar, a schedule, which underlyings settle by
// delivery): made once, shared by every caller while it runs, and made again by the next call after it failed.
import type { Queryable } from '../db/database.ts';

export function keptRead<T>(read: (q: Queryable) => Promise<T>): (q: Queryable) => Promise<T> {
  let kept: Promise<T> | null = null;
  return (q) => {
    if (kept === null) {
      const reading = read(q);
      reading.catch(() => (kept = null));
      kept = reading;
    }
    return kept;
  };
}
