// The embedded default: real Postgres compiled to WebAssembly, its files under DATA_DIR/pg. It runs one
// statement or transaction at a time; the others wait in priority-gate.ts, trading ahead of analysis.
import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { pgliteCopyFrom } from './copy-from.ts';
import type { Database, Queryable } from './database.ts';
import { createPriorityGate } from './priority-gate.ts';

export type PgliteOptions = {
  /** Where the cluster's files live; in memory when absent (tests). */
  dataDir?: string;
  /** A dump from `dumpDataDir()` to start from instead of running initdb (tests: ~1 s instead of ~6 s). */
  loadDataDir?: Blob;
};

type PgliteQueryable = Pick<PGlite, 'query' | 'exec'>;

function wrap(target: PgliteQueryable): Queryable {
  return {
    async query<T>(sql: string, params: readonly unknown[] = []) {
      const result = await target.query<T>(sql, [...params]);
      return { rows: result.rows };
    },
    async exec(sql: string) {
      await target.exec(sql);
    },
    copyFrom: (sql, data) => pgliteCopyFrom(target, sql, data),
  };
}

export async function openPgliteDatabase(options: PgliteOptions = {}): Promise<Database> {
  if (options.dataDir !== undefined) await mkdir(options.dataDir, { recursive: true });
  const pg = await PGlite.create({
    ...(options.dataDir === undefined ? {} : { dataDir: options.dataDir }),
    ...(options.loadDataDir === undefined ? {} : { loadDataDir: options.loadDataDir }),
  });
  const outer = wrap(pg);
  // PGlite's own queue is in arrival order: every statement waits here first, where trading goes first.
  const gate = createPriorityGate({ capacity: 1 });
  const listening = new Map<string, number>();
  const count = (channel: string, by: number) => listening.set(channel, (listening.get(channel) ?? 0) + by);
  return {
    kind: 'pglite',
    query: <T>(sql: string, params?: readonly unknown[]) => gate.run(() => outer.query<T>(sql, params)),
    exec: (sql) => gate.run(() => outer.exec(sql)),
    copyFrom: (sql, data) => gate.run(() => outer.copyFrom(sql, data)),
    // The whole transaction is one turn: PGlite holds every other statement until it ends.
    transaction: (fn) => gate.run(() => pg.transaction((tx) => fn(wrap(tx)))),
    // One process holds the database: its notices are heard at each commit, and never lost.
    async listen(channel, listener) {
      const stop = await pg.listen(channel, listener.notice);
      count(channel, 1);
      listener.listening(true);
      return async () => {
        count(channel, -1);
        listener.listening(false);
        await stop();
      };
    },
    listeners: async (channel) => listening.get(channel) ?? 0,
    close: () => pg.close(),
  };
}
