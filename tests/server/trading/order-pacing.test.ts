// Intents larger than the broker's 10 orders a second, as Kite's basket (up to 20 orders) and autoslice (up
// to 20 slices an order) place them: the server paces them over the next seconds, the trader sees each
// order in the book as it goes out, a crash mid-way never places a slice twice, and only what could never
// go out (an order above 20 slices) is refused, with a 422 that says the limit. The server's wait for the
// next second moves the test's clock; crashes are injected on either side of a step's broker call.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/main.d.ts';
import type { TradingHooks } from '../../../server/services/services.ts';
import { claimLeaseMs, pacingStalledMs } from '../../../server/services/trading/idempotency.ts';
import type { ContractCall } from '../support/contract-client.ts';
import { openDesk, scriptedMarket, type Desk, type Order, type OrdersResponse, type ScriptedMarket } from '../support/paper-desk.ts';
import { testBackends } from '../support/test-database.ts';
import { guardedClient } from '../support/trading.ts';
import { manualClock, startTestServer, type TestServer } from '../support/test-server.ts';

// Friday 20 November 2026, 10:00 IST, as in paper-broker.test.ts.
const friday = new Date('2026-11-20T04:30:00Z');

/** The seconds (from the first) in which the orders went out, counted: [10, 5] is ten, then five a second later. */
function perSecond(orders: readonly Order[]): number[] {
  const first = Math.min(...orders.map((order) => Date.parse(order.order_timestamp)));
  const counts = new Map<number, number>();
  for (const order of orders) {
    const second = Math.floor((Date.parse(order.order_timestamp) - first) / 1000);
    counts.set(second, (counts.get(second) ?? 0) + 1);
  }
  return [...counts.entries()].sort(([a], [b]) => a - b).map(([, count]) => count);
}

