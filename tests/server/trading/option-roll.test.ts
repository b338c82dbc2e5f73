// Issue 63: an option position's roll to the next expiry, planned by the server (POST /api/order-book/rolls/options/)
// and placed as one basket. The expiry is the one the underlying lists next from its dated facts: on Friday
// 20 November 2026 NIFTY's nearest is its November monthly, moved to Monday the 23rd by the Guru Nanak Jayanti holiday
// on Tuesday the 24th, and the next is the weekly of Tuesday 1 December; a stock (RELIANCE) rolls from that monthly to
// December's. The strike is the same, or as far from the next expiry's money as from its own (each expiry's money: the
// listed strike nearest its forward, the level carried to its close at 5.5 %). Across NIFTY's lot revision (contracts
// after 30 December 2025 at 65, before at 75) two lots of the December monthly roll into two lots of 6 January's weekly.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/main.d.ts';
import { openDesk, startScriptedServer, type Desk, type ScriptedServer } from '../support/paper-desk.ts';
import { testBackends } from '../support/test-database.ts';

type Schemas = components['schemas'];
type Roll = Schemas['OptionRollResponse'];

async function planRoll({ call }: ScriptedServer, desk: Desk, body: Omit<Schemas['OptionRollRequest'], 'account_number'>) {
  return call<Roll>('planOptionRoll', { token: desk.token, body: { account_number: desk.accountNumber, ...body } });
}

