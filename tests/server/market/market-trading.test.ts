// The simulated market on a real database, as a trader meets it: a day of demo ticks realises about the
// volatility the chain implies, the at-the-money book is one or two ticks wide at midday and wider at the
// open, call and put IVs read as on NSE's chain, and open interest is a stored state that only trading changes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/main.d.ts';
import { servicesDecorator } from '../../../server/app.ts';
import type { LastPrice, MarketService } from '../../../server/services/market/market-service.ts';
import type { Services } from '../../../server/services/services.ts';
import { testBackends } from '../support/test-database.ts';
import { manualClock, startTestServer, type TestServer } from '../support/test-server.ts';

type Instrument = components['schemas']['OptionInstrument'];

// Friday 20 November 2026, 12:00 IST; NIFTY's nearest expiry is the monthly on Monday 23 November.
const fridayNoon = new Date('2026-11-20T06:30:00Z');
const minuteMs = 60_000;

const marketOf = (server: TestServer): MarketService => server.app.getDecorator<Services>(servicesDecorator).market;

async function chain(market: MarketService, expiry: string): Promise<{ instruments: Instrument[]; quotes: Record<string, LastPrice> }> {
  const { instruments } = await market.instruments('NIFTY', expiry);
  return { instruments, quotes: await market.quotes(instruments.map((i) => i.instrument)) };
}

const ticks = (quote: LastPrice) => Math.round(((quote.ask ?? 0) - (quote.bid ?? 0)) / 0.05);

