// The index's closing value an expiry settles at, from the simulator's own minute candles: the average over
// the day's close-price window (15:10–15:40 IST since 3 August 2026, market_sessions), as NSE computes an
// index's close, not its last tick.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { servicesDecorator } from '../../../server/app.ts';
import { marketPrices } from '../../../server/services/brokers/paper/market-prices.ts';
import { closingValuePaise } from '../../../server/services/market/closing-value.ts';
import type { Services } from '../../../server/services/services.ts';
import { testBackends } from '../support/test-database.ts';
import { manualClock, startTestServer, type TestServer } from '../support/test-server.ts';

const minuteMs = 60_000;

describe.each(testBackends)('the closing value on %s', (backend) => {
  let server: TestServer;

  // Started in a hook, not in the test: a server's start (migrations, the listed chains seeded with the
  // session so far) takes 20 s on two loaded cores, which left the 50 ticks too little of a test's 30 s.
  // At a load average of 34 a run here skipped the test: the hook outlived its default 60 s.
  beforeAll(async () => {
    // Monday 23 November 2026, 14:50 IST (NIFTY's expiry day), demo market ticking every minute to 15:40.
    server = await startTestServer({ backend, clock: manualClock(new Date('2026-11-23T09:20:00Z')), market: { seed: 'closing', demo: true, tickMs: minuteMs } });
  }, 180_000);

  afterAll(async () => {
    await server.close();
  });

  it('is the mean of the minute closes from 15:10 to 15:39 IST, not the last spot, and the spot when no minute of it is known', async () => {
    const { market } = server.app.getDecorator<Services>(servicesDecorator);
    const db = server.db;
    await market.states();
    for (let n = 0; n < 50; n += 1) {
      server.clock.advance(minuteMs);
      expect(await market.tick()).toBe(true);
    }
    const candles = await market.candles('NIFTY', new Date('2026-11-23T09:30:00Z'));
    // 15:10 to 15:39 IST: the window of a day since 3 August 2026 (a 15:00 start would take 09:30Z on).
    const window = candles.filter((candle) => candle.minute.getTime() >= Date.parse('2026-11-23T09:40:00Z') && candle.minute.getTime() < Date.parse('2026-11-23T10:10:00Z'));
    expect(window).toHaveLength(30);
    const mean = Math.round((window.reduce((sum, candle) => sum + candle.close, 0) / window.length) * 100);
    const closing = await closingValuePaise(db, 'NIFTY', '2026-11-23');
    expect(closing).not.toBeNull();
    expect(Math.abs(closing! - mean)).toBeLessThanOrEqual(1);
    const spot = (await market.states()).get('NIFTY')!.spotPaise;
    expect(closing).not.toBe(spot);
    const prices = marketPrices(market, db);
    expect(await prices.closingValuePaise('NIFTY', '2026-11-23', db)).toBe(closing);
    // A day the simulator has no minute of its last half hour for (the server was off) settles at the spot.
    expect(await prices.closingValuePaise('NIFTY', '2026-12-31', db)).toBe(spot);
  });
});
