// Issue 63: a simulated stock's open interest sized on NSE's own figures (migration 143: each stock's combined and
// future-equivalent open interest of 9 March 2026, NSE's combineoi file). Mid-month (Monday 14 December 2026, the
// December month 15 days from expiry, January 42 and February 71), the shares open across every listed strike of the
// three months and the three futures come to NSE's figure for RELIANCE (18.6 crore) and for SAIL (24.8 crore, most of
// it in futures: its future-equivalent share is 81 %), within what the listed strikes and the spot's move since the
// reference leave out. Before, every stock carried the same notional: RELIANCE about 4 crore shares, SAIL 34 crore.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { servicesDecorator } from '../../../server/app.ts';
import type { MarketService } from '../../../server/services/market/market-service.ts';
import { stockOiSizing } from '../../../server/services/market/stocks/stock-quotes.ts';
import type { Services } from '../../../server/services/services.ts';
import { testBackends } from '../support/test-database.ts';
import { manualClock, startTestServer, type TestServer } from '../support/test-server.ts';

/** NSE's combineoi_09032026.csv: combined open interest and future-equivalent open interest, shares. */
const nse = {
  RELIANCE: { openInterest: 186_341_500, futureEquivalent: 113_954_099 },
  SAIL: { openInterest: 247_553_700, futureEquivalent: 200_944_633 },
};

describe('a stock\'s open interest sizing', () => {
  it('scales with NSE\'s figures and gives futures the larger part where the future-equivalent share is larger', () => {
    const stock = { price: 1_170, volatility: 0.25, strikeStep: 20 };
    const one = stockOiSizing(stock, nse.RELIANCE);
    const twice = stockOiSizing(stock, { openInterest: 2 * nse.RELIANCE.openInterest, futureEquivalent: 2 * nse.RELIANCE.futureEquivalent });
    expect(twice.optionPeakNotionalRupees).toBeCloseTo(2 * one.optionPeakNotionalRupees, 0);
    expect(twice.futureNotionalRupees).toBeCloseTo(2 * one.futureNotionalRupees, 0);
    const moreFutures = stockOiSizing(stock, { openInterest: nse.RELIANCE.openInterest, futureEquivalent: 0.8 * nse.RELIANCE.openInterest });
    expect(moreFutures.futureNotionalRupees).toBeGreaterThan(one.futureNotionalRupees);
    expect(moreFutures.optionPeakNotionalRupees).toBeLessThan(one.optionPeakNotionalRupees);
    // A future-equivalent share below what the options' deltas give alone: options hold nine tenths, futures the rest.
    const optionsOnly = stockOiSizing(stock, { openInterest: nse.RELIANCE.openInterest, futureEquivalent: 0.05 * nse.RELIANCE.openInterest });
    expect(optionsOnly.futureNotionalRupees).toBeGreaterThan(0);
    expect(optionsOnly.optionPeakNotionalRupees).toBeGreaterThan(0);
  });
});

describe.each(testBackends)('a simulated stock\'s open interest against NSE\'s figures on %s', (backend) => {
  let server: TestServer;
  let market: MarketService;

  beforeAll(async () => {
    server = await startTestServer({ backend, clock: manualClock(new Date('2026-12-14T05:30:00Z')), market: { seed: 'stock-oi', demo: true, tickMs: 1000 } });
    market = server.app.getDecorator<Services>(servicesDecorator).market;
    await market.tick();
  }, 180_000);

  afterAll(async () => {
    await server.close();
  });

  /** The shares open in every listed option of the three months and in the three futures, and their future-equivalent. */
  async function openShares(symbol: string): Promise<{ total: number; futureEquivalent: number; futures: number }> {
    const months = await market.expiries(symbol);
    expect(months.expiries).toHaveLength(3);
    const options = (await Promise.all(months.expiries.map(async (expiry) => (await market.instruments(symbol, expiry.date)).instruments))).flat();
    const futures = months.futures ?? [];
    expect(futures).toHaveLength(3);
    const quotes = await market.quotes([...options.map((option) => option.instrument), ...futures.map((future) => future.instrument)]);
    const futureShares = futures.reduce((sum, future) => sum + quotes[future.instrument]!.oi!, 0);
    const optionShares = options.reduce((sum, option) => sum + quotes[option.instrument]!.oi!, 0);
    const optionDeltaShares = options.reduce((sum, option) => sum + quotes[option.instrument]!.oi! * Math.abs(quotes[option.instrument]!.delta!), 0);
    return { total: futureShares + optionShares, futureEquivalent: futureShares + optionDeltaShares, futures: futureShares };
  }

  it.each(['RELIANCE', 'SAIL'] as const)('%s: the open interest of every listed contract comes to NSE\'s, and its future-equivalent too', async (symbol) => {
    const open = await openShares(symbol);
    const figures = nse[symbol];
    expect(open.total / figures.openInterest).toBeGreaterThan(0.75);
    expect(open.total / figures.openInterest).toBeLessThan(1.25);
    expect(open.futureEquivalent / figures.futureEquivalent).toBeGreaterThan(0.75);
    expect(open.futureEquivalent / figures.futureEquivalent).toBeLessThan(1.25);
  }, 60_000);
});
