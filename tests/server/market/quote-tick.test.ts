// The simulated book is quoted on the exchange's tick of the day (tick_sizes, market/price-rules.ts), never a
// tick of its own: with a later NSE row of ₹0.10 in force, every bid, ask, last and close the chain quotes is on
// ₹0.10, as the paper broker then holds orders to (price-rules.test). On the ₹0.05 tick about half of these
// prices end in 5 paise, so the test fails on a book quoted on a fixed ₹0.05.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/main.d.ts';
import type { components as analytics } from '../../../openapi/analytics.d.ts';
import { defaultPublicRuntimeConfig } from '../../../server/config.ts';
import { signedInAccount } from '../support/accounts.ts';
import { createMigratedTestDatabase, testBackends } from '../support/test-database.ts';
import { manualClock, startTestServer, type TestServer } from '../support/test-server.ts';
import { guardedClient } from '../support/trading.ts';

type Instruments = components['schemas']['InstrumentsResponse'];
type MarketData = analytics['schemas']['MarketDataResponse'];

// Friday 20 November 2026, 10:00 IST, the day this test's own NSE row of a ₹0.10 tick comes into force.
const friday = new Date('2026-11-20T04:30:00Z');

describe.each(testBackends)('quotes on the day’s tick on %s', (backend) => {
  let server: TestServer;
  let token: string;

  beforeAll(async () => {
    const database = await createMigratedTestDatabase(backend);
    await database.query(`INSERT INTO tick_sizes (exchange, effective_from, tick_paise, source) VALUES ('NSE', '2026-11-20', 10, 'A later NSE circular (this test''s own row)')`);
    server = await startTestServer({ backend, database, clock: manualClock(friday), market: { seed: 'test-seed', demo: true, tickMs: 1000 } });
    token = (await signedInAccount(guardedClient(server.app))).token;
  });

  afterAll(async () => {
    await server?.close();
  });

  it('quotes every bid, ask, last and close of the chain on ₹0.10', async () => {
    const listed = await server.app.inject({ method: 'GET', url: '/api/market/instruments/?index=NIFTY&expiry=2026-11-23', headers: { authorization: `Bearer ${token}` } });
    const chain = listed.json<Instruments>().instruments.filter((i) => i.strike >= 25_550 && i.strike <= 26_550);
    expect(chain.length).toBeGreaterThan(30);
    expect(chain[0]!.tick_size).toBe(0.1);
    const answer = await server.app.inject({
      method: 'POST',
      url: '/analytics/functions/v1/market_data',
      headers: { apikey: defaultPublicRuntimeConfig.analyticsAnonKey },
      payload: { instruments: chain.map((i) => i.instrument) },
    });
    const quotes = Object.values(answer.json<MarketData>().data);
    expect(quotes).toHaveLength(chain.length);
    const prices = quotes.flatMap((quote) => [quote.last_price, quote.bid!, quote.ask!, quote.close!]);
    expect(prices.filter((price) => Math.round(price * 100) % 10 !== 0)).toEqual([]);
  });
});
