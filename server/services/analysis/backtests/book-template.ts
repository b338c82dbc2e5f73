// The empty book every backtest starts from: a PGlite database migrated, with the strategy catalogue, dumped.
// Making it costs about 5 s of CPU (initdb and the migrations), so it is made once per process and kept on disk
// between processes (the first backtest after a restart, and each `npm run bench -- backtest`, would pay it
// again). The file's name carries a hash of everything the dump is made of: PGlite's version, every migration
// file's name and text, and the strategy catalogue; changing any of them names another file, so a stale dump
// is never loaded.
//
// A book is held in memory for as long as it is open (issue 61: at most 64 MB a book), so the template is made
// small, and so is what Postgres sets aside when it starts from it (bookSettings): WAL segments of 1 MB instead
// of 16 (the one segment a data directory holds was 16 MB of zeros in every book), no template0 or template1
// databases (a book never creates a database: 15 MB of catalogues), no WAL made ahead, and shared memory sized
// for one session.
//
// Replays' books share a PGlite, a schema each (book-schemas.ts): their template holds the migrated schema
// `schemas` times (public, book_2, …), so a book opened in a warm thread takes a schema already made rather than
// running the migrations (a second or more of CPU) or starting another PGlite.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { access, readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pgliteCopyFrom } from '../../../db/copy-from.ts';
import type { Database, Queryable } from '../../../db/database.ts';
import { loadMigrations, migrate } from '../../../db/migrate.ts';
import { baseStrategyCatalogue } from '../../strategies/catalogue.ts';
import { syncBaseStrategies } from '../../strategies/strategies-service.ts';
import { startWorker } from '../../../db/worker-start.ts';
import { readPristine } from './schema-reset.ts';
import type { TemplateThreadData, TemplateThreadMessage } from './template-thread.ts';
import { catalogueFile, ownBytes, pristineFile, templateTar } from './template-files.ts';
import { catalogueSql, type CatalogueRow } from './book-read-cache.ts';

const migrationsDir = fileURLToPath(new URL('../../../db/migrations/', import.meta.url));

