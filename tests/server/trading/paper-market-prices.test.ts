// How the paper broker reads the simulated market (market-prices.ts; issue 26, from the mutation run): quotes
// in paise with instruments that have no book left out, the market's state asked once per transaction (an
// order's quote, margin and checks see one tick; the market reads it once a tick, tick-states.test.ts), the index as it stood at a past instant for a missed square-off,
// the closing value expiries settle at, and each exchange's own session. The market is a stand-in that records
// what it was asked; the candles are real rows in a migrated database.
import { describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database.ts';
import { marketPrices } from '../../../server/services/brokers/paper/market-prices.ts';
import type { IndexName } from '../../../server/services/market/index-config.ts';
import type { IndexSnapshot, LastPrice, MarketService } from '../../../server/services/market/market-service.ts';
import { testBackends, migratedDatabasePerFile } from '../support/test-database.ts';

const ist = (day: string, time: string) => new Date(`${day}T${time}+05:30`);
const tickedAt = ist('2026-11-20', '14:00:00');

function snapshot(name: IndexName, spotPaise: number): IndexSnapshot {
  return {
    name,
    seq: 1,
    spotPaise,
    tickedAtMs: tickedAt.getTime(),
    sessionOpenSeq: 1,
    previousClosePaise: spotPaise,
    previousCloseAtMs: tickedAt.getTime(),
    sessionDate: '2026-11-20',
    dayOpenPaise: spotPaise,
    dayHighPaise: spotPaise,
    dayLowPaise: spotPaise,
    tradedAtMs: null,
  };
}

/**
 * A market holding NIFTY at 26,000.00: the call NIFTY26D0126000CE is quoted at a hundredth of the spot it is
 * priced on (bid 5 paise under, ask 5 over, yesterday's close ₹250.25); the index itself has no book.
 */
function standInMarket() {
  const asked = { stateReads: 0, pricedOn: [] as Map<IndexName, IndexSnapshot>[], venues: [] as string[] };
  const market = {
    demo: true,
    currentStates: async () => {
      asked.stateReads += 1;
      return new Map([['NIFTY', snapshot('NIFTY', 2_600_000)]]);
    },
    quotes: async (keys: readonly string[], states: Map<IndexName, IndexSnapshot>) => {
      asked.pricedOn.push(states);
      const spot = states.get('NIFTY')!.spotPaise;
      const quotes: Record<string, Partial<LastPrice>> = {};
      for (const key of keys) {
        if (key === 'NSE:NIFTY 50') quotes[key] = { last_price: spot / 100 };
        if (key === 'NFO:NIFTY26D0126000CE') quotes[key] = { last_price: spot / 10_000, bid: spot / 10_000 - 0.05, ask: spot / 10_000 + 0.05, close: 250.25 };
      }
      return quotes;
    },
    pricing: async (index: IndexName, _q: unknown, states: Map<IndexName, IndexSnapshot>) => ({ spot: states.get(index)!.spotPaise / 100 }),
    sessionState: async (venue: string) => {
      asked.venues.push(venue);
      return { open: venue === 'BSE' };
    },
  };
  return { market: market as unknown as MarketService, asked };
}

describe.each(testBackends)('the paper broker reading the simulated market on %s', (backend) => {
  let db: Database;

  migratedDatabasePerFile(backend, (opened) => {
    db = opened;
  });

  it('quotes in paise, keeping the close, and leaves out what has no book', async () => {
    const { market } = standInMarket();
    const quotes = await marketPrices(market, db).quotes(['NFO:NIFTY26D0126000CE', 'NSE:NIFTY 50'], db);
    expect([...quotes.entries()]).toEqual([['NFO:NIFTY26D0126000CE', { bidPaise: 25_995, askPaise: 26_005, lastPaise: 26_000, closePaise: 25_025 }]]);
  });

  it("asks the market's state once in a transaction and afresh outside one", async () => {
    const { market, asked } = standInMarket();
    const prices = marketPrices(market, db);
    await db.transaction(async (tx) => {
      expect(await prices.spotPaise('NIFTY', tx)).toBe(2_600_000);
      await prices.quotes(['NFO:NIFTY26D0126000CE'], tx);
      expect(await prices.pricing('NIFTY', tx)).toEqual({ spot: 26_000 });
    });
    expect(asked.stateReads).toBe(1);
    await prices.spotPaise('NIFTY', db);
    await prices.spotPaise('NIFTY', db);
    expect(asked.stateReads).toBe(3);
    await expect(prices.spotPaise('SENSEX', db)).rejects.toThrow('The market has no state for SENSEX');
  });

  it("prices at a past instant on the index's last level by then, and on the current one when none is recorded", async () => {
    const { market, asked } = standInMarket();
    const prices = marketPrices(market, db);
    const cutOff = ist('2026-11-20', '13:55:00');
    await db.query(`INSERT INTO market_candles (index_name, minute, open, high, low, close, ticks) VALUES ('NIFTY', $1, 25900, 25950, 25850, 25910.50, 12)`, [
      ist('2026-11-20', '13:53:00'),
    ]);
    const then = await prices.quotesAt(['NFO:NIFTY26D0126000CE'], cutOff, db);
    expect(then.get('NFO:NIFTY26D0126000CE')?.lastPaise).toBe(25_911);
    expect(asked.pricedOn.at(-1)!.get('NIFTY')).toMatchObject({ spotPaise: 2_591_050, tickedAtMs: cutOff.getTime() });
    // Before any candle: the current level stands in, priced at that instant.
    const earlier = ist('2026-11-20', '10:00:00');
    expect((await prices.quotesAt(['NFO:NIFTY26D0126000CE'], earlier, db)).get('NFO:NIFTY26D0126000CE')?.lastPaise).toBe(26_000);
    expect(asked.pricedOn.at(-1)!.get('NIFTY')).toMatchObject({ spotPaise: 2_600_000, tickedAtMs: earlier.getTime() });
  });

  it("settles at the average of the day's close-price window (15:10–15:40 since 3 August 2026), and at the last spot when the server was off then", async () => {
    const { market } = standInMarket();
    const prices = marketPrices(market, db);
    await db.query(
      `INSERT INTO market_candles (index_name, minute, open, high, low, close, ticks) VALUES
         ('NIFTY', $1, 26000, 26000, 26000, 26010.00, 1), ('NIFTY', $2, 26000, 26000, 26000, 26020.00, 1),
         ('NIFTY', $3, 26000, 26000, 26000, 26090.00, 1)`,
      // 15:00 is before the window of a day since 3 August 2026: not counted; 15:10 and 15:39 are.
      [ist('2026-11-24', '15:00:00'), ist('2026-11-24', '15:10:00'), ist('2026-11-24', '15:39:00')],
    );
    expect(await prices.closingValuePaise('NIFTY', '2026-11-24', db)).toBe(2_605_500);
    expect(await prices.closingValuePaise('NIFTY', '2026-11-25', db)).toBe(2_600_000);
  });

  it("asks BSE's session for BFO and NSE's for NFO", async () => {
    const { market, asked } = standInMarket();
    const prices = marketPrices(market, db);
    const now = ist('2026-11-20', '10:00:00');
    expect(await prices.marketOpen('BFO', now, db)).toBe(true);
    expect(await prices.marketOpen('NFO', now, db)).toBe(false);
    expect(await prices.session('BFO', now, db)).toEqual({ open: true });
    expect(await prices.session('NFO', now, db)).toEqual({ open: false });
    expect(asked.venues).toEqual(['BSE', 'NSE', 'BSE', 'NSE']);
    expect(prices.demo).toBe(true);
  });
});
