// The indices' stored state read once a tick, not once an order (issue 37): every paper order read
// market_index_state, which changes only when the leader ticks. Kept while this instance LISTENs on
// market_ticks, where the database tells every instance of each write to that table at its commit (migration
// 050's trigger); a notice, or this instance's own tick, drops it and the next reader reads it again. Not
// listening (a connection lost), every read goes to the database, as before; and a notice missed anyway is
// caught by the market loop's own read of the state, each pass (seen). Whoever must act on another instance's
// tick at once (the market loop, which tells this instance's streams) is told of each notice (`heard`).
import type { Database, Queryable } from '../../db/database.ts';
import type { IndexName } from './index-config.ts';
import type { IndexSnapshot } from './market-rows.ts';

export const tickChannel = 'market_ticks';

type States = Map<IndexName, IndexSnapshot>;

export function createTickStates(db: Database, read: (q: Queryable) => Promise<States>) {
  let kept: States | null = null;
  let listening = false;
  // Moves on every notice, tick and change of `listening`: a read begun before one may be a tick behind.
  let generation = 0;
  const hearers = new Set<() => void>();

  function moved(): void {
    generation += 1;
    kept = null;
  }

  /** A notice came, or listening began again (notices may have been lost meanwhile): the state may have moved. */
  function heardOf(): void {
    moved();
    for (const hearer of hearers) hearer();
  }

  /** `hearer` is called at each notice of a tick (any instance's), until the returned function is called. */
  function heard(hearer: () => void): () => void {
    hearers.add(hearer);
    return () => hearers.delete(hearer);
  }

  /** Starts listening; the stop it answers ends it. */
  async function listen(): Promise<() => Promise<void>> {
    if (db.listen === undefined) return async () => undefined;
    return db.listen(tickChannel, {
      notice: heardOf,
      listening: (now) => {
        listening = now;
        if (now) heardOf();
        else moved();
      },
    });
  }

  /** The state of every index as of the last tick, read through `q` when not already read since. */
  async function current(q: Queryable): Promise<States> {
    if (kept !== null) return kept;
    const startedAt = generation;
    const states = await read(q);
    if (listening && generation === startedAt && states.size > 0) kept = states;
    return states;
  }

  /**
   * Any other read of the stored state (every instance's market loop reads it each pass): one showing a tick
   * the kept state lacks means a notice was missed (a connection gone quiet without failing), so the kept
   * state is dropped within a pass, whatever became of the notices.
   */
  function seen(states: States): void {
    if (kept === null) return;
    for (const [name, state] of states) if (kept.get(name)?.seq !== state.seq) return moved();
  }

  return { listen, current, moved, seen, heard };
}

export type TickStates = ReturnType<typeof createTickStates>;