/** The hash naming a template made from these migrations (see the header). */
export function templateKey(dir: string = migrationsDir, schemas = 1): string {
  const hash = createHash('sha256');
  // Its package.json is not exported: found beside its entry (dist/).
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const pglite = JSON.parse(readFileSync(join(dirname(entry), '..', 'package.json'), 'utf8')) as { version: string };
  hash.update(`pglite ${pglite.version}\n`);
  hash.update(`initdb ${JSON.stringify(initdbArgs)}, no template databases, no WAL ahead\n`);
  if (schemas > 1) hash.update(`schemas ${bookSchemaNames(schemas).join(' ')}, ${pristineFile}, ${catalogueFile}\n`);
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

/**
 * What a book's Postgres sets aside, written by initdb into the template's postgresql.conf (so the making runs
 * with it too, and every book starts with it). PGlite's WebAssembly Postgres zeroes its shared memory as it
 * starts, so Postgres's default 128 MB of shared buffers were 128 MB of every book's memory, used or not: a book's
 * tables and indexes are a few MB (a day's contracts, its orders), which 4 MB of buffers holds, the rest read from
 * the in-memory data directory. One session: no connection slots or WAL senders beyond it. WAL is kept to a few
 * segments (checkpoints recycle the rest), and sorts and index builds are bounded as well.
 */
export const bookSettings: Readonly<Record<string, string>> = {
  shared_buffers: '4MB',
  max_connections: '4',
  superuser_reserved_connections: '0',
  max_wal_senders: '0',
  max_replication_slots: '0',
  wal_level: 'minimal',
  min_wal_size: '2MB',
  max_wal_size: '16MB',
  work_mem: '2MB',
  maintenance_work_mem: '8MB',
};

/** initdb's arguments beyond PGlite's own: WAL in 1 MB segments (the smallest), and the settings above. */
const initdbArgs = ['--wal-segsize=1', ...Object.entries(bookSettings).flatMap(([name, value]) => ['-c', `${name}=${value}`])];

/** PGlite's data directory in its virtual file system. */
const dataDir = '/pglite/data';

/**
 * Removes the WAL segments after the one in use: segments Postgres made ahead for the migrations' writes (7 MB
 * more in every book). A data directory needs only the segment holding its last checkpoint; Postgres makes the
 * next when it needs it. Not done (only bigger books) if the directory is not where PGlite kept it.
 */
async function dropSpareWal(pg: PGlite): Promise<void> {
  const { rows } = await pg.query<{ segment: string }>('SELECT pg_walfile_name(pg_current_wal_lsn()) AS segment');
  const current = rows[0]!.segment;
  const fs = pg.Module.FS;
  try {
    for (const name of fs.readdir(`${dataDir}/pg_wal`)) if (/^[0-9A-F]{24}$/.test(name) && name > current) fs.unlink(`${dataDir}/pg_wal/${name}`);
  } catch {
    // Elsewhere in another PGlite version: the template keeps them.
  }
}

/** The schemas of a template holding `count` books: public first, then book_2, book_3, … */
export function bookSchemaNames(count: number): string[] {
  return Array.from({ length: count }, (_, n) => (n === 0 ? 'public' : `book_${n + 1}`));
}

/**
 * The template made here, on the calling thread: template-thread.ts's work (loadOrMakeTemplate has it made there),
 * from the migrations in `migrations` (a folder, given by the caller: the thread's own modules may be bundled
 * elsewhere). Each schema must have taken every migration: a template without its tables is refused here, not
 * found by the first replay.
 */
export async function makeTemplate(schemas: number, migrations: string = migrationsDir): Promise<Blob> {
  const all = await loadMigrations(migrations);
  if (all.length === 0) throw new Error(`No migrations in ${migrations}: the books' template would have no tables`);
  const pg = await PGlite.create({ initDbStartParams: initdbArgs });
  const db = adapt(pg);
  for (const schema of bookSchemaNames(schemas)) {
    // Each schema migrated as the server's own is, the search_path naming it (the migrations name no schema).
    if (schema !== 'public') await pg.exec(`CREATE SCHEMA ${schema}`);
    await pg.exec(`SET search_path TO ${schema}`);
    const applied = await migrate(db, all);
    if (applied.length !== all.length) throw new Error(`The books' template's schema ${schema} took ${applied.length} of ${all.length} migrations`);
    await syncBaseStrategies(db);
  }
  await pg.exec('SET search_path TO public');
  // What every schema holds as migrated, read once here rather than by each book thread as it starts
  // (template-files.ts). A backtest's book (one schema, never put back) does without: 188 KB less of its memory.
  if (schemas > 1) {
    pg.Module.FS.writeFile(`${dataDir}/${pristineFile}`, JSON.stringify(await readPristine(pg)));
    pg.Module.FS.writeFile(`${dataDir}/${catalogueFile}`, JSON.stringify((await pg.query<CatalogueRow>(catalogueSql)).rows));
  }
  // One statement each: DROP DATABASE refuses to run in a transaction block.
  for (const database of ['template0', 'template1']) {
    await pg.exec(`ALTER DATABASE ${database} IS_TEMPLATE false`);
    await pg.exec(`DROP DATABASE ${database}`);
  }
  await pg.exec('CHECKPOINT');
  await dropSpareWal(pg);
  const dump = await pg.dumpDataDir('gzip');
  await pg.close();
  return dump;
}

/** The template made in a thread of its own (template-thread.ts), so the request thread never waits on its CPU. */
async function makeTemplateOffThread(schemas: number): Promise<Blob> {
  // The folder named here, where the template's key was read from (templateKey), not found again by the thread.
  const worker = await startWorker(new URL('./template-thread.ts', import.meta.url), { schemas, migrationsDir } satisfies TemplateThreadData);
  try {
    const message = await new Promise<TemplateThreadMessage>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`The book template's thread ended without its template (exit code ${code})`)));
    });
    if (!message.ok) throw new Error(`The book template could not be made: ${message.message}`);
    return new Blob([message.dump]);
  } finally {
    await worker.terminate();
  }
}

