// The empty book every backtest starts from: a PGlite database migrated, with the strategy catalogue, dumped.
// Making it costs about 5 s of CPU (initdb and the migrations), so it is made once per process and kept on disk
// between processes (the first backtest after a restart, and each `npm run bench -- backtest`, would pay it
// again). The file's name carries a hash of everything the dump is made of: PGlite's version, every migration
// file's name and text, and the strategy catalogue; changing any of them names another file, so a stale dump
// is never loaded.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pgliteCopyFrom } from '../../../db/copy-from.ts';
import type { Database, Queryable } from '../../../db/database.ts';
import { migrate } from '../../../db/migrate.ts';
import { baseStrategyCatalogue } from '../../strategies/catalogue.ts';
import { syncBaseStrategies } from '../../strategies/strategies-service.ts';

const migrationsDir = fileURLToPath(new URL('../../../db/migrations/', import.meta.url));

/** The hash naming a template made from these migrations (see the header). */
export function templateKey(dir: string = migrationsDir): string {
  const hash = createHash('sha256');
  // Its package.json is not exported: found beside its entry (dist/).
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const pglite = JSON.parse(readFileSync(join(dirname(entry), '..', 'package.json'), 'utf8')) as { version: string };
  hash.update(`pglite ${pglite.version}\n`);
  for (const file of readdirSync(dir).sort()) hash.update(`${file}\n`).update(readFileSync(join(dir, file))).update('\n');
  hash.update(JSON.stringify(baseStrategyCatalogue));
  return hash.digest('hex').slice(0, 24);
}

function adapt(pg: PGlite): Database {
  const wrap = (target: Pick<PGlite, 'query' | 'exec'>): Queryable => ({
    query: async <T>(sql: string, params: readonly unknown[] = []) => ({ rows: (await target.query<T>(sql, [...params])).rows }),
    exec: async (sql: string) => {
      await target.exec(sql);
    },
    copyFrom: (sql, data) => pgliteCopyFrom(target, sql, data),
  });
  const outer = wrap(pg);
  return { kind: 'pglite', query: outer.query, exec: outer.exec, copyFrom: outer.copyFrom, transaction: (fn) => pg.transaction((tx) => fn(wrap(tx))), close: () => pg.close() };
}

async function makeTemplate(): Promise<Blob> {
  const pg = await PGlite.create();
  const db = adapt(pg);
  await migrate(db);
  await syncBaseStrategies(db);
  const dump = await pg.dumpDataDir('gzip');
  await pg.close();
  return dump;
}

/** The template from `dir` when a file of this key is there, else made and written there (atomically: a rename). */
export async function loadOrMakeTemplate(dir: string, key: string = templateKey()): Promise<Blob> {
  const path = join(dir, `strikedesk-backtest-book-${key}.tar.gz`);
  try {
    return new Blob([await readFile(path)]);
  } catch {
    // Not made yet (or unreadable): made below.
  }
  const dump = await makeTemplate();
  const partial = `${path}.${process.pid}.partial`;
  try {
    await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await rename(partial, path);
  } catch {
    // A read-only or full disk costs the next process the 5 s again, nothing else.
  }
  return dump;
}

let template: Promise<Blob> | undefined;

/** The template, once per process (from the system's temporary folder when an earlier process left it there). */
export function bookTemplate(): Promise<Blob> {
  template ??= loadOrMakeTemplate(tmpdir());
  return template;
}
