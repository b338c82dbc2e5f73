// "Kill switch: all accounts" for a trader with a Kite, an Upstox, a Dhan and a Shoonya account, each against its
// own test server on one clock: arming cancels every working order and closes every position at all four brokers
// through the same broker interface (the kill switch never learns which broker), and after it armed no entry
// reaches any of them.
import { randomUUID } from 'node:crypto';
import { describe, expect, it, beforeAll, afterAll } from 'vitest';
import type { components } from '../../../openapi/main.d.ts';
import { dhanEndpointsFromEnv } from '../../../server/services/brokers/dhan/dhan-endpoints.ts';
import { startDhanServer, type DhanTestServer } from '../../dhan-server/dhan-server.ts';
import { startNorenServer, type NorenTestServer } from '../../noren-server/noren-server.ts';
import { openDhanDesk, type DhanDesk } from '../dhan/dhan-desk.ts';
import { friday as kiteFriday, openKiteDesk, startKiteStack, type KiteDesk, type KiteStack } from '../kite-live/kite-desk.ts';
import { testBackends } from '../support/test-database.ts';
import { openUpstoxDesk, type UpstoxDesk } from '../upstox-live/upstox-desk.ts';
import { norenEndpointsOf, openNorenDesk, type NorenDesk } from './noren-desk.ts';

type Schemas = components['schemas'];

describe.each(testBackends)('the kill switch across Kite, Upstox, Dhan and Shoonya on %s', (backend) => {
  let stack: KiteStack;
  let dhan: DhanTestServer;
  let shoonya: NorenTestServer;
  let kite: KiteDesk;
  let up: UpstoxDesk;
  let dh: DhanDesk;
  let sh: NorenDesk;
  // The Dhan and Noren servers start before the stack's clock exists: they read it through this.
  let now: () => Date = () => kiteFriday;
  const expiry = '2026-11-23';
  const strike = 26050;

  beforeAll(async () => {
    // The desk's nearest NIFTY call at the money (23 November 2026, 26050), listed at Dhan and at Shoonya as 43801.
    dhan = await startDhanServer({ clock: () => now(), contracts: [{ securityId: '43801', underlying: 'NIFTY', expiry, strike, kind: 'CE', lot: 65 }] });
    shoonya = await startNorenServer({ flavor: 'shoonya', clock: () => now(), contracts: [{ token: '43801', underlying: 'NIFTY', expiry, strike, kind: 'CE', lot: 65 }] });
    stack = await startKiteStack(backend, {
      withUpstox: true,
      dhan: dhanEndpointsFromEnv({ DHAN_API_ROOT: dhan.apiRoot, DHAN_SCRIP_MASTER_URL: dhan.scripMasterUrl }),
      noren: { shoonya: norenEndpointsOf('shoonya', shoonya) },
    });
    now = stack.server.clock.now;
    kite = await openKiteDesk(stack);
    up = await openUpstoxDesk({ call: stack.call, upstox: stack.upstox! }, { token: kite.token });
    expect((await up.logIn()).status).toBe(200);
    dh = await openDhanDesk({ call: stack.call, dhan }, { token: kite.token });
    expect((await dh.logIn()).status).toBe(200);
    sh = await openNorenDesk({ call: stack.call, noren: shoonya, flavor: 'shoonya' }, { token: kite.token });
    expect((await sh.logIn()).status).toBe(200);
  });

  afterAll(async () => {
    await stack.close();
    await dhan.close();
    await shoonya.close();
  });

  it('cancels and flattens all four accounts, and nothing reaches any broker after it armed', async () => {
    expect([kite.expiry, kite.atm, kite.lotSize]).toEqual([expiry, strike, 65]);
    const call = kite.symbol(strike, 'CE');
    const lot = kite.lotSize;
    stack.upstox!.control.listInstruments([{
      instrument_key: 'NSE_FO|70001', trading_symbol: call, exchange: 'NFO', segment: 'NSE_FO', lot_size: lot, tick_size: 0.05, freeze_quantity: 1800, index: false,
      option: { underlying: 'NIFTY', expiry, strike, kind: 'CE' },
    }]);
    stack.kite.control.setPrice(`NFO:${call}`, 120);
    stack.upstox!.control.setQuote('NSE_FO|70001', { last: 120 });
    dhan.control.setLast('43801', 120);
    shoonya.control.setLast('43801', 120);

    const accounts = [kite.accountNumber, up.account.account_number, dh.account.account_number, sh.account.account_number];
    const place = (accountNumber: string, orders: Record<string, unknown>[]) =>
      stack.call<Schemas['OrdersResponse']>('placeTrades', { token: kite.token, body: { account_number: accountNumber, orders }, headers: { 'idempotency-key': randomUUID() } });
    // At each broker: a long call and an order resting below the market.
    for (const accountNumber of accounts) {
      stack.server.clock.advance(1000);
      const long = await place(accountNumber, [kite.order(call, 'BUY', lot)]);
      expect(long.status, `${accountNumber} ${JSON.stringify(long.body)}`).toBe(200);
      expect(long.body.orders[0]!.status, accountNumber).toBe('COMPLETE');
      const resting = await place(accountNumber, [kite.order(call, 'BUY', lot, { order_type: 'LIMIT', price: 100 })]);
      expect(resting.status, `${accountNumber} ${JSON.stringify(resting.body)}`).toBe(200);
    }

    stack.server.clock.advance(1000);
    const armed = await stack.call<Schemas['KillSwitchResult']>('armKillSwitch', { token: kite.token, body: { source: 'header' }, headers: { 'idempotency-key': randomUUID() } });
    expect(armed.status, JSON.stringify(armed.body)).toBe(200);
    for (const accountNumber of accounts) {
      const done = armed.body.accounts.find((account) => account.account_number === accountNumber)!;
      expect(done.flat, `${accountNumber}: ${done.message}`).toBe(true);
      expect(done.cancelled.map((order) => order.status), accountNumber).toEqual(['CANCELLED']);
      expect(done.exits.map((order) => [order.transaction_type, order.tradingsymbol, order.quantity, order.status]), accountNumber).toEqual([['SELL', call, lot, 'COMPLETE']]);
      const book = await stack.call<Schemas['PositionBookResponse']>('getPositionBook', { token: kite.token, params: { accountNumber } });
      expect(book.body.position_book.net.filter((position) => position.quantity !== 0), accountNumber).toEqual([]);
    }
    // At the Dhan and Shoonya servers themselves: nothing working.
    expect(dhan.control.orders(dh.clientId).filter((order) => order.orderStatus === 'PENDING')).toEqual([]);
    expect(shoonya.control.orders(sh.userId).filter((order) => order.status === 'OPEN')).toEqual([]);
    // Dhan's own kill switch, turned on once its account was flat: Dhan refuses every order on it for the day.
    expect(dhan.control.killSwitch(dh.clientId)).toBe(true);
    expect(armed.body.accounts.filter((account) => account.broker_switch !== undefined).map((account) => account.account_number)).toEqual([dh.account.account_number]);

    // After it armed, entries are refused before any broker is asked.
    const writes = () => [stack.upstox!.control.orderWrites().length, dhan.control.orderWrites().length, shoonya.control.orderWrites().length];
    const before = writes();
    for (const accountNumber of accounts) {
      const refused = await place(accountNumber, [kite.order(call, 'BUY', lot)]);
      expect(refused.status, accountNumber).toBe(403);
      expect(refused.body).toMatchObject({ code: 'kill_switch_armed' });
    }
    expect(writes()).toEqual(before);
  });
});
