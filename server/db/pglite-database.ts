// The embedded default: real Postgres compiled to WebAssembly, its files under DATA_DIR/pg. It runs one
// statement or transaction at a time; the others wait in priority-gate.ts, trading ahead of analysis.
//
// Postgres in WebAssembly runs on the thread that calls it. On the request thread, every statement's work (a
// replay's reads, an import's rows, a backtest's history) held the event loop, so an order, the kill switch and
// health waited for it even when the gate had put them first (issue 61: PGlite was busy ~40 % of the time under
// 8 replays, 2 backtests and 4 imports). `thread: true` (the server's database, open-database.ts) runs it on a
// thread of its own (pglite-thread.ts): the request thread only sends statements and reads rows.
import type { Database } from './database.ts';
import { openPgliteHere, type PgliteFiles } from './pglite-here.ts';
import { pgliteModules } from './pglite-modules.ts';
import { createPriorityGate, pgliteTradingGraceMs } from './priority-gate.ts';
import { openWorkerHost } from './worker-database.ts';

export type PgliteOptions = PgliteFiles & {
  /** On a worker thread of its own rather than the caller's (see above). */
  thread?: boolean;
};

async function openPgliteThread(options: PgliteFiles): Promise<Database> {
  const dump = options.loadDataDir === undefined ? undefined : new Uint8Array(await options.loadDataDir.arrayBuffer());
  // Compiled once for the process and shared with the book threads (pglite-modules.ts), not again in the thread.
  const modules = options.modules ?? (await pgliteModules());
  const host = await openWorkerHost(
    new URL('./pglite-thread.ts', import.meta.url),
    { dataDir: options.dataDir, dump, modules },
    dump === undefined ? [] : [dump.buffer],
  );
  // Like PGlite in this thread, the database's thread alone does not keep the process alive; a statement does.
  host.unref();
  const db = await host.open({ listens: true }).catch(async (error: unknown) => {
    await host.end();
    throw error;
  });
  return {
    ...db,
    async close() {
      await db.close();
      await host.end();
    },
  };
}

/** PGlite's own queue is in arrival order: every statement waits here first, where trading goes first. */
function gated(db: Database): Database {
  const gate = createPriorityGate({ capacity: 1, tradingGraceMs: pgliteTradingGraceMs });
  return {
    ...db,
    query: (sql, params) => gate.run(() => db.query(sql, params)),
    exec: (sql) => gate.run(() => db.exec(sql)),
    copyFrom: (sql, data) => gate.run(() => db.copyFrom(sql, data)),
    // The whole transaction is one turn: PGlite holds every other statement until it ends.
    transaction: (fn) => gate.run(() => db.transaction(fn)),
  };
}

export async function openPgliteDatabase({ thread = false, ...options }: PgliteOptions = {}): Promise<Database> {
  // On its thread, the gate is there (pglite-thread.ts): each statement is sent at once with its lane, so the
  // database's thread starts the next one as the last ends, without waiting for this thread to send it.
  const db = thread ? await openPgliteThread(options) : gated(await openPgliteHere(options));
  const listening = new Map<string, number>();
  const count = (channel: string, by: number) => listening.set(channel, (listening.get(channel) ?? 0) + by);
  return {
    ...db,
    async listen(channel, listener) {
      const stop = await db.listen!(channel, listener);
      count(channel, 1);
      return async () => {
        count(channel, -1);
        await stop();
      };
    },
    listeners: async (channel) => listening.get(channel) ?? 0,
  };
}
