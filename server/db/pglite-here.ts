// PGlite on the calling thread as a Database, without the queue in front of it (pglite-database.ts adds it, and
// moves this onto a thread of its own for the server: pglite-thread.ts).
import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { pgliteCopyFrom } from './copy-from.ts';
import type { Database, Queryable } from './database.ts';
import type { PgliteModules } from './pglite-modules.ts';
import { serverStartParams } from './pglite-settings.ts';

export type PgliteFiles = {
  /** Where the cluster's files live; in memory when absent (tests). */
  dataDir?: string;
  /** A dump from `dumpDataDir()` to start from instead of running initdb (tests: ~1 s instead of ~6 s). */
  loadDataDir?: Blob;
  /** The process's compiled PGlite (pglite-modules.ts); without it PGlite reads and compiles its own. */
  modules?: PgliteModules;
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

/** PGlite on this thread, without the gate: what the server's database thread serves (pglite-thread.ts). */
export async function openPgliteHere(options: PgliteFiles = {}): Promise<Database> {
  if (options.dataDir !== undefined) await mkdir(options.dataDir, { recursive: true });
  const pg = await PGlite.create({
    ...options.modules,
    startParams: [...serverStartParams],
    ...(options.dataDir === undefined ? {} : { dataDir: options.dataDir }),
    ...(options.loadDataDir === undefined ? {} : { loadDataDir: options.loadDataDir }),
  });
  return {
    kind: 'pglite',
    ...wrap(pg),
    transaction: (fn) => pg.transaction((tx) => fn(wrap(tx))),
    // One process holds the database: its notices are heard at each commit, and never lost.
    async listen(channel, listener) {
      const stop = await pg.listen(channel, listener.notice);
      listener.listening(true);
      return async () => {
        listener.listening(false);
        await stop();
      };
    },
    close: () => pg.close(),
  };
}