/** The template from `dir` when a file of this key is there, else made and written there (atomically: a rename). */
export async function loadOrMakeTemplate(dir: string, key: string = templateKey(), schemas = 1): Promise<Blob> {
  const path = join(dir, `strikedesk-backtest-book-${key}.tar.gz`);
  try {
    return new Blob([await readFile(path)]);
  } catch {
    // Not made yet (or unreadable): made below.
  }
  const dump = await makeTemplateOffThread(schemas);
  const partial = `${path}.${process.pid}.partial`;
  try {
    await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await rename(partial, path);
  } catch {
    // A read-only or full disk costs the next process the 5 s again, nothing else.
  }
  return dump;
}

const templates = new Map<number, Promise<Blob>>();

/** Where the template of `schemas` books is kept between processes: zipped ('tar.gz'), or its tar unzipped ('tar'). */
function keptTemplatePath(schemas: number, extension: 'tar.gz' | 'tar'): string {
  return join(tmpdir(), `strikedesk-backtest-book-${templateKey(migrationsDir, schemas)}.${extension}`);
}

/**
 * The template of `schemas` books (1: a backtest's), once per process (from the system's temporary folder when an
 * earlier process left it there). One that could not be made is not kept: the next book tries again.
 */
export function bookTemplate(schemas = 1): Promise<Blob> {
  let template = templates.get(schemas);
  if (template === undefined) {
    template = loadOrMakeTemplate(tmpdir(), templateKey(migrationsDir, schemas), schemas);
    template.catch(() => templates.delete(schemas));
    templates.set(schemas, template);
  }
  return template;
}

/**
 * The template of `schemas` books made and kept on disk (its tar too when `tar`: what the book threads read) unless
 * it is there already, then not read. The server's start has it done (paper-book.ts prepareBookTemplates), so the
 * first replay or backtest after a new migration, or on a fresh temporary folder, finds it made instead of
 * waiting 10-60 s for it.
 */
export async function prepareBookTemplate(schemas: number, { tar }: { tar: boolean }): Promise<void> {
  // Made already: nothing to do; else made below, in its thread.
  if (await bookTemplateKept(schemas, tar ? 'tar' : 'tar.gz')) return;
  if (tar) await bookTemplateTar(schemas);
  else await bookTemplate(schemas);
}

/** Whether the template of `schemas` books is kept on disk (by default as its tar: what a book thread starts from). */
export async function bookTemplateKept(schemas: number, extension: 'tar' | 'tar.gz' = 'tar'): Promise<boolean> {
  try {
    await access(keptTemplatePath(schemas, extension));
    return true;
  } catch {
    return false;
  }
}

const tars = new Map<number, Promise<void>>();
const tarPaths = new Map<number, string>();

/**
 * The template of `schemas` books as its tar, unzipped, bytes of their own for one book thread (template-files.ts).
 * Unzipping the 49 MB took 0.3–0.6 s of CPU before each thread could start (issue 61: the first replay read after
 * a restart), so the tar is kept unzipped beside the zipped template (same key, written once, atomically) and
 * read from there (the disk's cache: tens of ms). Without a writable folder each start unzips, as before.
 */
export async function bookTemplateTar(schemas: number): Promise<Uint8Array<ArrayBuffer>> {
  let path = tarPaths.get(schemas);
  if (path === undefined) {
    path = keptTemplatePath(schemas, 'tar');
    tarPaths.set(schemas, path);
  }
  try {
    return ownBytes(await readFile(path));
  } catch {
    // Not written yet (or unreadable): unzipped below, and written once for the next start.
  }
  const tar = await templateTar(new Uint8Array(await (await bookTemplate(schemas)).arrayBuffer()));
  if (!tars.has(schemas)) {
    const partial = `${path}.${process.pid}.partial`;
    const written = writeFile(partial, tar).then(() => rename(partial, path));
    tars.set(schemas, written);
    // A read-only or full disk: this start goes on, and the next ones unzip (written was tried once).
    await written.catch(() => undefined);
  }
  return tar;
}