describe.each(testBackends)('the simulated market trading on %s', (backend) => {
  describe('a day of demo ticks', () => {
    let server: TestServer;

    // Started in a hook, not in the test: a server's start (migrations, the listed chains seeded with the
    // session so far) takes 20 s on two loaded cores, which left the 288 ticks too little of a test's 30 s.
    // At a load average of 34 a run here skipped the test: the hook outlived its default 60 s.
    beforeAll(async () => {
      server = await startTestServer({ backend, clock: manualClock(fridayNoon), market: { seed: 'one-clock', demo: true, tickMs: 5 * minuteMs } });
    }, 180_000);

    afterAll(async () => {
      await server.close();
    });

    it('realises about the at-the-money volatility the chain shows', async () => {
      const market = marketOf(server);
      let previous = (await market.states()).get('NIFTY')!.spotPaise;
      let squares = 0;
      for (let n = 0; n < 288; n += 1) {
        server.clock.advance(5 * minuteMs);
        expect(await market.tick()).toBe(true);
        const spot = (await market.states()).get('NIFTY')!.spotPaise;
        squares += Math.log(spot / previous) ** 2;
        previous = spot;
      }
      const realised = Math.sqrt(squares * 365);
      const { instruments, quotes } = await chain(market, '2026-11-23');
      const atm = Math.round(previous / 100 / 50) * 50;
      const atmIv = instruments.filter((i) => i.strike === atm).map((i) => quotes[i.instrument]!.iv!);
      const implied = (atmIv[0]! + atmIv[1]!) / 200;
      // One day is 288 five-minute returns (about 4 % sampling error on the volatility): 0.65–1.15 of implied,
      // where the spot once ran at 2.3× the implied (issue 23).
      expect(realised / implied).toBeGreaterThan(0.65);
      expect(realised / implied).toBeLessThan(1.15);
      // 288 ticks, each trading five simulated minutes of the whole chain: 28 s at a load average of 28.
    }, 120_000);
  });

  describe('the book and open interest', () => {
    let server: TestServer;
    let market: MarketService;

    beforeAll(async () => {
      server = await startTestServer({ backend, clock: manualClock(fridayNoon), market: { seed: 'open-interest', demo: true, tickMs: 1000 } });
      market = marketOf(server);
    });

    afterAll(async () => {
      await server.close();
    });

    const oiOf = (book: { instruments: Instrument[]; quotes: Record<string, LastPrice> }, strike: number, type: 'CE' | 'PE') =>
      book.quotes[book.instruments.find((i) => i.strike === strike && i.instrument_type === type)!.instrument]!.oi!;

    it('quotes the at-the-money weekly one or two ticks wide at midday, wider at the open', async () => {
      // Wednesday 25 November 2026, the weekly of Tuesday 1 December six days out: at 09:16, then at 12:00 IST.
      const other = await startTestServer({ backend, clock: manualClock(new Date('2026-11-25T03:46:00Z')), market: { demo: true, tickMs: 1000 } });
      const atmSpreads = async () => {
        other.clock.advance(1000);
        await marketOf(other).tick();
        const book = await chain(marketOf(other), '2026-12-01');
        const atm = Math.round((await marketOf(other).states()).get('NIFTY')!.spotPaise / 5000) * 50;
        return book.instruments.filter((i) => i.strike === atm).map((i) => ticks(book.quotes[i.instrument]!));
      };
      try {
        for (const width of await atmSpreads()) expect(width).toBeGreaterThanOrEqual(3);
        other.clock.advance(164 * minuteMs);
        for (const width of await atmSpreads()) {
          expect(width).toBeGreaterThanOrEqual(1);
          expect(width).toBeLessThanOrEqual(2);
        }
      } finally {
        await other.close();
      }
    });

    it('piles call OI above the spot and put OI below, with large OI at a far round strike', async () => {
      const book = await chain(market, '2026-12-01');
      const spot = (await market.states()).get('NIFTY')!.spotPaise / 100;
      const sum = (type: 'CE' | 'PE', side: (strike: number) => boolean) =>
        book.instruments.filter((i) => i.instrument_type === type && side(i.strike)).reduce((total, i) => total + book.quotes[i.instrument]!.oi!, 0);
      expect(sum('CE', (k) => k > spot) / sum('CE', (k) => k < spot)).toBeGreaterThan(2);
      expect(sum('PE', (k) => k < spot) / sum('PE', (k) => k > spot)).toBeGreaterThan(2);
      const puts = book.instruments.filter((i) => i.instrument_type === 'PE').map((i) => book.quotes[i.instrument]!.oi!);
      // 24 000 is 8 % below the spot: hedgers' strike, with OI where the old bell had almost none.
      expect(oiOf(book, 24_000, 'PE')).toBeGreaterThan(0.1 * Math.max(...puts));
      // 8 % out of the money holds well over 5 % of the at-the-money OI, as on NSE (issue 36: it was 0.45 %).
      const atm = Math.round(spot / 50) * 50;
      const atmOi = Math.max(oiOf(book, atm, 'CE'), oiOf(book, atm, 'PE'));
      const meanOi = (type: 'CE' | 'PE', from: number, to: number) => {
        const held = book.instruments.filter((i) => i.instrument_type === type && i.strike >= spot * from && i.strike <= spot * to).map((i) => book.quotes[i.instrument]!.oi!);
        return held.reduce((total, oi) => total + oi, 0) / held.length;
      };
      expect(meanOi('CE', 1.07, 1.09) / atmOi).toBeGreaterThan(0.05);
      expect(meanOi('PE', 0.91, 0.93) / atmOi).toBeGreaterThan(0.05);
      // Deep in the money (5 % in) a call keeps OI written when it was out of the money.
      expect(meanOi('CE', 0.94, 0.96) / atmOi).toBeGreaterThan(0.02);
    });

    it('quotes call and put IVs as NSE’s chain does, the put’s above the call’s, with the prices at parity within the spread', async () => {
      const book = await chain(market, '2026-12-01');
      const spot = (await market.states()).get('NIFTY')!.spotPaise / 100;
      const quoteOf = (strike: number, type: 'CE' | 'PE') => book.quotes[book.instruments.find((i) => i.strike === strike && i.instrument_type === type)!.instrument]!;
      const atm = Math.round(spot / 50) * 50;
      const years = (Date.parse('2026-12-01T10:00:00Z') - Date.parse(quoteOf(atm, 'CE').timestamp)) / (365 * 24 * 3_600_000);
      const rate = 0.055;
      let compared = 0;
      for (let strike = atm - 30 * 50; strike <= atm + 30 * 50; strike += 50) {
        const call = quoteOf(strike, 'CE');
        const put = quoteOf(strike, 'PE');
        // Parity on prices: one smile on the forward prices both, so the forward's value lies within the books.
        const parity = Math.exp(-rate * years) * (spot * Math.exp(rate * years) - strike);
        expect(call.bid! - put.ask!, `${strike}`).toBeLessThanOrEqual(parity + 1e-6);
        expect(call.ask! - put.bid!, `${strike}`).toBeGreaterThanOrEqual(parity - 1e-6);
        // NSE computes each IV from the option's own last price on the spot at 10 %: the put reads above the call
        // (issue 36: the simulator's were the same at every strike).
        if (call.iv === null || put.iv === null) continue;
        expect(put.iv!, `${strike}`).toBeGreaterThan(call.iv!);
        compared += 1;
      }
      expect(compared).toBeGreaterThan(30);
      // About two points at the money eleven days out; a call 5 % in the money has no IV at all, as on NSE.
      expect(quoteOf(atm, 'PE').iv! - quoteOf(atm, 'CE').iv!).toBeGreaterThan(1);
      expect(quoteOf(atm, 'PE').iv! - quoteOf(atm, 'CE').iv!).toBeLessThan(3);
      expect(quoteOf(Math.round((spot * 0.95) / 50) * 50, 'CE').iv).toBeNull();
    });

    it("applies a minute's trading after its tick (as the market loop does) exactly as the tick itself would", async () => {
      const clock = manualClock(new Date('2026-11-25T06:30:00Z'));
      const options = { backend, clock, market: { seed: 'trading-after', demo: true, tickMs: 1000 } };
      const [within, after] = await Promise.all([startTestServer(options), startTestServer(options)]);
      try {
        const volumes = async (server: TestServer) => {
          const book = await chain(marketOf(server), '2026-12-01');
          return book.instruments.map((i) => [i.instrument, book.quotes[i.instrument]!.volume, book.quotes[i.instrument]!.oi]);
        };
        // Listed (and seeded with the session so far) on both before the minutes trade.
        expect(await volumes(after)).toEqual(await volumes(within));
        for (let n = 0; n < 3; n += 1) {
          clock.advance(minuteMs);
          expect(await marketOf(within).tick()).toBe(true);
          expect(await marketOf(after).tick(undefined, { trading: false })).toBe(true);
          // The tick alone moved the price but traded nothing: the minute waits for `trade`.
          if (n > 0) expect(await volumes(after)).not.toEqual(await volumes(within));
          expect(await marketOf(after).trade()).toBe(n > 0);
          expect(await volumes(after)).toEqual(await volumes(within));
        }
        expect((await volumes(within)).some(([, volume]) => Number(volume) > 0)).toBe(true);
        // Nothing is due twice.
        expect(await marketOf(after).trade()).toBe(false);
      } finally {
        await Promise.all([within.close(), after.close()]);
      }
    }, 120_000);

    it('keeps OI where it is when the spot moves without trading, and changes it only with volume', async () => {
      const before = await chain(market, '2026-12-01');
      // A move with no trading: the index state changes (a new tick number, the spot 1 % up), nothing trades.
      await server.db.query(`UPDATE market_index_state SET seq = seq + 1, spot = spot * 1.01 WHERE index_name = 'NIFTY'`);
      const moved = await chain(market, '2026-12-01');
      for (const i of before.instruments) expect(moved.quotes[i.instrument]!.oi, i.instrument).toBe(before.quotes[i.instrument]!.oi);
      await server.db.query(`UPDATE market_index_state SET seq = seq + 1, spot = spot / 1.01 WHERE index_name = 'NIFTY'`);

      // Ten simulated minutes of trading: the contracts near the money trade and their OI moves; those that
      // traded nothing keep theirs to the lot.
      for (let n = 0; n < 11; n += 1) {
        server.clock.advance(minuteMs);
        await market.tick();
      }
      const after = await chain(market, '2026-12-01');
      let traded = 0;
      let changed = 0;
      for (const i of before.instruments) {
        const quote = after.quotes[i.instrument]!;
        // Volume carried from the session so far (a contract listed mid-session) is not trading in these minutes.
        if (quote.volume! > before.quotes[i.instrument]!.volume!) traded += 1;
        else expect(quote.oi, i.instrument).toBe(before.quotes[i.instrument]!.oi);
        if (quote.oi !== before.quotes[i.instrument]!.oi) changed += 1;
      }
      expect(traded).toBeGreaterThan(20);
      expect(changed).toBeGreaterThan(10);
      expect(after.quotes[after.instruments.find((i) => i.strike === 26_050 && i.instrument_type === 'CE')!.instrument]!.volume).toBeGreaterThan(0);
      expect(oiOf(after, 30_000, 'CE')).toBe(oiOf(before, 30_000, 'CE'));
      // OI change is measured from the session's opening OI, in whole units: trading adds to it exactly what it
      // added to or took away from the OI.
      for (const i of before.instruments) {
        const quote = after.quotes[i.instrument]!;
        const earlier = before.quotes[i.instrument]!;
        expect(quote.oi_change, i.instrument).toBe(earlier.oi_change! + quote.oi! - earlier.oi!);
        expect(Number.isInteger(quote.oi_change)).toBe(true);
      }
      expect(before.instruments.filter((i) => after.quotes[i.instrument]!.oi_change !== before.quotes[i.instrument]!.oi_change).length).toBe(changed);

      // The state is stored: another instance on the same database reads the same OI.
      const twin = await startTestServer({ backend, database: server.db, clock: manualClock(server.clock.now()), market: { demo: true, tickMs: 1000 } });
      try {
        const seen = await chain(marketOf(twin), '2026-12-01');
        for (const i of after.instruments) expect(seen.quotes[i.instrument]!.oi).toBe(after.quotes[i.instrument]!.oi);
      } finally {
        await twin.app.close();
        await twin.fixture.cleanup();
      }
    });
  });
});
