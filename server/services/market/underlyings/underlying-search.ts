// The underlying search box's read (issue 63: "searching an underlying answers in ≤ 50 ms"). The list is a few
// hundred rows that change by migration or import, not by the keystroke: each IST day's list is read once
// (underlying-rows.ts) and searched in memory. A change to the tables moves underlying_data_version (migration
// 110's triggers); the counter is read at most every `recheckMs` of the clock, and a new value drops every day held.
import type { Queryable } from '../../../db/database.ts';
import type { Clock } from '../../clock.ts';
import { istDate } from '../ist.ts';
import { underlyingsOn, type Underlying } from './underlying-rows.ts';

export const searchLimit = 20;
/** How long a read of the data version is trusted: a data change is seen within half a minute. */
const recheckMs = 30_000;
/** Days held at once (today, and the days a replay or a test asks): a bound, not a tuning. */
const daysHeld = 8;

type Indexed = { underlying: Underlying; symbolKey: string; nameKey: string };

export type UnderlyingSearch = {
  /** The underlyings matching `text` on `day` (IST; default the clock's), in answer order, at most 20. */
  search: (text: string, day?: string) => Promise<{ day: string; underlyings: Underlying[] }>;
};

/** Symbol prefix or name substring, both without case; `indexed` is already in answer order. */
export function matching(indexed: readonly Indexed[], text: string): Underlying[] {
  const key = text.trim().toLowerCase();
  const found: Underlying[] = [];
  for (const entry of indexed) {
    if (key === '' || entry.symbolKey.startsWith(key) || entry.nameKey.includes(key)) found.push(entry.underlying);
    if (found.length === searchLimit) break;
  }
  return found;
}

export function createUnderlyingSearch({ db, clock }: { db: Queryable; clock: Clock }): UnderlyingSearch {
  const days = new Map<string, Promise<Indexed[]>>();
  let version: string | null = null;
  let checkedAt = -Infinity;

  async function fresh(): Promise<void> {
    const now = clock().getTime();
    if (now - checkedAt < recheckMs && now >= checkedAt) return;
    checkedAt = now;
    const { rows } = await db.query<{ version: string }>('SELECT version::text AS version FROM underlying_data_version WHERE id = 1');
    const seen = rows[0]?.version ?? null;
    if (seen !== version) days.clear();
    version = seen;
  }

  function listOn(day: string): Promise<Indexed[]> {
    const held = days.get(day);
    if (held !== undefined) return held;
    if (days.size >= daysHeld) days.delete(days.keys().next().value as string);
    const loading = underlyingsOn(db, day).then((list) =>
      list.map((underlying) => ({ underlying, symbolKey: underlying.symbol.toLowerCase(), nameKey: underlying.name.toLowerCase() })),
    );
    // A failed read is not kept: the next search reads again.
    loading.catch(() => {
      if (days.get(day) === loading) days.delete(day);
    });
    days.set(day, loading);
    return loading;
  }

  return {
    async search(text, asked) {
      await fresh();
      const day = asked ?? istDate(clock());
      return { day, underlyings: matching(await listOn(day), text) };
    },
  };
}
