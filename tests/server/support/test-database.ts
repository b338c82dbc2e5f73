// Databases for server tests: one shared connection per Vitest worker, a fresh schema per database.
// The server project runs with isolate: false (vitest.config.ts), so this module, and the PGlite it
// opens, live as long as the worker and serve every test file it runs: PGlite starts once per worker
// (from a cached dump of an empty cluster: no initdb), and each createTestDatabase() is a new empty
// schema on it, dropped on close. Starting PGlite per file cost 2-3 s; a schema costs milliseconds
// (migrations, run by the server on its database, are the rest). With TEST_DATABASE_URL, the same tests
// also run on PostgreSQL, each database a fresh schema there too (in a database of the worker's own), dropped on close.
import { randomBytes } from 'node:crypto';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import type { Database } from '../../../server/db/database.ts';
import { migrate } from '../../../server/db/migrate.ts';
import { pgliteDir } from '../../../server/db/open-database.ts';
import { openPgliteDatabase } from '../../../server/db/pglite-database.ts';
import { openPostgresDatabase } from '../../../server/db/postgres-database.ts';
import { repoRoot } from '../../../server/paths.ts';
import { readPristine, restorePristine, type Pristine } from './pristine-schema.ts';
import { createClusterDatabase } from './cluster-database.ts';
import { createSchemaDatabase, shareConnection, type SharedConnection } from './schema-database.ts';

export type TestBackend = 'pglite' | 'postgres';

const postgresUrl = process.env.TEST_DATABASE_URL?.trim() ?? '';

/**
 * The backends the database-backed suites run on: PGlite, and PostgreSQL too when TEST_DATABASE_URL is set.
 * TEST_BACKENDS (comma-separated) picks some of them: CI runs the suite on Node 20 with `pglite` and on
 * Node 24 with `postgres`, so every test meets both runtimes and both databases without a third pass.
 */
export function backendsFrom(env: { TEST_DATABASE_URL?: string | undefined; TEST_BACKENDS?: string | undefined }): readonly TestBackend[] {
  const available: TestBackend[] = (env.TEST_DATABASE_URL?.trim() ?? '') === '' ? ['pglite'] : ['pglite', 'postgres'];
  const asked = (env.TEST_BACKENDS ?? '').split(',').map((name) => name.trim()).filter((name) => name !== '');
  if (asked.length === 0) return available;
  for (const name of asked) {
    if (name !== 'pglite' && name !== 'postgres') throw new Error(`TEST_BACKENDS names pglite or postgres, got "${name}"`);
    if (!available.includes(name)) throw new Error(`TEST_BACKENDS asks for ${name}, which needs TEST_DATABASE_URL`);
  }
  return available.filter((backend) => asked.includes(backend));
}

/** Every database-backed suite runs once per backend listed here. */
export const testBackends: readonly TestBackend[] = backendsFrom(process.env);

const pgliteVersion = (
  JSON.parse(readFileSync(join(repoRoot, 'node_modules/@electric-sql/pglite/package.json'), 'utf8')) as { version: string }
).version;
const gzipType = 'application/x-gzip';

let template: Promise<Blob> | undefined;

async function loadOrCreateTemplate(): Promise<Blob> {
  const file = join(tmpdir(), `strikedesk-pglite-empty-${pgliteVersion}.tar.gz`);
  if (existsSync(file)) return new Blob([await readFile(file)], { type: gzipType });
  const fresh = await PGlite.create();
  const dump = await fresh.dumpDataDir('gzip');
  await fresh.close();
  const bytes = Buffer.from(await dump.arrayBuffer());
  // Several test workers may race to write it: each writes its own file and renames it into place.
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await writeFile(temporary, bytes);
  await rename(temporary, file);
  return new Blob([bytes], { type: gzipType });
}

/** A dump of a freshly initialised, empty cluster (no migrations), cached across runs. */
export function emptyClusterTemplate(): Promise<Blob> {
  template ??= loadOrCreateTemplate();
  return template;
}

const newSchemaName = () => `sd_test_${randomBytes(6).toString('hex')}`;

let workerPglite: Promise<SharedConnection> | undefined;

/** This worker's PGlite, started on first use and kept until the worker exits. */
function sharedPglite(): Promise<SharedConnection> {
  workerPglite ??= emptyClusterTemplate().then(async (dump) => shareConnection(await openPgliteDatabase({ loadDataDir: dump })));
  return workerPglite;
}

let workerPostgres: Promise<{ url: string; admin: pg.Pool }> | undefined;

/**
 * This worker's own PostgreSQL database (TEST_DATABASE_URL's, suffixed with the worker's number), created on
 * first use. Not one database shared by every worker: the server's advisory locks (the market's tick, the
 * alert watchers, migrations) are per database, so a file in another worker would hold them and this one's
 * server would take itself for a second instance and skip its turn.
 */
