// "Kill switch: all accounts" for a trader with a Kite account and an Upstox account, each against its own
// test server on one clock: arming cancels every working order and closes every position at both brokers
// through the same broker interface (the kill switch never learns which broker), each broker's calls inside
// its published limits (the test servers answer 429 past them), and after it armed no entry reaches either.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/main.d.ts';
import type { ServerInstrument } from '../../upstox-server/market.ts';
import { testBackends } from '../support/test-database.ts';
import { useKiteAndUpstoxDesks } from './upstox-desk.ts';

type Schemas = components['schemas'];

describe.each(testBackends)('the kill switch across Kite and Upstox on %s', (backend) => {
  const live = useKiteAndUpstoxDesks(backend);

  /** The desk's nearest NIFTY contracts at the money, listed at Upstox too (its instrument keys). */
  function listAtUpstox(strike: number): { call: string; put: string; callKey: string; putKey: string } {
    const contract = (token: number, kind: 'CE' | 'PE'): ServerInstrument => ({
      instrument_key: `NSE_FO|${token}`, trading_symbol: live.kite.symbol(strike, kind), exchange: 'NFO', segment: 'NSE_FO', lot_size: live.kite.lotSize, tick_size: 0.05,
      freeze_quantity: 1800, index: false, option: { underlying: 'NIFTY', expiry: live.kite.expiry, strike, kind },
    });
    live.upstox.control.listInstruments([contract(70001, 'CE'), contract(70002, 'PE')]);
    return { call: live.kite.symbol(strike, 'CE'), put: live.kite.symbol(strike, 'PE'), callKey: 'NSE_FO|70001', putKey: 'NSE_FO|70002' };
  }

  const upstoxPlace = (orders: Record<string, unknown>[]) =>
    live.stack.call<Schemas['OrdersResponse']>('placeTrades', { token: live.up.token, body: { account_number: live.up.account.account_number, orders }, headers: { 'idempotency-key': randomUUID() } });

  it('cancels and flattens both accounts, and nothing reaches either broker after it armed', async () => {
    const { call, put, callKey, putKey } = listAtUpstox(live.kite.atm);
    live.stack.kite.control.setPrice(`NFO:${call}`, 120);
    live.stack.kite.control.setPrice(`NFO:${put}`, 130);
    live.upstox.control.setQuote(callKey, { last: 120 });
    live.upstox.control.setQuote(putKey, { last: 130 });

    // At each broker: a long call, a short put, and orders resting below the market.
    for (const placed of [
      await live.kite.place([live.kite.order(call, 'BUY', live.kite.lotSize), live.kite.order(put, 'SELL', live.kite.lotSize)]),
      await live.kite.place([live.kite.order(call, 'BUY', live.kite.lotSize, { order_type: 'LIMIT', price: 100 }), live.kite.order(put, 'BUY', live.kite.lotSize, { order_type: 'LIMIT', price: 110 })]),
      await upstoxPlace([live.kite.order(call, 'BUY', live.kite.lotSize), live.kite.order(put, 'SELL', live.kite.lotSize)]),
      await upstoxPlace([live.kite.order(call, 'BUY', live.kite.lotSize, { order_type: 'LIMIT', price: 100 }), live.kite.order(put, 'BUY', live.kite.lotSize, { order_type: 'LIMIT', price: 110 })]),
    ]) {
      expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    }
    const resting = (orders: readonly { status: string }[]) => orders.filter((order) => ['open', 'trigger pending', 'OPEN', 'TRIGGER PENDING'].includes(order.status));
    expect(resting(live.upstox.control.orders(live.up.ucc))).toHaveLength(2);

    live.stack.server.clock.advance(1000);
    const armed = await live.stack.call<Schemas['KillSwitchResult']>('armKillSwitch', { token: live.kite.token, body: { source: 'header' }, headers: { 'idempotency-key': randomUUID() } });
    expect(armed.status, JSON.stringify(armed.body)).toBe(200);
    const result = (accountNumber: string) => armed.body.accounts.find((account) => account.account_number === accountNumber)!;
    for (const accountNumber of [live.kite.accountNumber, live.up.account.account_number]) {
      const done = result(accountNumber);
      expect(done.flat, accountNumber).toBe(true);
      expect(done.cancelled.map((order) => order.status), accountNumber).toEqual(['CANCELLED', 'CANCELLED']);
      // The short bought back before the long is sold, each at market and filled.
      expect(done.exits.map((order) => [order.transaction_type, order.tradingsymbol, order.quantity, order.status]), accountNumber).toEqual([
        ['BUY', put, live.kite.lotSize, 'COMPLETE'],
        ['SELL', call, live.kite.lotSize, 'COMPLETE'],
      ]);
    }

    // At each broker: nothing working, nothing open.
    expect(resting(live.upstox.control.orders(live.up.ucc))).toEqual([]);
    expect(live.stack.kite.control.orders().filter((order) => order!.placed_by === live.kite.accountNumber && ['OPEN', 'TRIGGER PENDING'].includes(order!.status))).toEqual([]);
    for (const accountNumber of [live.kite.accountNumber, live.up.account.account_number]) {
      const book = await live.stack.call<Schemas['PositionBookResponse']>('getPositionBook', { token: live.kite.token, params: { accountNumber } });
      expect(book.status).toBe(200);
      expect(book.body.position_book.net.filter((position) => position.quantity !== 0), accountNumber).toEqual([]);
    }

    // After it armed, entries are refused before either broker is asked.
    const kiteCalls = live.stack.network.calls().length;
    const upstoxWrites = live.upstox.control.orderWrites().length;
    const refusedAtKite = await live.kite.place([live.kite.order(call, 'BUY', live.kite.lotSize)]);
    const refusedAtUpstox = await upstoxPlace([live.kite.order(call, 'BUY', live.kite.lotSize)]);
    for (const refused of [refusedAtKite, refusedAtUpstox]) {
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ code: 'kill_switch_armed' });
    }
    expect(live.stack.network.calls().slice(kiteCalls).filter((line) => line.startsWith('POST /orders'))).toEqual([]);
    expect(live.upstox.control.orderWrites()).toHaveLength(upstoxWrites);
  });

  it("stays inside each broker's 10 orders a second with twelve orders to cancel at each", async () => {
    live.stack.server.clock.advance(60_000);
    for (const accountNumber of [live.kite.accountNumber, live.up.account.account_number]) {
      const disarmed = await live.stack.call('disarmKillSwitch', { token: live.kite.token, body: { account_number: accountNumber, confirmation: accountNumber, source: 'header' } });
      expect(disarmed.status, JSON.stringify(disarmed.body)).toBe(200);
    }
    const { call, callKey } = listAtUpstox(live.kite.atm);
    live.stack.kite.control.setPrice(`NFO:${call}`, 120);
    live.upstox.control.setQuote(callKey, { last: 120 });
    for (let batch = 0; batch < 3; batch += 1) {
      live.stack.server.clock.advance(1000);
      const orders = Array.from({ length: 4 }, (_, i) => live.kite.order(call, 'BUY', live.kite.lotSize, { order_type: 'LIMIT', price: 90 + batch * 4 + i }));
      expect((await live.kite.place(orders)).status).toBe(200);
      expect((await upstoxPlace(orders)).status).toBe(200);
    }
    const kiteCalls = live.stack.network.calls().length;
    const upstoxWrites = live.upstox.control.orderWrites().length;
    live.stack.server.clock.advance(1000);
    const armed = await live.stack.call<Schemas['KillSwitchResult']>('armKillSwitch', { token: live.kite.token, body: { source: 'header' }, headers: { 'idempotency-key': randomUUID() } });
    expect(armed.status, JSON.stringify(armed.body)).toBe(200);
    for (const accountNumber of [live.kite.accountNumber, live.up.account.account_number]) {
      const done = armed.body.accounts.find((account) => account.account_number === accountNumber)!;
      expect(done.flat, done.message).toBe(true);
      expect(done.cancelled.filter((order) => order.status === 'CANCELLED'), accountNumber).toHaveLength(12);
    }
    // Every cancellation reached its broker once, none past its limit (the test servers answer 429 there).
    expect(live.stack.network.calls().slice(kiteCalls).filter((line) => line.startsWith('DELETE /orders'))).toHaveLength(12);
    expect(live.upstox.control.orderWrites().slice(upstoxWrites).filter((write) => write.path === '/v3/order/cancel')).toHaveLength(12);
  });
});
