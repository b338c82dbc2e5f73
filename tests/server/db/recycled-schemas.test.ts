// The harness hands a test file a migrated schema another file had before (createMigratedTestDatabase):
// what it gets must be what migrating a new schema gives, whatever the file before it wrote, and a schema
// whose definition a file changed must never be handed out again.
import { describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database.ts';
import { migrate } from '../../../server/db/migrate.ts';
import { definitionOf, readPristine } from '../support/pristine-schema.ts';
import { createMigratedTestDatabase, createTestDatabase, testBackends } from '../support/test-database.ts';

const schemaOf = async (db: Database) => (await db.query<{ schema: string }>('SELECT current_schema() AS schema')).rows[0]?.schema;

/** pg-boss's queues (migration 098) without the moment the migration made them (created_on, updated_on). */
const unstamped = (rows: string) =>
  (JSON.parse(rows) as Array<Record<string, unknown>>).map(({ created_on: _created, updated_on: _updated, ...queue }) => queue);

/** Everything a test can read: each table's rows (the migrations' own timestamps aside), each sequence, the definition. */
async function contents(db: Database) {
  const pristine = await readPristine(db);
  const versions = await db.query('SELECT version, name FROM schema_migrations ORDER BY version');
  return {
    definition: await definitionOf(db),
    tables: pristine.tables,
    seeded: pristine.seeded.filter((seed) => seed.table !== 'schema_migrations').map((seed) => [seed.table, seed.table === 'queue' ? unstamped(seed.rows) : seed.digest]),
    versions: versions.rows,
    sequences: pristine.sequences,
  };
}

describe.each(testBackends)('recycled test schemas on %s', (backend) => {
  it('hold what a freshly migrated schema holds, whatever the file before wrote', async () => {
    const used = await createMigratedTestDatabase(backend);
    const schema = await schemaOf(used);
    // A trader and a session (identity sequences moved), a trading day gone and a broker renamed (rows the
    // migrations wrote), and a row in a table referring to another (emptied with it).
    const [user] = (
      await used.query<{ id: number }>(
        `INSERT INTO users (email, name, mobile, password_hash, trade_defaults, created_at, updated_at)
         VALUES ('asha@example.in', 'Asha', '+919876543210', 'x', '{}', now(), now()) RETURNING id`,
      )
    ).rows;
    await used.query(`INSERT INTO sessions (user_id, token_hash, created_at, expires_at) VALUES ($1, 'h', now(), now())`, [user?.id]);
    await used.exec(`DELETE FROM market_calendar WHERE ctid IN (SELECT ctid FROM market_calendar LIMIT 5)`);
    await used.exec(`UPDATE brokers SET display_name = display_name || ' (renamed)'`);
    await used.close();

    const fresh = await createTestDatabase(backend);
    await migrate(fresh);
    const again = await createMigratedTestDatabase(backend);
    try {
      expect(await schemaOf(again)).toBe(schema);
      expect(await contents(again)).toEqual(await contents(fresh));
    } finally {
      await Promise.all([fresh.close(), again.close()]);
    }
  });

  // Each a kind of DDL the catalog version must notice (a new catalog row, or a new version of one).
  it.each([
    'ALTER TABLE users ADD COLUMN nickname text',
    'ALTER TABLE users RENAME COLUMN name TO full_name',
    "ALTER TABLE users ALTER COLUMN name SET DEFAULT 'x'",
    'ALTER TABLE users ALTER COLUMN mobile DROP NOT NULL',
    'CREATE INDEX users_by_name ON users (name)',
    'ALTER TABLE users ADD CONSTRAINT users_name_short CHECK (length(name) < 500)',
    'CREATE FUNCTION added() RETURNS int LANGUAGE sql AS $$ SELECT 1 $$',
    'CREATE VIEW user_names AS SELECT name FROM users',
    'ALTER TABLE users DISABLE TRIGGER ALL',
  ])('are dropped, not handed out again, when a file changed their definition: %s', async (ddl) => {
    const altered = await createMigratedTestDatabase(backend);
    const schema = await schemaOf(altered);
    await altered.exec(ddl);
    await altered.close();

    const next = await createMigratedTestDatabase(backend);
    try {
      expect(await schemaOf(next)).not.toBe(schema);
      const left = await next.query('SELECT 1 FROM information_schema.schemata WHERE schema_name = $1', [schema]);
      expect(left.rows).toEqual([]);
    } finally {
      await next.close();
    }
  });

  it('are handed out again after what rewrites rows but no definition (TRUNCATE, VACUUM, ANALYZE)', async () => {
    const used = await createMigratedTestDatabase(backend);
    const schema = await schemaOf(used);
    await used.exec('TRUNCATE users CASCADE');
    await used.exec('VACUUM ANALYZE market_calendar');
    await used.close();

    const again = await createMigratedTestDatabase(backend);
    try {
      expect(await schemaOf(again)).toBe(schema);
    } finally {
      await again.close();
    }
  });
});
