// The market as it stood at a past instant (the 15:25 cut-off a stopped server missed): the index's last
// recorded level at or before it, from the stored state or, once the market ticked past it, from the last
// minute candle that closed by then; and the options priced on that level at that instant.
import { describe, expect, it } from 'vitest';
import { servicesDecorator } from '../../../server/app.ts';
import { marketPrices } from '../../../server/services/brokers/paper/market-prices.ts';
import { indexLevelBeforePaise } from '../../../server/services/market/index-level.ts';
import type { Services } from '../../../server/services/services.ts';
import { testBackends } from '../support/test-database.ts';
import { manualClock, startTestServer } from '../support/test-server.ts';

const ist = (day: string, time: string) => new Date(`${day}T${time}:00+05:30`);

describe.each(testBackends)('the market at a past instant on %s', (backend) => {
  it('prices options at the cut-off on the last level recorded before it, whether or not the market ticked since', async () => {
    // Friday 20 November 2026: the demo market ticks from 11:00 to 11:02 IST, then the server is off until 16:30.
    const server = await startTestServer({ backend, clock: manualClock(ist('2026-11-20', '11:00')), market: { seed: 'level', demo: true, tickMs: 1000 } });
    try {
      const { market } = server.app.getDecorator<Services>(servicesDecorator);
      const db = server.db;
      await market.states();
      for (let n = 0; n < 5; n += 1) {
        server.clock.advance(30_000);
        expect(await market.tick()).toBe(true);
      }
      const before = (await market.readStates(db)).get('NIFTY')!;
      const cutOff = ist('2026-11-20', '15:25');
      const expiry = (await market.expiries('NIFTY')).expiries[0]!.date;
      const listed = (await market.instruments('NIFTY', expiry)).instruments;
      const key = `NFO:${listed.find((row) => row.instrument_type === 'CE' && row.strike >= before.spotPaise / 100)!.tradingsymbol}`;
      const prices = marketPrices(market, db);
      // Not ticked since: the stored state is the last level before the cut-off.
      expect(await indexLevelBeforePaise(db, 'NIFTY', cutOff, before)).toBe(before.spotPaise);
      const atCutOff = (await prices.quotesAt([key], cutOff, db)).get(key)!;
      const expected = (await market.quotes([key], new Map([['NIFTY', { ...before, tickedAtMs: cutOff.getTime() }]]), db))[key]!;
      expect(atCutOff.bidPaise).toBe(Math.round(expected.bid! * 100));
      // Priced at 15:25, not at 11:02: four hours less time value.
      expect(atCutOff.bidPaise).toBeLessThan((await prices.quotes([key], db)).get(key)!.bidPaise);

      // At 16:30 the market ticks past the cut-off (its opening jump over the hours it was off): the last minute
      // candle closed before 15:25 still holds the 11:02 level, and the quote at the cut-off is the same.
      server.clock.advance(ist('2026-11-20', '16:30').getTime() - server.clock.now().getTime());
      expect(await market.tick()).toBe(true);
      const after = (await market.readStates(db)).get('NIFTY')!;
      expect(after.spotPaise).not.toBe(before.spotPaise);
      expect(await indexLevelBeforePaise(db, 'NIFTY', cutOff, after)).toBe(before.spotPaise);
      expect((await prices.quotesAt([key], cutOff, db)).get(key)!.bidPaise).toBe(atCutOff.bidPaise);
      // Before any record (candles are kept 30 days) there is no level to give.
      expect(await indexLevelBeforePaise(db, 'NIFTY', ist('2000-01-03', '15:25'), after)).toBeNull();
    } finally {
      await server.close();
    }
  });
});
