// The order rate limits hold on the broker's own timestamps (issue 36): Kite counts 10 orders of an account
// in any sliding second at its end, so no second of the paper broker's placed_at (the order book's
// order_timestamp) may hold more than 10 of an account's orders, on every path: parallel clients' single
// orders, baskets and sliced orders, and the kill switch's flattening. A trader's order past the limit still
// gets its 429; the kill switch's exits are paced instead (twenty go as ten, then ten a second later), each
// account at its own pace. The clock is the test's: each broker call of an intent may lag its admission
// (the hook moves the clock, as a loaded server's queue would), and the server's waits move it to their end.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/main.d.ts';
import type { ContractCall } from '../support/contract-client.ts';
import { openDesk, scriptedMarket, type Desk, type Order, type ScriptedMarket } from '../support/paper-desk.ts';
import { testBackends } from '../support/test-database.ts';
import { manualClock, startTestServer, type TestServer } from '../support/test-server.ts';
import { createBrokerAccount, guardedClient, paperBrokerLogin } from '../support/trading.ts';

type Schemas = components['schemas'];

// Friday 20 November 2026, 10:00 IST.
const friday = new Date('2026-11-20T04:30:00Z');

/** The most orders any sliding second [t, t + 1 s) of their timestamps holds. */
function densestSecond(orders: readonly Order[]): number {
  const stamps = orders.map((order) => Date.parse(order.order_timestamp)).sort((a, b) => a - b);
  let most = 0;
  for (const [index, start] of stamps.entries()) most = Math.max(most, stamps.slice(index).filter((stamp) => stamp < start + 1000).length);
  return most;
}

/** The orders a broker received: every order of the book but those recorded as never sent. */
const sentOrders = (book: readonly Order[]) => book.filter((order) => order.status_message_i18n?.code !== 'order.not_sent');

const span = (orders: readonly Order[]) => {
  const stamps = orders.map((order) => Date.parse(order.order_timestamp));
  return Math.max(...stamps) - Math.min(...stamps);
};

