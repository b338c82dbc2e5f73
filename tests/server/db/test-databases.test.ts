// The harness's promise: every createTestDatabase() is a database of its own, even though a worker's
// databases share one PGlite session. Interleaved calls from two of them must each land in their own
// schema, a transaction must run in its database's schema, and close() must drop the schema.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database.ts';
import { backendsFrom, createTestDatabase, testBackends } from '../support/test-database.ts';

describe.each(testBackends)('test databases on %s', (backend) => {
  let first: Database;
  let second: Database;

  beforeAll(async () => {
    [first, second] = await Promise.all([createTestDatabase(backend), createTestDatabase(backend)]);
    await Promise.all([first.exec('CREATE TABLE notes (body text)'), second.exec('CREATE TABLE notes (body text)')]);
  });

  afterAll(async () => {
    await Promise.all([first.close(), second.close()]);
  });

  const bodies = async (db: Database) => (await db.query<{ body: string }>('SELECT body FROM notes ORDER BY body')).rows.map((row) => row.body);

  it('keep each database’s rows to itself, however their calls interleave', async () => {
    await Promise.all(
      Array.from({ length: 6 }, (_, i) => (i % 2 === 0 ? first : second).query('INSERT INTO notes VALUES ($1)', [`${i % 2 === 0 ? 'a' : 'b'}${i}`])),
    );
    // Only this test's rows: the tests of this file may run in any order (--sequence.shuffle).
    const mine = async (db: Database) => (await bodies(db)).filter((body) => /^[ab]\d$/.test(body));
    expect(await Promise.all([mine(first), mine(second)])).toEqual([
      ['a0', 'a2', 'a4'],
      ['b1', 'b3', 'b5'],
    ]);
  });

  it('run a transaction in its own schema whichever database spoke last, and roll it back there', async () => {
    await second.query('SELECT 1');
    const committed = first.transaction(async (tx) => {
      await tx.query("INSERT INTO notes VALUES ('committed')");
    });
    const meanwhile = second.query("INSERT INTO notes VALUES ('meanwhile')");
    const rolledBack = first.transaction(async (tx) => {
      await tx.query("INSERT INTO notes VALUES ('rolled-back')");
      throw new Error('roll back');
    });
    await expect(Promise.all([committed, meanwhile, rolledBack])).rejects.toThrow('roll back');
    await Promise.allSettled([committed, meanwhile]);
    expect(await bodies(first)).toContain('committed');
    expect(await bodies(second)).toContain('meanwhile');
    expect([...(await bodies(first)), ...(await bodies(second))]).not.toContain('rolled-back');
    expect(await bodies(second)).not.toContain('committed');
  });

  it('start empty, and drop everything on close', async () => {
    const third = await createTestDatabase(backend);
    const [{ schema = '' } = {}] = (await third.query<{ schema: string }>('SELECT current_schema() AS schema')).rows;
    const tables = await third.query("SELECT 1 FROM information_schema.tables WHERE table_schema = current_schema()");
    expect(tables.rows).toEqual([]);
    await third.exec('CREATE TABLE leftovers (id integer)');
    await third.close();
    const remaining = await first.query('SELECT 1 FROM information_schema.schemata WHERE schema_name = $1', [schema]);
    expect(remaining.rows).toEqual([]);
  });
});

// CI runs the server suite twice, on Node 20 and Node 24, each on one of the two databases (.ci/run).
describe('the backends the suites run on', () => {
  const url = 'postgres://postgres@127.0.0.1:5432/strikedesk_test';

  it('are PGlite alone without TEST_DATABASE_URL, and PGlite and PostgreSQL with it', () => {
    expect(backendsFrom({})).toEqual(['pglite']);
    expect(backendsFrom({ TEST_DATABASE_URL: ' ' })).toEqual(['pglite']);
    expect(backendsFrom({ TEST_DATABASE_URL: url })).toEqual(['pglite', 'postgres']);
    expect(backendsFrom({ TEST_DATABASE_URL: url, TEST_BACKENDS: '' })).toEqual(['pglite', 'postgres']);
  });

  it('are the ones TEST_BACKENDS names', () => {
    expect(backendsFrom({ TEST_DATABASE_URL: url, TEST_BACKENDS: 'postgres' })).toEqual(['postgres']);
    expect(backendsFrom({ TEST_DATABASE_URL: url, TEST_BACKENDS: 'pglite' })).toEqual(['pglite']);
    expect(backendsFrom({ TEST_DATABASE_URL: url, TEST_BACKENDS: ' postgres , pglite ' })).toEqual(['pglite', 'postgres']);
    expect(backendsFrom({ TEST_BACKENDS: 'pglite' })).toEqual(['pglite']);
  });

  it('refuse a name they do not know, and PostgreSQL without its address, rather than run nothing', () => {
    expect(() => backendsFrom({ TEST_DATABASE_URL: url, TEST_BACKENDS: 'postgresql' })).toThrow('TEST_BACKENDS names pglite or postgres, got "postgresql"');
    expect(() => backendsFrom({ TEST_BACKENDS: 'postgres' })).toThrow('TEST_BACKENDS asks for postgres, which needs TEST_DATABASE_URL');
  });
});