function ownPostgres(): Promise<{ url: string; admin: pg.Pool }> {
  workerPostgres ??= (async () => {
    const name = `${new URL(postgresUrl).pathname.slice(1) || 'postgres'}_w${process.env.VITEST_POOL_ID ?? '1'}`;
    // One left by a previous run is reused: its schemas were dropped file by file.
    const url = await createClusterDatabase(postgresUrl, name, { reuse: true });
    // One connection per worker creates and drops schemas.
    const admin = new pg.Pool({ connectionString: url, max: 1 }).on('error', () => undefined);
    // The schemas a run before this one kept for reuse (createMigratedTestDatabase), or left when it crashed:
    // this worker's database is its own, so none is in use.
    const { rows } = await admin.query<{ name: string }>(`SELECT nspname AS name FROM pg_namespace WHERE nspname LIKE 'sd\\_test\\_%'`);
    for (const row of rows) await admin.query(`DROP SCHEMA ${row.name} CASCADE`);
    return { url, admin };
  })();
  return workerPostgres;
}

async function createPostgresDatabase(schema: string, existing: boolean): Promise<Database> {
  const { url, admin } = await ownPostgres();
  if (!existing) await admin.query(`CREATE SCHEMA ${schema}`);
  // Each database has its own small pool, whose connections start in its schema (the server's own option),
  // so they can run in parallel.
  const db = openPostgresDatabase({ connectionString: url, schema, maxConnections: 4 });
  return {
    ...db,
    async close() {
      await db.close();
      if (!existing) await admin.query(`DROP SCHEMA ${schema} CASCADE`);
    },
  };
}

/** A database in `schema`, made now, or (existing) one made before, which close() then leaves in place. */
async function openTestDatabase(backend: TestBackend, schema: string, existing: boolean): Promise<Database> {
  if (backend === 'postgres') {
    if (postgresUrl === '') throw new Error('TEST_DATABASE_URL is not set');
    return createPostgresDatabase(schema, existing);
  }
  return createSchemaDatabase(await sharedPglite(), schema, { existing });
}

/** A new, empty (not yet migrated) database on the given backend. */
export function createTestDatabase(backend: TestBackend = 'pglite'): Promise<Database> {
  return openTestDatabase(backend, newSchemaName(), false);
}

/** This worker's migrated schemas that no test holds, each put back as its migrations left it. */
const recycled: Record<TestBackend, Array<{ schema: string; pristine: Pristine }>> = { pglite: [], postgres: [] };

/**
 * A migrated database, as createTestDatabase() and migrate() make one, but usually a schema an earlier file
 * of this worker had: close() puts its rows and sequences back as the migrations left them (pristine-schema.ts)
 * and keeps it for the next caller, or drops it when the file changed its definition. Migrating took 0.4-2 s
 * a server; most server tests start a server or two per test.
 */
export async function createMigratedTestDatabase(backend: TestBackend = 'pglite'): Promise<Database> {
  const reused = recycled[backend].pop();
  const schema = reused?.schema ?? newSchemaName();
  if (reused === undefined) await schemaCommand(backend, `CREATE SCHEMA ${schema}`);
  const db = await openTestDatabase(backend, schema, true);
  let pristine = reused?.pristine;
  if (pristine === undefined) {
    await migrate(db);
    pristine = await readPristine(db);
  }
  const kept = pristine;
  let closing: Promise<void> | undefined;
  return {
    ...db,
    close: () => {
      closing ??= (async () => {
        const restored = await restorePristine(db, kept).catch(() => false);
        await db.close();
        if (restored) recycled[backend].push({ schema, pristine: kept });
        else await schemaCommand(backend, `DROP SCHEMA ${schema} CASCADE`);
      })();
      return closing;
    },
  };
}

/** CREATE or DROP SCHEMA, on the worker's PGlite or its PostgreSQL database. */
async function schemaCommand(backend: TestBackend, sql: string): Promise<void> {
  if (backend === 'postgres') {
    await (await ownPostgres()).admin.query(sql);
    return;
  }
  const shared = await sharedPglite();
  await shared.turn(() => shared.base.exec(sql));
}

/** A migrated database for a test file, without a server: made before its tests (`use` receives it), closed after them. */
export function migratedDatabasePerFile(backend: TestBackend, use: (db: Database) => void): void {
  let db: Database | undefined;
  beforeAll(async () => {
    db = await createMigratedTestDatabase(backend);
    use(db);
  });
  afterAll(async () => {
    await db?.close();
  });
}

/** Prepares DATA_DIR so the server opens an existing cluster instead of running initdb (slow). */
export async function seedPgliteDataDir(dataDir: string): Promise<void> {
  const db = await openPgliteDatabase({ dataDir: pgliteDir(dataDir), loadDataDir: await emptyClusterTemplate() });
  await db.close();
}