describe.each(testBackends)('orders paced at 10 a second on %s', (backend) => {
  let server: TestServer;
  let call: ContractCall;
  let market: ScriptedMarket;
  let desk: Desk;
  let symbol: string;
  /** What the server does when it waits for the next second; each test may add to it. */
  let onWait: (ms: number) => Promise<void>;
  /** What a step meets around its broker call; each test sets the hooks it needs. */
  let hooks: TradingHooks = {};

  beforeAll(async () => {
    const clock = manualClock(friday);
    market = scriptedMarket(clock);
    server = await startTestServer({
      backend,
      clock,
      market: { seed: 'pacing', demo: true, tickMs: 1000 },
      prices: market.source,
      wait: (ms) => onWait(ms),
      tradingHooks: { beforeBrokerCall: (key) => hooks.beforeBrokerCall?.(key), afterBrokerCall: (key) => hooks.afterBrokerCall?.(key) },
    });
    call = guardedClient(server.app);
  });

  afterAll(async () => {
    await server.close();
  });

  beforeEach(async () => {
    hooks = {};
    server.clock.advance(60_000);
    onWait = async (ms) => {
      server.clock.advance(ms);
    };
    desk = await openDesk(server, call, 10_000_000);
    symbol = desk.contract(desk.atm, 'CE').tradingsymbol;
    market.set(symbol, { bid: 120, ask: 120.5, last: 120.25, close: 110 });
  });

  const basket = (count: number) => Array.from({ length: count }, () => desk.order(symbol, 'BUY', desk.lotSize, { order_type: 'LIMIT', price: 100 }));

  /** The most one order holds: the freeze quantity in whole lots (NIFTY: 1,800 → 27 lots of 65, 1,755). */
  const perOrder = async () => {
    const listed = await call<components['schemas']['InstrumentsResponse']>('getInstruments', { token: desk.token, query: { index: 'NIFTY', expiry: desk.expiry } });
    return Math.floor(listed.body.freeze_quantity! / desk.lotSize) * desk.lotSize;
  };

  it('places a basket of 15 in full: 10 at once, 5 as the next second opens, each in the book as it goes out', async () => {
    const seenWhileWaiting: number[] = [];
    onWait = async (ms) => {
      seenWhileWaiting.push((await desk.orderBook()).order_book.length);
      server.clock.advance(ms);
    };
    const key = randomUUID();
    const res = await desk.trade('placeTrades', { orders: basket(15) }, key);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.orders).toHaveLength(15);
    expect(res.body.orders.every((order) => order.status === 'OPEN')).toBe(true);
    expect(new Set(res.body.orders.map((order) => order.order_id)).size).toBe(15);
    expect(perSecond(res.body.orders)).toEqual([10, 5]);
    expect(res.body.message).toBe('15 orders placed');
    // The first ten were in the trader's book while the server waited for the next second.
    expect(seenWhileWaiting).toEqual([10]);
    expect((await desk.orderBook()).order_book).toHaveLength(15);

    const again = await desk.trade('placeTrades', { orders: basket(15) }, key);
    expect(again.status).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body.orders.map((order) => order.order_id)).toEqual(res.body.orders.map((order) => order.order_id));
    expect((await desk.orderBook()).order_book).toHaveLength(15);
  });

  it('places a basket of 15 on an account placed on before, its key claimed in the first step: 10 committed with the claim, 5 a second later, each once', async () => {
    // The account's first order tells this instance its broker places in this database: the basket's key is
    // then claimed in the transaction of its first step (paced-intent.ts runInOneTransaction).
    expect((await desk.trade('placeTrades', { orders: basket(1) })).status).toBe(200);
    server.clock.advance(1000);
    const seenWhileWaiting: number[] = [];
    const keys: string[][] = [];
    const key = randomUUID();
    onWait = async (ms) => {
      seenWhileWaiting.push((await desk.orderBook()).order_book.length);
      keys.push((await server.db.query<{ status: string }>('SELECT status FROM idempotency_keys WHERE key = $1', [key])).rows.map((row) => row.status));
      server.clock.advance(ms);
    };
    const res = await desk.trade('placeTrades', { orders: basket(15) }, key);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.orders).toHaveLength(15);
    expect(perSecond(res.body.orders)).toEqual([10, 5]);
    // Between the two steps the key was held, running, its first ten orders in the book with it.
    expect(seenWhileWaiting).toEqual([11]);
    expect(keys).toEqual([['running']]);
    const again = await desk.trade('placeTrades', { orders: basket(15) }, key);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body.orders.map((order) => order.order_id)).toEqual(res.body.orders.map((order) => order.order_id));
    expect((await desk.orderBook()).order_book).toHaveLength(16);
  });

  it('places one order slicing into 11 in full, and squares the position off the same way', async () => {
    const quantity = 11 * (await perOrder());
    const res = await desk.trade('placeTrades', { orders: [desk.order(symbol, 'BUY', quantity)] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.orders).toHaveLength(11);
    expect(res.body.orders.every((order) => order.status === 'COMPLETE')).toBe(true);
    expect(res.body.orders.reduce((sum, order) => sum + order.quantity, 0)).toBe(quantity);
    expect(perSecond(res.body.orders)).toEqual([10, 1]);

    server.clock.advance(1000);
    const exit = await desk.trade('executeOrder', { action: 'squareoff', tradingsymbol: symbol, exchange: 'NFO', product: 'NRML' });
    expect(exit.status, JSON.stringify(exit.body)).toBe(200);
    expect(exit.body.orders).toHaveLength(11);
    expect(exit.body.orders.every((order) => order.transaction_type === 'SELL' && order.status === 'COMPLETE')).toBe(true);
    expect(perSecond(exit.body.orders)).toEqual([10, 1]);
    expect((await desk.positionBook()).net.find((position) => position.tradingsymbol === symbol)?.quantity).toBe(0);
  });

  it('refuses an order slicing into more than 20 with a 422 that says the limit, placing nothing', async () => {
    const quantity = 21 * (await perOrder());
    const res = await desk.trade<{ message: string; code: string; field?: string }>('placeTrades', { orders: [desk.order(symbol, 'BUY', quantity)] });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 'too_many_orders', field: 'quantity' });
    expect(res.body.message).toContain('at most 20');
    expect((await desk.orderBook()).order_book).toEqual([]);
    // Exactly 20 slices is what the broker still takes.
    const largest = await desk.trade('placeTrades', { orders: [desk.order(symbol, 'BUY', 20 * (await perOrder()), { order_type: 'LIMIT', price: 100 })] });
    expect(largest.status, JSON.stringify(largest.body)).toBe(200);
    expect(largest.body.orders).toHaveLength(20);
  });

  it('answers 429 only when the second is already full, and places the same basket a second later', async () => {
    for (let n = 0; n < 10; n += 1) await desk.place(symbol, 'BUY', desk.lotSize, { order_type: 'LIMIT', price: 100 });
    const key = randomUUID();
    const refused = await desk.trade('placeTrades', { orders: basket(15) }, key);
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBe('1');
    expect((await desk.orderBook()).order_book).toHaveLength(10);
    server.clock.advance(1000);
    const placed = await desk.trade('placeTrades', { orders: basket(15) }, key);
    expect(placed.status).toBe(200);
    expect(placed.body.orders).toHaveLength(15);
  });

  it('resumes an intent whose server died mid-way, placing only the slices not yet placed', async () => {
    onWait = async () => {
      throw new Error('the server was killed between two seconds');
    };
    const key = randomUUID();
    const crashed = await desk.trade('placeTrades', { orders: basket(15) }, key);
    expect(crashed.status).toBe(500);
    expect((await desk.orderBook()).order_book).toHaveLength(10);
    onWait = async (ms) => server.clock.advance(ms);

    // Still within the time a live server takes between two steps: it may be running, so no second runner.
    server.clock.advance(1000);
    const early = await desk.trade<{ code: string }>('placeTrades', { orders: basket(15) }, key);
    expect(early.status).toBe(409);
    expect(early.body.code).toBe('idempotency_in_progress');

    // From the very moment no step has ended for pacingStalledMs, the holder is gone.
    server.clock.advance(pacingStalledMs - 1000);
    const resumed = await desk.trade('placeTrades', { orders: basket(15) }, key);
    expect(resumed.status, JSON.stringify(resumed.body)).toBe(200);
    expect(resumed.body.orders).toHaveLength(15);
    const book = (await desk.orderBook()).order_book;
    expect(book).toHaveLength(15);
    // Every slice carries the intent's tag, so a client that lost the answer finds all fifteen.
    expect(new Set(book.map((order) => order.tag)).size).toBe(1);
    const replay = await desk.trade('placeTrades', { orders: basket(15) }, key);
    expect(replay.body.orders.map((order) => order.order_id)).toEqual(resumed.body.orders.map((order) => order.order_id));
    // Another body under the same key is refused, during pacing or after.
    const other = await desk.trade<{ code: string }>('placeTrades', { orders: basket(14) }, key);
    expect(other.status).toBe(422);
    expect(other.body.code).toBe('idempotency_key_reused');
  });

  /** Throws on the `nth` broker call of the test (1: the first second's, 2: the next one's). */
  const crashOn = (nth: number, what: string) => {
    let calls = 0;
    return () => {
      calls += 1;
      if (calls === nth) throw new Error(what);
    };
  };

  it('resumes an intent whose server died right after a broker call mid-way, finding its orders by tag and number and sending none twice', async () => {
    hooks.afterBrokerCall = crashOn(2, 'power cut after the second broker call');
    const key = randomUUID();
    expect((await desk.trade('placeTrades', { orders: basket(15) }, key)).status).toBe(500);
    const reached = (await desk.orderBook()).order_book;
    expect(reached).toHaveLength(15);

    // A broker call was under way when it died, not a wait between two seconds: the holder keeps the key for
    // the whole lease of a call, since a live broker's answer may take that long.
    server.clock.advance(pacingStalledMs);
    expect((await desk.trade('placeTrades', { orders: basket(15) }, key)).status).toBe(409);
    server.clock.advance(claimLeaseMs - pacingStalledMs);
    // A live broker would place an order sent again: the retry must not call it at all.
    let calls = 0;
    hooks.beforeBrokerCall = () => {
      calls += 1;
    };
    const resumed = await desk.trade('placeTrades', { orders: basket(15) }, key);
    expect(resumed.status, JSON.stringify(resumed.body)).toBe(200);
    expect(calls).toBe(0);
    expect(resumed.body.orders.map((order) => order.order_id).sort()).toEqual(reached.map((order) => order.order_id).sort());
    expect((await desk.orderBook()).order_book).toHaveLength(15);
  });

  it('resumes an intent whose server died right before a broker call mid-way, sending only the orders that never reached the broker', async () => {
    hooks.beforeBrokerCall = crashOn(2, 'power cut before the second broker call');
    const key = randomUUID();
    expect((await desk.trade('placeTrades', { orders: basket(15) }, key)).status).toBe(500);
    const first = (await desk.orderBook()).order_book;
    expect(first).toHaveLength(10);

    server.clock.advance(claimLeaseMs);
    const sent: number[] = [];
    hooks.beforeBrokerCall = () => {
      sent.push(1);
    };
    const resumed = await desk.trade('placeTrades', { orders: basket(15) }, key);
    expect(resumed.status, JSON.stringify(resumed.body)).toBe(200);
    // One broker call, for the five the crash kept from the broker.
    expect(sent).toHaveLength(1);
    expect(resumed.body.orders).toHaveLength(15);
    expect(resumed.body.orders.slice(0, 10).map((order) => order.order_id).sort()).toEqual(first.map((order) => order.order_id).sort());
    expect((await desk.orderBook()).order_book).toHaveLength(15);
  });

  it('sends nothing more from a holder that stalled between two seconds until a retry took its key over: the retry places the rest, once', async () => {
    const key = randomUUID();
    let retry: Awaited<ReturnType<typeof desk.trade<OrdersResponse>>> | undefined;
    onWait = async (ms) => {
      server.clock.advance(ms);
      if (retry !== undefined) return;
      // The holder's wait for the next second lasts long enough for its key to look abandoned; a retry takes
      // it over meanwhile and finishes the intent.
      server.clock.advance(pacingStalledMs);
      retry = await desk.trade('placeTrades', { orders: basket(15) }, key);
    };
    const holder = await desk.trade<{ code: string }>('placeTrades', { orders: basket(15) }, key);
    expect(retry?.status, JSON.stringify(retry?.body)).toBe(200);
    expect(retry!.body.orders).toHaveLength(15);
    expect(holder.status, JSON.stringify(holder.body)).toBe(409);
    expect(holder.body.code).toBe('idempotency_in_progress');
    expect((await desk.orderBook()).order_book).toHaveLength(15);
  });

  it('treats a key used again after it expired as a new intent, whose slices are its own', async () => {
    const key = randomUUID();
    const first = await desk.trade('placeTrades', { orders: basket(2) }, key);
    expect(first.status).toBe(200);
    // The key's 24 hours are over (the broker session would be too, so the key's row is aged instead).
    // The key is free from the very instant they end.
    await server.db.query(`UPDATE idempotency_keys SET expires_at = $2 WHERE key = $1`, [key, new Date(server.clock.now().getTime() + 1000)]);
    server.clock.advance(1000);
    const later = await desk.trade('placeTrades', { orders: basket(2) }, key);
    expect(later.status).toBe(200);
    expect(later.headers['idempotent-replayed']).toBeUndefined();
    expect(later.body.orders.map((order) => order.order_id)).not.toEqual(first.body.orders.map((order) => order.order_id));
  });

  it('rejects what is left of an entry once the kill switch is armed mid-way, each slice saying why', async () => {
    onWait = async (ms) => {
      const armed = await call('armKillSwitch', {
        token: desk.token,
        body: { account_number: desk.accountNumber, source: 'header' },
        headers: { 'idempotency-key': randomUUID() },
      });
      expect(armed.status).toBe(200);
      server.clock.advance(ms);
    };
    const res = await desk.trade<OrdersResponse>('placeTrades', { orders: basket(15) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.orders.map((order) => order.status)).toEqual([...Array<string>(10).fill('CANCELLED'), ...Array<string>(5).fill('REJECTED')]);
    expect(res.body.orders[14]!.status_message).toMatch(/^Not sent: The kill switch of account .* is on/);
    expect(res.body.message).toBe('0 orders placed, 5 rejected, 10 cancelled');
  });
});
