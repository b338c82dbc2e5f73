import { describe, expect, it } from 'vitest';
import { postgresPass } from '../../scripts/server-tests-on-postgres.ts';

// npm test's last step runs the server tests on PostgreSQL beside the browser tests only when the unit step
// left PostgreSQL out: never twice, never when there is no PostgreSQL to run on.
describe('the server tests on PostgreSQL beside the browser tests', () => {
  const url = 'postgres://postgres@127.0.0.1:5433/strikedesk_test';

  it('run when a PostgreSQL is named and the unit step ran on PGlite alone, on the Node named for it', () => {
    expect(postgresPass({ TEST_DATABASE_URL: url, TEST_BACKENDS: 'pglite', TEST_POSTGRES_NODE: '/cache/node-24/bin/node' }, '/usr/bin/node')).toEqual({ run: true, node: '/cache/node-24/bin/node' });
    expect(postgresPass({ TEST_DATABASE_URL: url, TEST_BACKENDS: 'pglite', TEST_POSTGRES_NODE: '' }, '/usr/bin/node')).toEqual({ run: true, node: '/usr/bin/node' });
  });

  it('are skipped without a PostgreSQL, or when the unit step ran on it already', () => {
    expect(postgresPass({ TEST_BACKENDS: 'pglite' }, '/usr/bin/node')).toMatchObject({ run: false, why: expect.stringContaining('TEST_DATABASE_URL') });
    expect(postgresPass({ TEST_DATABASE_URL: ' ', TEST_BACKENDS: 'pglite' }, '/usr/bin/node')).toMatchObject({ run: false });
    expect(postgresPass({ TEST_DATABASE_URL: url }, '/usr/bin/node')).toMatchObject({ run: false, why: expect.stringContaining('already') });
    expect(postgresPass({ TEST_DATABASE_URL: url, TEST_BACKENDS: 'pglite,postgres' }, '/usr/bin/node')).toMatchObject({ run: false });
    expect(postgresPass({ TEST_DATABASE_URL: url, TEST_BACKENDS: 'postgres' }, '/usr/bin/node')).toMatchObject({ run: false });
  });
});
