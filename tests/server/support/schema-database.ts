// One database connection shared by many test databases, each living in its own schema. PGlite is one
// session, so whoever runs a statement must first make the session's search_path point at its own
// schema, and nobody else may slip a statement in between: every call takes the connection's turn
// (the server's own queue, priority-gate.ts: trading ahead of analysis, as on the server's PGlite), switches
// the search_path when another schema had it last, then runs. A
// transaction keeps the turn until it ends, as PGlite itself does, so a query on the outer database
// inside a transaction waits forever here too (the rule in server/db/database.ts holds unchanged).
import type { Database, Queryable } from '../../../server/db/database.ts';
import { isSafeIdentifier } from '../../../server/db/postgres-database.ts';
import { createPriorityGate } from '../../../server/db/priority-gate.ts';
import { performance } from 'node:perf_hooks';

export type SharedConnection = {
  base: Database;
  /** Runs fn at its turn: when the calls running have finished and no waiting one of a higher lane is left. */
  turn: <T>(fn: () => Promise<T>) => Promise<T>;
  /** The schema the session's search_path names now. */
  current: string | null;
};

/** How long a turn may wait or last before the worker says so (a test's slowest statements take seconds). */
const heldLongMs = 30_000;

export function shareConnection(base: Database): SharedConnection {
  const gate = createPriorityGate({ capacity: 1 });
  // When the turns stop coming (one never ends: a transaction awaiting what never comes; or the queue itself
  // stalls), every later file of the worker times out in its hooks, far from the cause. The oldest turn pending
  // that long, running or still waiting, is named once, with the stack that asked for it.
  const pending = new Set<{ since: number; asked: Error; running: boolean }>();
  let named = false;
  const watch = setInterval(() => {
    const oldest = pending.values().next().value;
    if (oldest === undefined) named = false;
    if (oldest === undefined || named || performance.now() - oldest.since < heldLongMs) return;
    named = true;
    const seconds = Math.round((performance.now() - oldest.since) / 1000);
    console.error(`A turn of this worker's shared PGlite has ${oldest.running ? 'run' : 'waited'} for ${seconds} s (${JSON.stringify(gate.queued())} waiting), asked here:`, oldest.asked.stack);
  }, 5_000);
  watch.unref();
  const shared: SharedConnection = {
    base,
    current: null,
    turn: (fn) => {
      const mine = { since: performance.now(), asked: new Error('a turn of the shared PGlite'), running: false };
      pending.add(mine);
      return gate
        .run(() => {
          mine.running = true;
          return fn();
        })
        .finally(() => pending.delete(mine));
    },
  };
  return shared;
}

/**
 * A database that sees only `schema` on the shared connection; close() drops the schema. With `existing`, the
 * schema is one made before (a recycled one, migrated-schemas.ts), and close() leaves it in place.
 */
export async function createSchemaDatabase(shared: SharedConnection, schema: string, { existing = false } = {}): Promise<Database> {
  if (!isSafeIdentifier(schema)) throw new Error(`Not a safe schema name: "${schema}"`);
  let closed = false;
  const inSchema = <T>(fn: () => Promise<T>): Promise<T> =>
    shared.turn(async () => {
      if (closed) throw new Error(`The test database ${schema} is closed`);
      if (shared.current !== schema) {
        // Outside any transaction, so a rollback can never undo the switch behind our back.
        await shared.base.exec(`SET search_path TO ${schema}`);
        shared.current = schema;
      }
      return fn();
    });
  if (!existing) await shared.turn(() => shared.base.exec(`CREATE SCHEMA ${schema}`));
  const outer: Queryable = {
    query: <T>(sql: string, params?: readonly unknown[]) => inSchema(() => shared.base.query<T>(sql, params)),
    exec: (sql: string) => inSchema(() => shared.base.exec(sql)),
    copyFrom: (sql: string, data: string) => inSchema(() => shared.base.copyFrom(sql, data)),
  };
  return {
    kind: shared.base.kind,
    query: outer.query,
    exec: outer.exec,
    copyFrom: outer.copyFrom,
    transaction: <T>(fn: (tx: Queryable) => Promise<T>) => inSchema(() => shared.base.transaction(fn)),
    // Notices are the connection's, not a schema's: every test database on it hears them all.
    listen: async (channel, listener) => {
      const listen = shared.base.listen?.bind(shared.base);
      if (listen === undefined) throw new Error('The shared connection cannot listen');
      const stop = await shared.turn(() => listen(channel, listener));
      return () => shared.turn(stop);
    },
    listeners: (channel) => shared.turn(async () => (await shared.base.listeners?.(channel)) ?? 0),
    close: () =>
      shared.turn(async () => {
        if (closed) return;
        closed = true;
        if (!existing) await shared.base.exec(`DROP SCHEMA ${schema} CASCADE`);
      }),
  };
}
