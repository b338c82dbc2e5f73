// The default database: PGlite files under DATA_DIR/pg, kept across restarts with the generated secret
// key (DATA_DIR/secret.key); DATABASE_URL switches to PostgreSQL.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../../server/app.ts';
import { loadMigrations } from '../../../server/db/migrate.ts';
import { openDatabase } from '../../../server/db/open-database.ts';
import { login, register } from '../support/accounts.ts';
import { contractClient } from '../support/contract-client.ts';
import { createDistFixture, type DistFixture } from '../support/dist-fixture.ts';
import { seedPgliteDataDir } from '../support/test-database.ts';
import { testScryptCost } from '../support/test-server.ts';
import { createBrokerAccount, paperBrokerLogin } from '../support/trading.ts';

let fixture: DistFixture;

beforeAll(async () => {
  fixture = await createDistFixture();
  await seedPgliteDataDir(fixture.dataDir);
});

afterAll(async () => {
  await fixture.cleanup();
});

describe('PGlite in DATA_DIR', () => {
  it('keeps accounts and sessions across a restart, without migrating again', async () => {
    const options = { distDir: fixture.distDir, dataDir: fixture.dataDir, scryptCost: testScryptCost };
    const first = await buildServer(options);
    const account = await register(contractClient(first));
    const token = await login(contractClient(first), account);
    const linked = await createBrokerAccount(contractClient(first), token);
    await first.close();
    expect(existsSync(join(fixture.dataDir, 'pg', 'PG_VERSION'))).toBe(true);
    expect(existsSync(join(fixture.dataDir, 'secret.key'))).toBe(true);

    const second = await buildServer(options);
    try {
      const call = contractClient(second);
      expect((await call('getUserProfile', { token })).status).toBe(200);
      expect(await login(call, account)).toHaveLength(43);
      // Still exactly one demo account: the seed is idempotent.
      const profile = await call('loginUser', { body: { email: 'demo@strikedesk.in', password: 'StrikeDesk@2026' } });
      expect(profile.status).toBe(200);
      // The generated secret key was kept: the api_secret sealed before the restart still opens.
      const requestToken = await paperBrokerLogin(second, linked.input);
      const brokerLogin = await call('loginBrokerAccount', {
        token,
        params: { accountId: linked.account.id },
        body: { request_token: requestToken, broker_name: 'paper' },
      });
      expect(brokerLogin.status).toBe(200);
    } finally {
      await second.close();
    }

    const db = await openDatabase({ dataDir: fixture.dataDir });
    try {
      const migrations = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM schema_migrations');
      expect(migrations.rows[0]?.n).toBe((await loadMigrations()).length);
      const users = await db.query<{ email: string }>('SELECT email FROM users ORDER BY id');
      expect(users.rows.map((row) => row.email)).toEqual(['demo@strikedesk.in', account.email]);
    } finally {
      await db.close();
    }
  });
});

describe('openDatabase', () => {
  it('uses PostgreSQL when a URL is given, and fails at start when it cannot connect', async () => {
    await expect(openDatabase({ dataDir: fixture.dataDir, databaseUrl: 'postgres://nobody@127.0.0.1:1/none' })).rejects.toMatchObject({
      code: 'ECONNREFUSED',
    });
  });

  it.runIf(process.env.TEST_DATABASE_URL)('opens TEST_DATABASE_URL as a postgres database', async () => {
    const db = await openDatabase({ dataDir: fixture.dataDir, databaseUrl: process.env.TEST_DATABASE_URL });
    try {
      expect(db.kind).toBe('postgres');
      expect((await db.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    } finally {
      await db.close();
    }
  });
});
