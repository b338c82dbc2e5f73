// A chain opened mid-session shows the session's trading at once (issue 24: the demo chain showed volume and
// OI change of 0 until the next minute's trading, far strikes until they first traded): a contract listed
// after the session began is seeded with the volume it would have traded since the open and the OI that
// volume opened or closed, measured from its opening OI; trading then goes on from there, minute by minute.
import { describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/main.d.ts';
import { servicesDecorator } from '../../../server/app.ts';
import type { LastPrice, MarketService } from '../../../server/services/market/market-service.ts';
import { sessionSoFar } from '../../../server/services/market/open-interest-store.ts';
import type { Services } from '../../../server/services/services.ts';
import { manualClock, startTestServer, type TestServer } from '../support/test-server.ts';

type Instrument = components['schemas']['OptionInstrument'];

const marketOf = (server: TestServer): MarketService => server.app.getDecorator<Services>(servicesDecorator).market;

/** The ±10 strikes a phone's chain shows around the money, with their quotes. */
async function window(market: MarketService, expiry: string): Promise<{ instruments: Instrument[]; quotes: Record<string, LastPrice> }> {
  const { instruments } = await market.instruments('NIFTY', expiry);
  const spot = (await market.states()).get('NIFTY')!.spotPaise / 100;
  const near = instruments.filter((i) => Math.abs(i.strike - spot) <= 10 * 50);
  return { instruments: near, quotes: await market.quotes(near.map((i) => i.instrument)) };
}

describe('a chain opened mid-session', () => {
  it('shows volume and OI change on every strike near the money at once, in the demo at 14:55 IST', async () => {
    // Tuesday 24 November 2026, 14:55 IST; NIFTY's nearest expiry is the weekly of Tuesday 1 December.
    const server = await startTestServer({ clock: manualClock(new Date('2026-11-24T09:25:00Z')), market: { seed: 'so-far', demo: true, tickMs: 1000 } });
    try {
      const market = marketOf(server);
      // Listed before the market's first tick, as the demo desk lists the chain at start-up.
      const first = await window(market, '2026-12-01');
      const quotes = first.instruments.map((i) => first.quotes[i.instrument]!);
      expect(quotes.length).toBeGreaterThanOrEqual(40);
      for (const quote of quotes) expect(quote.volume).toBeGreaterThan(0);
      // OI change is the OI less the session's opening OI, in whole units, and most strikes moved.
      for (const quote of quotes) expect(Number.isInteger(quote.oi_change)).toBe(true);
      expect(quotes.filter((quote) => quote.oi_change !== 0).length).toBeGreaterThan(0.8 * quotes.length);

      // Trading goes on from there: a minute later the volume only grew, and some grew.
      for (let n = 0; n < 61; n += 1) {
        server.clock.advance(1000);
        await market.tick();
      }
      const later = { quotes: await market.quotes(first.instruments.map((i) => i.instrument)) };
      let grew = 0;
      for (const i of first.instruments) {
        const before = first.quotes[i.instrument]!.volume!;
        const after = later.quotes[i.instrument]!.volume!;
        expect(after).toBeGreaterThanOrEqual(before);
        if (after > before) grew += 1;
      }
      expect(grew).toBeGreaterThan(10);
    } finally {
      await server.close();
    }
  });

  it('shows the session so far to a chain first opened after the market has ticked', async () => {
    const server = await startTestServer({ clock: manualClock(new Date('2026-11-24T09:25:00Z')), market: { seed: 'so-far', demo: true, tickMs: 1000 } });
    try {
      const market = marketOf(server);
      server.clock.advance(1000);
      await market.tick();
      const chain = await window(market, '2026-12-08');
      for (const i of chain.instruments) expect(chain.quotes[i.instrument]!.volume).toBeGreaterThan(0);
    } finally {
      await server.close();
    }
  });

  it('has traded nothing before the exchange opens', async () => {
    // Exchange mode, Wednesday 25 November 2026 at 08:00 IST: the session has not begun.
    const server = await startTestServer({ clock: manualClock(new Date('2026-11-25T02:30:00Z')), market: { seed: 'so-far', demo: false, tickMs: 1000 } });
    try {
      const market = marketOf(server);
      server.clock.advance(1000);
      await market.tick();
      const chain = await window(market, '2026-12-01');
      for (const i of chain.instruments) {
        expect(chain.quotes[i.instrument]!.volume).toBe(0);
        expect(chain.quotes[i.instrument]!.oi_change).toBe(0);
      }
    } finally {
      await server.close();
    }
  });

  it('steps the catch-up like live trading: more minutes trade more, and no minutes trade nothing', () => {
    const contract = { instrumentToken: 7, strike: 26_000, kind: 'CE' as const, strikeStep: 50, years: 7 / 365 };
    const market = { spot: 26_010, atmVolatility: 0.13, seed: 42 };
    expect(sessionSoFar(contract, market, 50_000, 0)).toEqual({ oiLots: 50_000, volumeLots: 0 });
    const hour = sessionSoFar(contract, market, 50_000, 60);
    const day = sessionSoFar(contract, market, 50_000, 375);
    expect(hour.volumeLots).toBeGreaterThan(0);
    expect(day.volumeLots).toBeGreaterThan(hour.volumeLots);
    // What trading opens or closes is at most half the volume, and the OI never goes below zero.
    expect(Math.abs(day.oiLots - 50_000)).toBeLessThanOrEqual(day.volumeLots / 2);
    expect(day.oiLots).toBeGreaterThanOrEqual(0);
  });
});
