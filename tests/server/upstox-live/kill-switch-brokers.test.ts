// "Kill switch: all accounts" for a trader with a Kite account and an Upstox account, each against its own
// test server on one clock: arming cancels every working order and closes every position at both brokers
// through the same broker interface (the kill switch never learns which broker), each broker's calls inside
// its published limits (the test servers answer 429 past them), and after it armed no entry reaches either.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/main.d.ts';
import type { ServerInstrument } from '../../upstox-server/market.ts';
import type { UpstoxTestServer } from '../../upstox-server/upstox-server.ts';
import { testBackends } from '../support/test-database.ts';
import { openKiteDesk, startKiteStack, type KiteDesk, type KiteStack } from '../kite-live/kite-desk.ts';
import { openUpstoxDesk, type UpstoxDesk } from './upstox-desk.ts';

type Schemas = components['schemas'];

describe.each(testBackends)('the kill switch across Kite and Upstox on %s', (backend) => {
  let stack: KiteStack;
  let upstox: UpstoxTestServer;
  let kite: KiteDesk;
  let up: UpstoxDesk;

  beforeAll(async () => {
    stack = await startKiteStack(backend, { withUpstox: true });
    upstox = stack.upstox!;
    kite = await openKiteDesk(stack);
    up = await openUpstoxDesk({ call: stack.call, upstox }, { token: kite.token });
    expect((await up.logIn()).status).toBe(200);
  });

  afterAll(async () => {
    await stack.close();
  });

  /** The desk's nearest NIFTY contracts at the money, listed at Upstox too (its instrument keys). */
  function listAtUpstox(strike: number): { call: string; put: string; callKey: string; putKey: string } {
    const contract = (token: number, kind: 'CE' | 'PE'): ServerInstrument => ({
      instrument_key: `NSE_FO|${token}`, trading_symbol: kite.symbol(strike, kind), exchange: 'NFO', segment: 'NSE_FO', lot_size: kite.lotSize, tick_size: 0.05,
      freeze_quantity: 1800, index: false, option: { underlying: 'NIFTY', expiry: kite.expiry, strike, kind },
    });
    upstox.control.listInstruments([contract(70001, 'CE'), contract(70002, 'PE')]);
    return { call: kite.symbol(strike, 'CE'), put: kite.symbol(strike, 'PE'), callKey: 'NSE_FO|70001', putKey: 'NSE_FO|70002' };
  }

  const upstoxPlace = (orders: Record<string, unknown>[]) =>
    stack.call<Schemas['OrdersResponse']>('placeTrades', { token: up.token, body: { account_number: up.account.account_number, orders }, headers: { 'idempotency-key': randomUUID() } });

  it('cancels and flattens both accounts, and nothing reaches either broker after it armed', async () => {
    const { call, put, callKey, putKey } = listAtUpstox(kite.atm);
    stack.kite.control.setPrice(`NFO:${call}`, 120);
    stack.kite.control.setPrice(`NFO:${put}`, 130);
    upstox.control.setQuote(callKey, { last: 120 });
    upstox.control.setQuote(putKey, { last: 130 });

    // At each broker: a long call, a short put, and orders resting below the market.
    for (const placed of [
      await kite.place([kite.order(call, 'BUY', kite.lotSize), kite.order(put, 'SELL', kite.lotSize)]),
      await kite.place([kite.order(call, 'BUY', kite.lotSize, { order_type: 'LIMIT', price: 100 }), kite.order(put, 'BUY', kite.lotSize, { order_type: 'LIMIT', price: 110 })]),
      await upstoxPlace([kite.order(call, 'BUY', kite.lotSize), kite.order(put, 'SELL', kite.lotSize)]),
      await upstoxPlace([kite.order(call, 'BUY', kite.lotSize, { order_type: 'LIMIT', price: 100 }), kite.order(put, 'BUY', kite.lotSize, { order_type: 'LIMIT', price: 110 })]),
    ]) {
      expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    }
    const resting = (orders: readonly { status: string }[]) => orders.filter((order) => ['open', 'trigger pending', 'OPEN', 'TRIGGER PENDING'].includes(order.status));
    expect(resting(upstox.control.orders(up.ucc))).toHaveLength(2);

    stack.server.clock.advance(1000);
    const armed = await stack.call<Schemas['KillSwitchResult']>('armKillSwitch', { token: kite.token, body: { source: 'header' }, headers: { 'idempotency-key': randomUUID() } });
    expect(armed.status, JSON.stringify(armed.body)).toBe(200);
    const result = (accountNumber: string) => armed.body.accounts.find((account) => account.account_number === accountNumber)!;
    for (const accountNumber of [kite.accountNumber, up.account.account_number]) {
      const done = result(accountNumber);
      expect(done.flat, accountNumber).toBe(true);
      expect(done.cancelled.map((order) => order.status), accountNumber).toEqual(['CANCELLED', 'CANCELLED']);
      // The short bought back before the long is sold, each at market and filled.
      expect(done.exits.map((order) => [order.transaction_type, order.tradingsymbol, order.quantity, order.status]), accountNumber).toEqual([
        ['BUY', put, kite.lotSize, 'COMPLETE'],
        ['SELL', call, kite.lotSize, 'COMPLETE'],
      ]);
    }

    // At each broker: nothing working, nothing open.
    expect(resting(upstox.control.orders(up.ucc))).toEqual([]);
    expect(stack.kite.control.orders().filter((order) => order!.placed_by === kite.accountNumber && ['OPEN', 'TRIGGER PENDING'].includes(order!.status))).toEqual([]);
    for (const accountNumber of [kite.accountNumber, up.account.account_number]) {
      const book = await stack.call<Schemas['PositionBookResponse']>('getPositionBook', { token: kite.token, params: { accountNumber } });
      expect(book.status).toBe(200);
      expect(book.body.position_book.net.filter((position) => position.quantity !== 0), accountNumber).toEqual([]);
    }

    // After it armed, entries are refused before either broker is asked.
    const kiteCalls = stack.network.calls().length;
    const upstoxWrites = upstox.control.orderWrites().length;
    const refusedAtKite = await kite.place([kite.order(call, 'BUY', kite.lotSize)]);
    const refusedAtUpstox = await upstoxPlace([kite.order(call, 'BUY', kite.lotSize)]);
    for (const refused of [refusedAtKite, refusedAtUpstox]) {
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ code: 'kill_switch_armed' });
    }
    expect(stack.network.calls().slice(kiteCalls).filter((line) => line.startsWith('POST /orders'))).toEqual([]);
    expect(upstox.control.orderWrites()).toHaveLength(upstoxWrites);
  });

  it("stays inside each broker's 10 orders a second with twelve orders to cancel at each", async () => {
    stack.server.clock.advance(60_000);
    for (const accountNumber of [kite.accountNumber, up.account.account_number]) {
      const disarmed = await stack.call('disarmKillSwitch', { token: kite.token, body: { account_number: accountNumber, confirmation: accountNumber, source: 'header' } });
      expect(disarmed.status, JSON.stringify(disarmed.body)).toBe(200);
    }
    const { call, callKey } = listAtUpstox(kite.atm);
    stack.kite.control.setPrice(`NFO:${call}`, 120);
    upstox.control.setQuote(callKey, { last: 120 });
    for (let batch = 0; batch < 3; batch += 1) {
      stack.server.clock.advance(1000);
      const orders = Array.from({ length: 4 }, (_, i) => kite.order(call, 'BUY', kite.lotSize, { order_type: 'LIMIT', price: 90 + batch * 4 + i }));
      expect((await kite.place(orders)).status).toBe(200);
      expect((await upstoxPlace(orders)).status).toBe(200);
    }
    const kiteCalls = stack.network.calls().length;
    const upstoxWrites = upstox.control.orderWrites().length;
    stack.server.clock.advance(1000);
    const armed = await stack.call<Schemas['KillSwitchResult']>('armKillSwitch', { token: kite.token, body: { source: 'header' }, headers: { 'idempotency-key': randomUUID() } });
    expect(armed.status, JSON.stringify(armed.body)).toBe(200);
    for (const accountNumber of [kite.accountNumber, up.account.account_number]) {
      const done = armed.body.accounts.find((account) => account.account_number === accountNumber)!;
      expect(done.flat, done.message).toBe(true);
      expect(done.cancelled.filter((order) => order.status === 'CANCELLED'), accountNumber).toHaveLength(12);
    }
    // Every cancellation reached its broker once, none past its limit (the test servers answer 429 there).
    expect(stack.network.calls().slice(kiteCalls).filter((line) => line.startsWith('DELETE /orders'))).toHaveLength(12);
    expect(upstox.control.orderWrites().slice(upstoxWrites).filter((write) => write.path === '/v3/order/cancel')).toHaveLength(12);
  });
});
