// Recommendations say how each index trades today (issue 24: every one said "<index> is up 0.00 % today"
// while BANKNIFTY was down): they were made when the market was seeded, before it had moved, and never
// again until the close. Made again every quarter of an hour while the market ticks, they follow the day.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalyticsService } from '../../../server/services/analytics/analytics-service.ts';
import { analyticsCadence } from '../../../server/services/analytics/analytics-service.ts';
import { testBackends } from '../support/test-database.ts';
import { manualClock, startTestServer, type TestServer } from '../support/test-server.ts';

// Friday 16 January 2026, 09:16 IST: a trading day, the regular market open.
const sessionStart = new Date('2026-01-16T03:46:00Z');

describe.each(testBackends)('recommendations through the day, on %s', (backend) => {
  let server: TestServer;
  let analytics: AnalyticsService;

  beforeAll(async () => {
    server = await startTestServer({ backend, clock: manualClock(sessionStart), market: { demo: false, tickMs: 1000 } });
    analytics = server.app.getDecorator<{ analytics: AnalyticsService }>('services').analytics;
  });

  afterAll(async () => {
    await server.close();
  });

  const rationaleOf = async (index: string) => {
    const { rows } = await server.db.query<{ rationale: string; strategy: string }>('SELECT rationale, strategy FROM screener WHERE "index" = $1', [index]);
    return rows[0];
  };
  // The day's move, from the previous close the market keeps (no tick in between: it would move the spot again).
  const moveFromClose = (index: string, percent: number) =>
    server.db.query('UPDATE market_index_state SET spot = round(previous_close * (1 + $2::numeric / 100), 2) WHERE index_name = $1', [index, percent]);

  it("says each index's change today as it stands, not as it stood when the market was seeded", async () => {
    await analytics.afterTick(server.clock.now());
    await moveFromClose('BANKNIFTY', -1.2);
    await moveFromClose('NIFTY', 0.8);
    server.clock.advance(analyticsCadence.recommendationsMs);
    await analytics.afterTick(server.clock.now());

    const bank = await rationaleOf('BANKNIFTY');
    expect(bank?.rationale).toMatch(/^BANKNIFTY is down 1\.20 % today/);
    expect(bank?.strategy).toBe('bear_put_spread');
    const nifty = await rationaleOf('NIFTY');
    expect(nifty?.rationale).toMatch(/^NIFTY is up 0\.80 % today/);
    expect(nifty?.strategy).toBe('bull_call_spread');
    // The strongest move comes first.
    const { rows } = await server.db.query<{ index: string }>('SELECT "index" FROM screener ORDER BY display_order LIMIT 1');
    expect(rows[0]?.index).toBe('BANKNIFTY');
  });
});
