// Margins on expiry day as SEBI's circular of 1 October 2024 has them (SEBI/HO/MRD/TPD-1/P/CIR/2024/132): an
// extra 2 % extreme loss margin on short options expiring that day (from 20 November 2024) and no calendar-spread
// offset between a contract expiring that day and later ones (from 10 February 2025). The expected figures are
// worked here from Black-76 directly: the worst of SPAN's ±1 price-scan moves (9.3 %, volatility ±4 points)
// on what is scanned together, plus exposure.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/main.d.ts';
import { black76Price } from '../../../quant/black76.ts';
import { marketAssumptions } from '../../../quant/market-assumptions.ts';
import { forwardFromSpot, yearsToExpiry, type OptionKind } from '../../../quant/option-inputs.ts';
import type { ContractCall } from '../support/contract-client.ts';
import { openDesk, scriptedMarket, type Desk, type ScriptedMarket } from '../support/paper-desk.ts';
import { testBackends } from '../support/test-database.ts';
import { guardedClient } from '../support/trading.ts';
import { manualClock, startTestServer, type TestServer } from '../support/test-server.ts';

// Monday 23 November 2026, 10:00 IST: NIFTY's November monthly expires at 15:40 today (moved forward from
// Tuesday's holiday); the next contract expires Tuesday 1 December.
const expiryMorning = new Date('2026-11-23T04:30:00Z');
const spot = 26_050;
const lot = 65;
const scan = 0.093;

/** Value of `units` of an option (negative when short) at a moved spot and volatility, at the test's instant. */
function value(kind: OptionKind, strike: number, expiry: string, units: number, at: number, volatility: number): number {
  // Contracts stop trading at the close of their expiry day: 15:40 IST since 3 August 2026.
  const years = yearsToExpiry(expiryMorning.getTime(), Date.parse(`${expiry}T10:10:00Z`));
  const { rate } = marketAssumptions;
  return units * black76Price({ kind, forward: forwardFromSpot(at, rate, years), strike, years, rate, volatility });
}

/** SPAN of legs scanned together: the worst liquidation cost over the ±1 scan moves with the volatility up or down. */
function spanOf(legs: ReadonlyArray<{ kind: OptionKind; strike: number; expiry: string; units: number }>): number {
  let worst = 0;
  for (const move of [1 + scan, 1 - scan]) {
    for (const volatility of [0.16, 0.08]) {
      worst = Math.max(worst, -legs.reduce((sum, leg) => sum + value(leg.kind, leg.strike, leg.expiry, leg.units, spot * move, volatility), 0));
    }
  }
  return worst;
}

describe.each(testBackends)('expiry-day margins on %s', (backend) => {
  let server: TestServer;
  let call: ContractCall;
  let market: ScriptedMarket;
  let desk: Desk;
  let nextWeek: string;

  beforeAll(async () => {
    const clock = manualClock(expiryMorning);
    market = scriptedMarket(clock);
    server = await startTestServer({ backend, clock, market: { seed: 'expiry-day', demo: true, tickMs: 1000 }, prices: market.source });
    call = guardedClient(server.app);
  });

  afterAll(async () => {
    await server.close();
  });

  beforeEach(async () => {
    market.spot(spot);
    desk = await openDesk(server, call, 1_000_000);
    const expiries = await call<components['schemas']['ExpiriesResponse']>('getExpiries', { token: desk.token, query: { index: 'NIFTY' } });
    nextWeek = expiries.body.expiries[1]!.date;
  });

  const marginOf = async (orders: Array<{ tradingsymbol: string }>) => {
    // The scripted market quotes only what a test sets; the margin prices from the flat 12 % volatility.
    for (const order of orders) market.set(order.tradingsymbol, { bid: 100, ask: 100.5 });
    const res = await call<{ margins: { margin: number } }>('getOrderMargins', { token: desk.token, body: { account_number: desk.accountNumber, orders } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.margins.margin;
  };

  it('adds 2 % extreme loss margin on each short leg of a straddle expiring today', async () => {
    expect(desk.expiry).toBe('2026-11-23');
    const legs = (['CE', 'PE'] as const).map((kind) => ({ kind, strike: desk.atm, expiry: desk.expiry, units: -lot }));
    const margin = await marginOf(legs.map((leg) => desk.order(desk.contract(leg.strike, leg.kind).tradingsymbol, 'SELL', lot)));
    // 2 % exposure + 2 % expiry-day ELM on each leg's notional (₹16.93 lakh): ₹1,35,460.
    const expected = spanOf(legs) + 2 * (0.02 + 0.02) * spot * lot;
    expect(margin).toBeCloseTo(expected, 0);
    expect(margin).toBeGreaterThan(249_000);
  });

  it('gives a weekly/next-week calendar no offset: the expiring short is margined alone', async () => {
    const listed = await call<components['schemas']['InstrumentsResponse']>('getInstruments', { token: desk.token, query: { index: 'NIFTY', expiry: nextWeek } });
    const farCall = listed.body.instruments.find((item) => item.strike === desk.atm && item.instrument_type === 'CE')!;
    const margin = await marginOf([desk.order(farCall.tradingsymbol, 'BUY', lot), desk.order(desk.contract(desk.atm, 'CE').tradingsymbol, 'SELL', lot)]);
    const short = { kind: 'CE' as const, strike: desk.atm, expiry: desk.expiry, units: -lot };
    const long = { kind: 'CE' as const, strike: desk.atm, expiry: nextWeek, units: lot };
    // The bought next-week call covers nothing today: SPAN of the short alone, the long alone needs none.
    const expected = spanOf([short]) + spanOf([long]) + (0.02 + 0.02) * spot * lot;
    expect(spanOf([short, long])).toBeLessThan(spanOf([short]) / 2);
    expect(margin).toBeCloseTo(expected, 0);
    expect(margin).toBeGreaterThan(184_000);
  });

  it('keeps the offset the day before expiry, and charges no ELM then', async () => {
    server.clock.advance(-24 * 60 * 60 * 1000);
    try {
      const calendar = [desk.order(desk.contract(desk.atm, 'CE').tradingsymbol, 'SELL', lot)];
      const listed = await call<components['schemas']['InstrumentsResponse']>('getInstruments', { token: desk.token, query: { index: 'NIFTY', expiry: nextWeek } });
      const farCall = listed.body.instruments.find((item) => item.strike === desk.atm && item.instrument_type === 'CE')!;
      const hedged = await marginOf([desk.order(farCall.tradingsymbol, 'BUY', lot), ...calendar]);
      const naked = await marginOf(calendar);
      expect(hedged).toBeLessThan(naked / 2);
    } finally {
      server.clock.advance(24 * 60 * 60 * 1000);
    }
  });
});
