// A contract's previous close is priced once a day and kept (market-quotes.ts): it must still be the close a server
// prices afresh, and it must move with the day. One server quotes the same contracts on Friday and, after the
// weekend, on Monday; a second server started on Monday on the same database prices every close from nothing. A
// kept close that never moved would still show Friday's figures on Monday, and fail both checks.
import { describe, expect, it } from 'vitest';
import { servicesDecorator } from '../../../server/app.ts';
import type { Services } from '../../../server/services/services.ts';
import { createMigratedTestDatabase, testBackends } from '../support/test-database.ts';
import { manualClock, startTestServer, type TestServer } from '../support/test-server.ts';

const ist = (day: string, time: string) => new Date(`${day}T${time}:00+05:30`);
const marketOf = (server: TestServer) => server.app.getDecorator<Services>(servicesDecorator).market;

describe.each(testBackends)('a contract’s previous close on %s', (backend) => {
  it('is priced once a day yet equals a fresh server’s, and moves with the day', async () => {
    const database = await createMigratedTestDatabase(backend);
    const server = await startTestServer({ backend, database, clock: manualClock(ist('2026-11-20', '10:00')), market: { demo: false, tickMs: 60_000 } });
    let fresh: TestServer | undefined;
    try {
      const market = marketOf(server);
      await market.states();
      server.clock.advance(60_000);
      expect(await market.tick()).toBe(true);
      // Monday's weekly expiry (Tuesday the 24th is a holiday): it still trades on Monday morning.
      const { instruments } = await market.instruments('NIFTY', '2026-11-23');
      const middle = Math.floor(instruments.length / 2);
      const keys = instruments.slice(middle - 20, middle + 20).map((instrument) => instrument.instrument);
      const closesOf = async (m: ReturnType<typeof marketOf>) => Object.fromEntries(Object.entries(await m.quotes(keys)).map(([key, quote]) => [key, quote.close]));
      const friday = await closesOf(market);
      server.clock.advance(60_000);
      expect(await market.tick()).toBe(true);
      expect(await closesOf(market)).toEqual(friday);

      server.clock.advance(ist('2026-11-23', '09:20').getTime() - server.clock.now().getTime());
      expect(await market.tick()).toBe(true);
      const monday = await closesOf(market);
      expect(Object.keys(monday).sort()).toEqual(Object.keys(friday).sort());
      expect(keys.filter((key) => monday[key] !== friday[key]).length).toBeGreaterThan(keys.length / 2);

      fresh = await startTestServer({ backend, database, clock: manualClock(server.clock.now()), market: { demo: false, tickMs: 60_000 } });
      expect(await closesOf(marketOf(fresh))).toEqual(monday);
    } finally {
      await fresh?.close();
      await server.close();
    }
  });
});