describe.each(testBackends)("an account's orders on the broker's own timestamps on %s", (backend) => {
  let server: TestServer;
  let call: ContractCall;
  let market: ScriptedMarket;
  /** How long the broker call of the intent with this key lags its admission (0 unless a test says). */
  let lagOf: (key: string) => number;
  /** What runs while a paced sender waits for its next second (nothing unless a test says). */
  let duringWait: () => Promise<void>;

  beforeAll(async () => {
    const clock = manualClock(friday);
    market = scriptedMarket(clock);
    server = await startTestServer({
      backend,
      clock,
      market: { seed: 'stamps', demo: true, tickMs: 1000 },
      prices: market.source,
      // A wait ends at its instant; side-by-side waiters (several accounts) each get there, none pushes the others on.
      wait: async (ms) => {
        await duringWait();
        const until = clock.now().getTime() + ms;
        await new Promise((resolve) => setImmediate(resolve));
        if (clock.now().getTime() < until) clock.advance(until - clock.now().getTime());
      },
      tradingHooks: { beforeBrokerCall: (key) => clock.advance(lagOf(key)) },
    });
    call = guardedClient(server.app);
  });

  afterAll(async () => {
    await server.close();
  });

  beforeEach(() => {
    lagOf = () => 0;
    duringWait = async () => undefined;
    server.clock.advance(60_000);
    market.open(true);
    market.spot(26050);
  });

  /** `count` contracts around the money, quoted at ₹10 (a lot costs ₹650), as NFO orders of one lot. */
  function cheapContracts(desk: Desk, count: number): string[] {
    const symbols: string[] = [];
    for (let step = 0; symbols.length < count; step += 1) {
      for (const type of ['CE', 'PE'] as const) {
        if (symbols.length === count) break;
        const symbol = desk.contract(desk.atm + (step % 2 === 0 ? step / 2 : -(step + 1) / 2) * 50, type).tradingsymbol;
        market.set(symbol, { bid: 10, ask: 10.05, last: 10, close: 10 });
        symbols.push(symbol);
      }
    }
    return symbols;
  }

  /** A position of one lot in each of `count` contracts, bought in baskets of up to 20. */
  async function openPositions(desk: Desk, count: number): Promise<void> {
    const symbols = cheapContracts(desk, count);
    for (let from = 0; from < count; from += 20) {
      // A basket's last ten went out in the second now full: the next basket waits for the next second.
      server.clock.advance(1000);
      const res = await desk.trade('placeTrades', { orders: symbols.slice(from, from + 20).map((symbol) => desk.order(symbol, 'BUY', desk.lotSize)) });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const open = (await desk.positionBook()).net.filter((position) => position.quantity !== 0);
    expect(open).toHaveLength(count);
  }

  const armKillSwitch = (desk: Desk, accountNumber?: string) =>
    call<Schemas['KillSwitchResult']>('armKillSwitch', {
      token: desk.token,
      body: { ...(accountNumber === undefined ? {} : { account_number: accountNumber }), source: 'header' },
      headers: { 'idempotency-key': randomUUID() },
    });

  it('holds 30 parallel clients (single orders, a basket of 12, an order sliced in 3) to 10 in any second of the broker\'s stamps, the eleventh of a second refused with 429', async () => {
    const desk = await openDesk(server, call, 10_000_000);
    const symbols = cheapContracts(desk, 20);
    const freeze = (await call<Schemas['InstrumentsResponse']>('getInstruments', { token: desk.token, query: { index: 'NIFTY', expiry: desk.expiry } })).body.freeze_quantity!;
    const perSlice = Math.floor(freeze / desk.lotSize) * desk.lotSize;
    // Every third intent's broker call comes 400 ms after its orders were admitted, as a loaded server's would.
    let calls = 0;
    lagOf = () => (++calls % 3 === 0 ? 400 : 0);
    const singles = Array.from({ length: 28 }, (_, n) => desk.trade('placeTrades', { orders: [desk.order(symbols[n % 20]!, 'BUY', desk.lotSize)] }));
    const basket = desk.trade('placeTrades', { orders: symbols.slice(0, 12).map((symbol) => desk.order(symbol, 'BUY', desk.lotSize)) });
    const sliced = desk.trade('placeTrades', { orders: [desk.order(symbols[0]!, 'BUY', 3 * perSlice)] });
    const answers = await Promise.all([...singles, basket, sliced]);
    // How many are let in depends on how far the lags moved the clock; each is placed or told to retry.
    for (const answer of answers) expect([200, 429], JSON.stringify(answer.body)).toContain(answer.status);
    // In a second of its own, with no lag, eleven clients: ten placed, the eleventh refused, nothing waiting.
    lagOf = () => 0;
    server.clock.advance(2000);
    const eleven = await Promise.all(symbols.slice(0, 11).map((symbol) => desk.trade('placeTrades', { orders: [desk.order(symbol, 'BUY', desk.lotSize)] })));
    expect(eleven.map((answer) => answer.status).sort()).toEqual([...Array<number>(10).fill(200), 429]);
    const sent = sentOrders((await desk.orderBook()).order_book);
    expect(sent.length).toBeGreaterThanOrEqual(20);
    expect(densestSecond(sent)).toBeLessThanOrEqual(10);
  });

  it('squares a position off while the second is full: its exit waits for the next free second, never a 429', async () => {
    const desk = await openDesk(server, call, 10_000_000);
    await openPositions(desk, 1);
    const [symbol] = cheapContracts(desk, 1);
    server.clock.advance(2000);
    const full = await Promise.all(Array.from({ length: 10 }, () => desk.trade('placeTrades', { orders: [desk.order(symbol!, 'BUY', desk.lotSize)] })));
    expect(full.map((answer) => answer.status)).toEqual(Array<number>(10).fill(200));
    const squared = await desk.trade('squareoffTrades', { positions: [{ tradingsymbol: symbol, exchange: 'NFO', product: 'NRML' }] });
    expect(squared.status, JSON.stringify(squared.body)).toBe(200);
    expect(squared.body.orders.map((order) => [order.transaction_type, order.quantity, order.status])).toEqual([['SELL', 11 * desk.lotSize, 'COMPLETE']]);
    expect(densestSecond(sentOrders((await desk.orderBook()).order_book))).toBeLessThanOrEqual(10);
    expect((await desk.positionBook()).net.filter((position) => position.quantity !== 0)).toEqual([]);
  });

  it('paces the kill switch: 40 positions of one account close ten a second, over three seconds and never faster, holding no transaction while it waits', async () => {
    const desk = await openDesk(server, call, 10_000_000);
    await openPositions(desk, 40);
    server.clock.advance(5000);
    // While the arm waits for the account's next second, the account's row is free: no transaction of the arm
    // is open across the wait (on PGlite's single connection this one would queue behind it for ever; on
    // PostgreSQL, NOWAIT refuses a row another transaction holds).
    let waits = 0;
    duringWait = async () => {
      await server.db.transaction((tx) => tx.query('SELECT id FROM broker_accounts WHERE id = $1 FOR UPDATE NOWAIT', [desk.account.id]));
      waits += 1;
    };
    const started = server.clock.now().getTime();
    const armed = await armKillSwitch(desk, desk.accountNumber);
    expect(armed.status, JSON.stringify(armed.body)).toBe(200);
    const [result] = armed.body.accounts;
    expect(result).toMatchObject({ blocked: true, flat: true });
    expect(result!.exits).toHaveLength(40);
    expect(result!.exits.every((order) => order.status === 'COMPLETE')).toBe(true);
    expect(densestSecond(result!.exits)).toBeLessThanOrEqual(10);
    expect(span(result!.exits)).toBeGreaterThanOrEqual(3000);
    expect(server.clock.now().getTime() - started).toBeLessThan(4000);
    expect(waits).toBe(3);
    expect(densestSecond(sentOrders((await desk.orderBook()).order_book))).toBeLessThanOrEqual(10);
    expect((await desk.positionBook()).net.filter((position) => position.quantity !== 0)).toEqual([]);
  });

  it('flattens five accounts side by side: 60 positions, 12 an account, in about a second, not five', async () => {
    const desk = await openDesk(server, call, 10_000_000);
    const accounts: Desk[] = [desk];
    for (let n = 1; n < 5; n += 1) {
      const { input, account } = await createBrokerAccount(call, desk.token, { capital: 10_000_000 });
      const login = await call('loginBrokerAccount', { token: desk.token, params: { accountId: account.id }, body: { request_token: await paperBrokerLogin(server.app, input), broker_name: 'paper' } });
      expect(login.status).toBe(200);
      accounts.push({ ...desk, account, accountNumber: account.account_number, ...deskOf(desk, account.account_number) });
    }
    for (const each of accounts) await openPositions(each, 12);
    server.clock.advance(5000);
    // Side by side means every account plans its first ten before any waits out its second: hold each wait until
    // all five accounts wait (on PostgreSQL one account's planning could otherwise finish after another's wait had
    // moved the clock a second on). An account that never waits fails the time checks below after five real seconds.
    let arrive: () => void = () => undefined;
    const allWaiting = new Promise<void>((resolve) => {
      let waiting = 0;
      arrive = () => {
        waiting += 1;
        if (waiting === accounts.length) resolve();
      };
      setTimeout(resolve, 5000).unref();
    });
    duringWait = async () => {
      arrive();
      await allWaiting;
    };
    const started = server.clock.now().getTime();
    const armed = await armKillSwitch(desk);
    expect(armed.status, JSON.stringify(armed.body)).toBe(200);
    expect(armed.body.accounts).toHaveLength(5);
    for (const result of armed.body.accounts) {
      expect(result).toMatchObject({ flat: true });
      expect(result.exits).toHaveLength(12);
      expect(densestSecond(result.exits)).toBe(10);
    }
    const took = server.clock.now().getTime() - started;
    expect(took).toBeGreaterThanOrEqual(1000);
    expect(took).toBeLessThan(2000);
  });

  /** The desk's calls for another account of the same trader. */
  function deskOf(desk: Desk, accountNumber: string): Pick<Desk, 'trade' | 'orderBook' | 'positionBook'> {
    const trade: Desk['trade'] = (operation, body, key = randomUUID()) =>
      call(operation, { token: desk.token, body: { account_number: accountNumber, ...body }, headers: { 'idempotency-key': key } });
    const orderBook = async () => (await call<Schemas['OrderBookResponse']>('getOrderBook', { token: desk.token, params: { accountNumber } })).body;
    const positionBook = async () => (await call<Schemas['PositionBookResponse']>('getPositionBook', { token: desk.token, params: { accountNumber } })).body.position_book;
    return { trade, orderBook, positionBook };
  }
});