describe.each(testBackends)("an option position's roll to the next expiry, on %s", (backend) => {
  describe('on Friday 20 November 2026', () => {
    let started: ScriptedServer;
    let desk: Desk;
    beforeAll(async () => {
      started = await startScriptedServer(backend);
      started.server.clock.advance(60_000);
      started.market.open(true);
      desk = await openDesk(started.server, started.call);
      // The level 10 above a strike: the near expiry's forward (3 days away) stays nearest that strike, the next's
      // (11 days away, about 40 more) is nearest the strike above.
      started.market.spot(desk.atm + 10);
    }, 120_000);
    afterAll(async () => {
      await started?.server.close();
    });

    it('rolls a short NIFTY call to the next weekly at the same strike, one basket with its prices, and places it', async () => {
      const near = desk.contract(desk.atm + 200, 'CE').tradingsymbol;
      started.market.set(near, { bid: 40, ask: 40.5 });
      const sold = await desk.place(near, 'SELL', 65);
      expect(sold.status).toBe('COMPLETE');
      const next = `NIFTY26D01${desk.atm + 200}CE`;
      started.market.set(next, { bid: 95, ask: 96 });

      const res = await planRoll(started, desk, { mode: 'same_strike', legs: [{ tradingsymbol: near, quantity: -65 }] });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const roll = res.body;
      expect(desk.expiry).toBe('2026-11-23');
      expect([roll.from_expiry.date, roll.from_expiry.kind, roll.to_expiry.date, roll.to_expiry.kind]).toEqual(['2026-11-23', 'monthly', '2026-12-01', 'weekly']);
      expect(roll.legs).toEqual([
        {
          close: { tradingsymbol: near, exchange: 'NFO', strike: desk.atm + 200, option_type: 'CE', expiry: '2026-11-23', lot_size: 65, lots: 1, side: 'BUY', quantity: 65, bid: 40, ask: 40.5, last_price: expect.any(Number) },
          open: { tradingsymbol: next, exchange: 'NFO', strike: desk.atm + 200, option_type: 'CE', expiry: '2026-12-01', lot_size: 65, lots: 1, side: 'SELL', quantity: 65, bid: 95, ask: 96, last_price: expect.any(Number) },
        },
      ]);
      // Bought back at its ask, sold next week at its bid: a credit of (95 − 40.50) × 65.
      expect(roll.net_premium).toBe(3542.5);
      expect(roll.orders).toEqual([
        { tradingsymbol: near, exchange: 'NFO', transaction_type: 'BUY', quantity: 65 },
        { tradingsymbol: next, exchange: 'NFO', transaction_type: 'SELL', quantity: 65 },
      ]);

      // Placed as the app places it: one basket, one key, at market; both orders in the order book, the short moved.
      const placed = await desk.trade('placeTrades', { orders: roll.orders.map((order) => ({ ...order, order_type: 'MARKET', product: 'NRML' })) }, randomUUID());
      expect(placed.status, JSON.stringify(placed.body)).toBe(200);
      const book = await desk.orderBook();
      expect(book.order_book.filter((order) => order.status === 'COMPLETE').map((order) => [order.tradingsymbol, order.transaction_type, order.quantity])).toEqual(
        expect.arrayContaining([
          [near, 'BUY', 65],
          [next, 'SELL', 65],
        ]),
      );
      const positions = await desk.positionBook();
      expect(positions.net.filter((position) => position.quantity !== 0).map((position) => [position.tradingsymbol, position.quantity])).toEqual([[next, -65]]);
    });

    it('keeps the distance from the money: each expiry reads its own at-the-money strike off its forward', async () => {
      const near = desk.contract(desk.atm + 200, 'CE').tradingsymbol;
      const put = desk.contract(desk.atm - 100, 'PE').tradingsymbol;
      const res = await planRoll(started, desk, { mode: 'same_distance', legs: [{ tradingsymbol: near, quantity: -130 }, { tradingsymbol: put, quantity: 65 }] });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.spot).toBe(desk.atm + 10);
      expect(res.body.at_the_money).toEqual({ from: desk.atm, to: desk.atm + 50 });
      expect(res.body.legs.map((leg) => [leg.close.tradingsymbol, leg.close.side, leg.close.quantity, leg.open.tradingsymbol, leg.open.side, leg.open.quantity, leg.open.lots])).toEqual([
        [near, 'BUY', 130, `NIFTY26D01${desk.atm + 250}CE`, 'SELL', 130, 2],
        [put, 'SELL', 65, `NIFTY26D01${desk.atm - 50}PE`, 'BUY', 65, 1],
      ]);
      // The closes first (a short bought back frees its margin), then the openings.
      expect(res.body.orders.map((order) => order.transaction_type)).toEqual(['BUY', 'SELL', 'SELL', 'BUY']);
    });

    it("rolls a stock's option from its monthly to the next monthly", async () => {
      const listed = await started.call<Schemas['InstrumentsResponse']>('getInstruments', { token: desk.token, query: { index: 'RELIANCE', expiry: '2026-11-23' } });
      expect(listed.status, JSON.stringify(listed.body)).toBe(200);
      const strikes = [...new Set(listed.body.instruments.map((instrument) => instrument.strike))];
      const strike = strikes[Math.floor(strikes.length / 2)]!;
      const held = listed.body.instruments.find((instrument) => instrument.strike === strike && instrument.instrument_type === 'PE')!;
      const res = await planRoll(started, desk, { mode: 'same_strike', legs: [{ tradingsymbol: held.tradingsymbol, quantity: held.lot_size }] });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect([res.body.from_expiry.date, res.body.to_expiry.date, res.body.to_expiry.kind]).toEqual(['2026-11-23', '2026-12-29', 'monthly']);
      expect(res.body.legs[0]!.open).toMatchObject({ tradingsymbol: `RELIANCE26DEC${strike}PE`, side: 'BUY', quantity: held.lot_size });
    });

    it('refuses a future, legs of two expiries, a flat position, an unknown or expired contract as unusable input, and another\'s account as missing', async () => {
      const future = await planRoll(started, desk, { mode: 'same_strike', legs: [{ tradingsymbol: 'NIFTY26NOVFUT', quantity: 65 }] });
      expect(future.status).toBe(422);
      expect(future.body).toMatchObject({ code: 'invalid_params', details: { text: { code: 'roll.not_option' } } });
      const mixed = await planRoll(started, desk, {
        mode: 'same_strike',
        legs: [
          { tradingsymbol: desk.contract(desk.atm, 'CE').tradingsymbol, quantity: 65 },
          { tradingsymbol: `NIFTY26D01${desk.atm}CE`, quantity: 65 },
        ],
      });
      expect(mixed.status).toBe(422);
      expect(mixed.body).toMatchObject({ details: { text: { code: 'roll.mixed_legs' } } });
      const flat = await planRoll(started, desk, { mode: 'same_strike', legs: [{ tradingsymbol: desk.contract(desk.atm, 'CE').tradingsymbol, quantity: 0 }] });
      expect(flat.status).toBe(422);
      expect(flat.body).toMatchObject({ details: { text: { code: 'roll.no_position' } } });
      const nonsense = await planRoll(started, desk, { mode: 'same_strike', legs: [{ tradingsymbol: 'NOTACONTRACT', quantity: 65 }] });
      expect(nonsense.status).toBe(422);
      expect(nonsense.body).toMatchObject({ details: { text: { code: 'roll.not_option' } } });
      const expired = await planRoll(started, desk, { mode: 'same_strike', legs: [{ tradingsymbol: `NIFTY25NOV${desk.atm}CE`, quantity: 65 }] });
      expect(expired.status).toBe(422);
      expect(expired.body).toMatchObject({ details: { text: { code: 'roll.expiry_not_listed' } } });
      const elsewhere = await started.call('planOptionRoll', { token: desk.token, body: { account_number: 'NOSUCHACCOUNT', mode: 'same_strike', legs: [{ tradingsymbol: desk.contract(desk.atm, 'CE').tradingsymbol, quantity: 65 }] } });
      expect(elsewhere.status).toBe(404);
    });
  });

  describe('across a lot revision, on Friday 26 December 2025', () => {
    let started: ScriptedServer;
    let desk: Desk;
    beforeAll(async () => {
      started = await startScriptedServer(backend, { at: new Date('2025-12-26T04:30:00Z') });
      started.server.clock.advance(60_000);
      started.market.open(true);
      desk = await openDesk(started.server, started.call);
      started.market.spot(desk.atm);
    }, 120_000);
    afterAll(async () => {
      await started?.server.close();
    });

    it("rolls two lots of December's monthly (75 each) into two lots of 6 January's weekly (65 each)", async () => {
      expect([desk.expiry, desk.lotSize]).toEqual(['2025-12-30', 75]);
      const near = desk.contract(desk.atm, 'CE').tradingsymbol;
      const res = await planRoll(started, desk, { mode: 'same_strike', legs: [{ tradingsymbol: near, quantity: -150 }] });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.to_expiry).toMatchObject({ date: '2026-01-06', kind: 'weekly' });
      const [leg] = res.body.legs;
      expect([leg!.close.lot_size, leg!.close.lots, leg!.close.quantity, leg!.open.lot_size, leg!.open.lots, leg!.open.quantity]).toEqual([75, 2, 150, 65, 2, 130]);
      expect(leg!.open.tradingsymbol).toBe(`NIFTY26106${desk.atm}CE`);
    });
  });
});
