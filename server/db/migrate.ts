// Versioned migrations: server/db/migrations/NNN-name.sql (or .ts exporting `up(tx)`), applied in
// order at start, all in one transaction, each recorded in schema_migrations. Several servers starting
// at once against one PostgreSQL take turns through an advisory lock, so each migration runs once.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Database, Queryable } from './database.ts';

export type Migration = {
  version: number;
  name: string;
  up: (tx: Queryable) => Promise<void>;
};

/** Any fixed number, shared by every server of this app (pg_advisory_xact_lock takes a bigint). */
const migrationLockKey = 73_012_026;

const defaultDir = fileURLToPath(new URL('./migrations/', import.meta.url));

type TsMigrationModule = { up?: unknown };

/**
 * This folder's TypeScript migrations, imported by a pattern esbuild bundles (every migrations/*.ts): `npm start`'s
 * bundle runs them as it is. Imported by path instead, they needed tsx's loader in the started server, whose
 * hooks thread then took every module's import (issue 61: ~4 s of a start's CPU before health).
 */
const importOwnMigration = (stem: string): Promise<unknown> => import(`./migrations/${stem}.ts`);

/** Reads the migrations folder; a malformed name or a repeated version is a programming error. */
export async function loadMigrations(dir: string = defaultDir): Promise<Migration[]> {
  const migrations: Migration[] = [];
  for (const file of readdirSync(dir).sort()) {
    if (file.endsWith('.d.ts')) continue;
    const match = /^(\d{3,})-([a-z0-9-]+)\.(sql|ts)$/.exec(file);
    if (match === null) throw new Error(`Migration file names look like 001-create-users.sql, got "${file}"`);
    const [, digits = '', name = '', extension] = match;
    const path = join(dir, file);
    let up: Migration['up'];
    if (extension === 'sql') {
      const sql = readFileSync(path, 'utf8');
      up = (tx) => tx.exec(sql);
    } else {
      const module = (await (dir === defaultDir ? importOwnMigration(`${digits}-${name}`) : import(pathToFileURL(path).href))) as TsMigrationModule;
      if (typeof module.up !== 'function') throw new Error(`${file} must export an up(tx) function`);
      up = module.up as Migration['up'];
    }
    migrations.push({ version: Number(digits), name, up });
  }
  const versions = migrations.map((migration) => migration.version);
  const repeated = versions.find((version, index) => versions.indexOf(version) !== index);
  if (repeated !== undefined) throw new Error(`Two migrations share version ${repeated}`);
  return migrations.sort((a, b) => a.version - b.version);
}

/** Applies what is missing; returns the versions it applied (none when the schema is current). */
export async function migrate(db: Database, migrations?: Migration[]): Promise<number[]> {
  const all = migrations ?? (await loadMigrations());
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [migrationLockKey]);
    await tx.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version integer PRIMARY KEY,
      name text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const { rows } = await tx.query<{ version: number }>('SELECT version FROM schema_migrations');
    const applied = new Set(rows.map((row) => row.version));
    const done: number[] = [];
    for (const migration of all) {
      if (applied.has(migration.version)) continue;
      await migration.up(tx);
      await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [migration.version, migration.name]);
      done.push(migration.version);
    }
    return done;
  });
}
