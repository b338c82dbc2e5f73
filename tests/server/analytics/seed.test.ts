// A new database gets a full market at once, seeded once even when two servers start on it together.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultAnalyticsAnonKey } from '../../../server/config.ts';
import type { Database } from '../../../server/db/database.ts';
import type { AnalyticsService } from '../../../server/services/analytics/analytics-service.ts';
import { createMigratedTestDatabase, testBackends } from '../support/test-database.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

describe.each(testBackends)('seeding the analytics tables, on %s', (backend) => {
  let db: Database;
  const servers: TestServer[] = [];

  const count = async (sql: string) => Number((await db.query<{ n: string }>(sql)).rows[0]?.n ?? 0);

  beforeAll(async () => {
    db = await createMigratedTestDatabase(backend);
    servers.push(await startTestServer({ database: db }), await startTestServer({ database: db }));
    // Emptied, then both servers seed at the same moment (as two instances starting together would).
    await db.exec('DELETE FROM commentary; DELETE FROM data; DELETE FROM daily_data; DELETE FROM screener; DELETE FROM bots;');
    await Promise.all(servers.map((server) => server.app.getDecorator<{ analytics: AnalyticsService }>('services').analytics.seedIfEmpty()));
  });

  afterAll(async () => {
    for (const server of servers) await server.close();
    await db.close();
  });

  it('fills every table a screen reads', async () => {
    expect(await count('SELECT count(*) AS n FROM commentary')).toBeGreaterThanOrEqual(10);
    expect(await count('SELECT count(*) AS n FROM data WHERE indicator IS NULL')).toBeGreaterThanOrEqual(20);
    expect(await count(`SELECT count(*) AS n FROM data WHERE indicator = 'screener'`)).toBeGreaterThanOrEqual(10);
    expect(await count('SELECT min(n) AS n FROM (SELECT count(*) AS n FROM daily_data GROUP BY "index") AS per_index')).toBeGreaterThanOrEqual(10);
    expect(await count('SELECT count(DISTINCT "index") AS n FROM daily_data')).toBe(5);
    expect(await count('SELECT count(*) AS n FROM screener')).toBe(5);
    expect(await count('SELECT count(*) AS n FROM bots WHERE jsonb_array_length(equity_curve) >= 10')).toBeGreaterThanOrEqual(6);
  });

  it('gives each index a past session of minute bars, so an intraday chart is never empty on a new database', async () => {
    const { rows } = await db.query<{ index_name: string; bars: string; days: string; bad: string }>(
      `SELECT index_name, count(*) AS bars, count(DISTINCT date_trunc('day', minute)) AS days,
         count(*) FILTER (WHERE NOT (low <= least(open, close) AND high >= greatest(open, close) AND volume > 0)) AS bad
       FROM market_candles GROUP BY index_name ORDER BY index_name`,
    );
    expect(rows.map((row) => row.index_name)).toEqual(['BANKNIFTY', 'FINNIFTY', 'MIDCPNIFTY', 'NIFTY', 'SENSEX']);
    for (const row of rows) {
      expect(Number(row.bars), row.index_name).toBeGreaterThanOrEqual(375);
      expect(Number(row.bad), row.index_name).toBe(0);
    }
  });

  it('marks what it made up as a sample, and only that (issue 36)', async () => {
    // The history before the first start, its closing commentary, the snapshots walked back from now and the
    // minute bars of the last seeded session are invented; the house bots' records are a model of them.
    expect(await count('SELECT count(*) AS n FROM daily_data WHERE NOT sample')).toBe(0);
    expect(await count('SELECT count(*) AS n FROM bots WHERE NOT sample')).toBe(0);
    expect(await count('SELECT count(*) AS n FROM data WHERE indicator IS NULL AND NOT sample')).toBe(0);
    expect(await count('SELECT count(*) AS n FROM market_candles WHERE NOT sample')).toBe(0);
    expect(await count(`SELECT count(*) AS n FROM commentary WHERE "index" IS NOT NULL AND NOT sample`)).toBe(0);
    // Priced from the market as it is: the screener's signals and the note that the market is simulated.
    expect(await count(`SELECT count(*) AS n FROM data WHERE indicator = 'screener' AND sample`)).toBe(0);
    expect(await count(`SELECT count(*) AS n FROM commentary WHERE "index" IS NULL AND sample`)).toBe(0);
    // Read through the analytics API, each row says so.
    const read = await servers[0]!.app.inject({ method: 'GET', url: '/analytics/rest/v1/bots?select=name,sample', headers: { apikey: defaultAnalyticsAnonKey } });
    expect(new Set((read.json() as Array<{ sample: boolean }>).map((row) => row.sample))).toEqual(new Set([true]));
  });

  it('seeds once', async () => {
    expect(await count('SELECT count(*) - count(DISTINCT (title, created_at)) AS n FROM commentary')).toBe(0);
    expect(await count('SELECT count(*) - count(DISTINCT ("index", created_at)) AS n FROM data WHERE indicator IS NULL')).toBe(0);
    expect(await count('SELECT count(*) - count(DISTINCT display_order) AS n FROM screener')).toBe(0);
  });
});
