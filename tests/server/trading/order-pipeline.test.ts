// The order pipeline with the broker called outside any transaction (claim, broker call, record), on scripted
// quotes, with crashes injected on either side of the broker call: a key still running answers 409 until its
// claim's lease (30 s) is over; then its retry looks the orders' tag up at the broker, completing the key
// with what it finds and placing only when nothing carries the tag. An entry the kill switch armed against
// while it was on its way is closed when its answer is recorded, and an arming that died before closing
// anything is finished by its retry. A modification, which carries no tag, retried after it went through
// answers the order as it stands, never 422 nothing_to_modify.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/main.d.ts';
import type { TradingHooks } from '../../../server/services/services.ts';
import { requestHash, tagOfKey } from '../../../server/services/trading/idempotency.ts';
import { recordSends } from '../../../server/services/trading/order-rate.ts';
import type { ContractCall } from '../support/contract-client.ts';
import { openDesk, scriptedMarket, type Desk, type ScriptedMarket } from '../support/paper-desk.ts';
import { testBackends } from '../support/test-database.ts';
import { guardedClient } from '../support/trading.ts';
import { manualClock, startTestServer, type TestServer } from '../support/test-server.ts';

type Schemas = components['schemas'];

// Friday 20 November 2026, 10:00 IST, as in paper-broker.test.ts.
const friday = new Date('2026-11-20T04:30:00Z');
const leaseMs = 30_000;

describe.each(testBackends)('the order pipeline on %s', (backend) => {
  let server: TestServer;
  let call: ContractCall;
  let market: ScriptedMarket;
  let desk: Desk;
  let symbol: string;
  // What the next request meets between its steps; each test sets the hooks it needs.
  let hooks: TradingHooks = {};

  beforeAll(async () => {
    const clock = manualClock(friday);
    market = scriptedMarket(clock);
    const tradingHooks: TradingHooks = {
      beforeBrokerCall: (key) => hooks.beforeBrokerCall?.(key),
      afterBrokerCall: (key) => hooks.afterBrokerCall?.(key),
      afterArmed: () => hooks.afterArmed?.(),
      // The paper broker stands in for a live one, placing outside the pacing step, unless a test says not.
      get placeAsLive() {
        return hooks.placeAsLive ?? true;
      },
    };
    server = await startTestServer({ backend, clock, market: { seed: 'paper', demo: true, tickMs: 1000 }, prices: market.source, tradingHooks });
    call = guardedClient(server.app);
  });

  afterAll(async () => {
    await server.close();
  });

  beforeEach(async () => {
    hooks = {};
    server.clock.advance(60_000);
    desk = await openDesk(server, call);
    symbol = desk.contract(desk.atm, 'CE').tradingsymbol;
    market.set(symbol, { bid: 120, ask: 120.5, last: 120.25, close: 110 });
  });

  const buy = (key: string) => desk.trade('placeTrades', { orders: [desk.order(symbol, 'BUY', desk.lotSize)] }, key);
  const tagged = async (tag: string) => (await desk.orderBook()).order_book.filter((order) => order.tag === tag);
  const once = (what: string) => {
    let done = false;
    return () => {
      if (done) return;
      done = true;
      throw new Error(what);
    };
  };

  it('answers 409 while the first request with the key is between its claim and its answer, then the stored answer', async () => {
    const key = randomUUID();
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let reached = () => undefined as void;
    const claimed = new Promise<void>((resolve) => {
      reached = resolve;
    });
    hooks.beforeBrokerCall = async () => {
      reached();
      await held;
    };
    const first = buy(key);
    await claimed;
    const meanwhile = await buy(key);
    expect(meanwhile.status).toBe(409);
    expect(meanwhile.body).toMatchObject({ code: 'idempotency_in_progress' });
    expect(meanwhile.headers['retry-after']).toBe('1');
    release();
    expect((await first).status).toBe(200);
    const after = await buy(key);
    expect(after.headers['idempotent-replayed']).toBe('true');
    expect(after.body).toEqual((await first).body);
    expect((await desk.orderBook()).order_book).toHaveLength(1);
  });

  it('finds the orders of a first attempt that crashed after the broker call by their tag, and places nothing new', async () => {
    const key = randomUUID();
    hooks.afterBrokerCall = once('power cut after the broker call');
    expect((await buy(key)).status).toBe(500);
    const [placed] = await tagged(tagOfKey(key));
    expect(placed).toMatchObject({ status: 'COMPLETE' });

    const early = await buy(key);
    expect(early.status).toBe(409);
    server.clock.advance(leaseMs);
    const retry = await buy(key);
    expect(retry.status, JSON.stringify(retry.body)).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    expect(retry.body.orders.map((order) => order.order_id)).toEqual([placed!.order_id]);
    const again = await buy(key);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(retry.body);
    expect((await desk.orderBook()).order_book).toHaveLength(1);
  });

  it("stores the paper broker's orders and the answer together: a crash right after is replayed, nothing placed again", async () => {
    // Its exchange is this database: the pacing step places the orders and stores the answer in one
    // transaction (BrokerTrading.placerInTransaction), so no crash falls between them.
    hooks.placeAsLive = false;
    const key = randomUUID();
    hooks.afterBrokerCall = once('power cut after the paper placement');
    expect((await buy(key)).status).toBe(500);
    const [placed] = await tagged(tagOfKey(key));
    expect(placed).toMatchObject({ status: 'COMPLETE' });
    const retry = await buy(key);
    expect(retry.status, JSON.stringify(retry.body)).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.body.orders.map((order) => order.order_id)).toEqual([placed!.order_id]);
    expect((await desk.orderBook()).order_book).toHaveLength(1);
  });

  it('places a paper order once when the first attempt crashed before its pacing step', async () => {
    hooks.placeAsLive = false;
    const key = randomUUID();
    hooks.beforeBrokerCall = once('power cut before the step');
    expect((await buy(key)).status).toBe(500);
    expect(await tagged(tagOfKey(key))).toEqual([]);
    expect((await buy(key)).status).toBe(409);
    server.clock.advance(leaseMs);
    const retry = await buy(key);
    expect(retry.status, JSON.stringify(retry.body)).toBe(200);
    expect(retry.body.orders).toHaveLength(1);
    expect((await desk.orderBook()).order_book).toHaveLength(1);
  });

  it('places once when the first attempt crashed before the broker call', async () => {
    const key = randomUUID();
    hooks.beforeBrokerCall = once('power cut before the broker call');
    expect((await buy(key)).status).toBe(500);
    expect((await desk.orderBook()).order_book).toEqual([]);

    expect((await buy(key)).status).toBe(409);
    server.clock.advance(leaseMs);
    const retry = await buy(key);
    expect(retry.status, JSON.stringify(retry.body)).toBe(200);
    expect(retry.body.orders).toHaveLength(1);
    expect(retry.body.orders[0]).toMatchObject({ status: 'COMPLETE', tag: tagOfKey(key) });
    expect((await buy(key)).headers['idempotent-replayed']).toBe('true');
    expect((await desk.orderBook()).order_book).toHaveLength(1);
  });

  it('takes a key a server from before tags left running as free, and replays an answer such a server stored', async () => {
    // Rows as a server before migration 018 wrote them: no tag, no claim time.
    const { rows } = await server.db.query<{ user_id: number }>('SELECT user_id FROM broker_accounts WHERE id = $1', [desk.account.id]);
    const userId = rows[0]!.user_id;
    const now = server.clock.now();
    const later = new Date(now.getTime() + 24 * 60 * 60_000);
    const running = randomUUID();
    await server.db.query(`INSERT INTO idempotency_keys (user_id, key, request_hash, status, created_at, expires_at) VALUES ($1, $2, 'an older hash', 'running', $3, $4)`, [
      userId,
      running,
      now,
      later,
    ]);
    const placed = await buy(running);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect(placed.body.orders[0]).toMatchObject({ status: 'COMPLETE', tag: tagOfKey(running) });

    const completed = randomUUID();
    const stored = { message: 'placed by an older server', orders: [] };
    const body = { account_number: desk.accountNumber, orders: [desk.order(symbol, 'BUY', desk.lotSize)] };
    await server.db.query(
      `INSERT INTO idempotency_keys (user_id, key, request_hash, status, response_status, response_body, created_at, expires_at) VALUES ($1, $2, $3, 'completed', 200, $4, $5, $6)`,
      [userId, completed, requestHash('placeTrades', body), JSON.stringify(stored), now, later],
    );
    const replayed = await buy(completed);
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    expect(replayed.body).toEqual(stored);
    expect((await desk.orderBook()).order_book).toHaveLength(1);
  });

  describe("a paper entry on an account this instance has placed on before: its key claimed in the transaction that places it", () => {
    const keyRows = async (key: string) => (await server.db.query<{ status: string }>('SELECT status FROM idempotency_keys WHERE key = $1', [key])).rows;

    beforeEach(async () => {
      hooks.placeAsLive = false;
      // The account's first entry here goes the usual way and tells the instance its broker places in this
      // database (trading-service.ts inOneTransaction); the tests' entries come after.
      expect((await buy(randomUUID())).status).toBe(200);
    });

    it('keeps neither the key nor an order when the request dies before the placement, so its retry places once, at once', async () => {
      const key = randomUUID();
      hooks.beforeBrokerCall = once('power cut before the placement');
      expect((await buy(key)).status).toBe(500);
      expect(await tagged(tagOfKey(key))).toEqual([]);
      // No claim was committed: nothing waits out a lease, and nothing is left to reconcile.
      expect(await keyRows(key)).toEqual([]);
      const retry = await buy(key);
      expect(retry.status, JSON.stringify(retry.body)).toBe(200);
      expect(retry.headers['idempotent-replayed']).toBeUndefined();
      expect(await tagged(tagOfKey(key))).toHaveLength(1);
      expect(await keyRows(key)).toEqual([{ status: 'completed' }]);
    });

    it('keeps the key with its answer and the order together when the request dies right after: the retry is answered, nothing placed again', async () => {
      const key = randomUUID();
      hooks.afterBrokerCall = once('power cut after the commit');
      expect((await buy(key)).status).toBe(500);
      const [placed] = await tagged(tagOfKey(key));
      expect(placed).toMatchObject({ status: 'COMPLETE' });
      const retry = await buy(key);
      expect(retry.headers['idempotent-replayed']).toBe('true');
      expect(retry.body.orders.map((order) => order.order_id)).toEqual([placed!.order_id]);
      expect(await tagged(tagOfKey(key))).toHaveLength(1);
    });

    it('answers a second request with the same key, sent while the first is in its transaction, with the first one\'s answer once it commits', async () => {
      const key = randomUUID();
      let release = () => undefined as void;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let reached = () => undefined as void;
      const inTransaction = new Promise<void>((resolve) => {
        reached = resolve;
      });
      hooks.beforeBrokerCall = async () => {
        hooks.beforeBrokerCall = undefined;
        reached();
        await held;
      };
      const first = buy(key);
      await inTransaction;
      // It waits on the account's lock (PostgreSQL) or the one connection (PGlite), taken before any claim.
      const second = buy(key);
      await new Promise((resolve) => setTimeout(resolve, 300));
      release();
      const [one, two] = await Promise.all([first, second]);
      expect(one.status, JSON.stringify(one.body)).toBe(200);
      expect(two.status, JSON.stringify(two.body)).toBe(200);
      expect(two.headers['idempotent-replayed']).toBe('true');
      expect(two.body).toEqual(one.body);
      expect(await tagged(tagOfKey(key))).toHaveLength(1);
    });

    it('refuses an entry while the kill switch is armed with nothing kept, and places it under the same key once disarmed', async () => {
      const armed = await call('armKillSwitch', { token: desk.token, body: { account_number: desk.accountNumber, source: 'header' }, headers: { 'idempotency-key': randomUUID() } });
      expect(armed.status, JSON.stringify(armed.body)).toBe(200);
      const key = randomUUID();
      const refused = await buy(key);
      expect(refused.status, JSON.stringify(refused.body)).toBe(403);
      expect(await keyRows(key)).toEqual([]);
      const disarmed = await call('disarmKillSwitch', { token: desk.token, body: { account_number: desk.accountNumber, confirmation: desk.accountNumber, source: 'settings' } });
      expect(disarmed.status, JSON.stringify(disarmed.body)).toBe(200);
      const placed = await buy(key);
      expect(placed.status, JSON.stringify(placed.body)).toBe(200);
      expect(await tagged(tagOfKey(key))).toHaveLength(1);
    });
  });

  const modify = (key: string, orderId: string) => desk.trade('modifyOrder', { order_id: orderId, price: 101 }, key);

  it('answers a modification sent again with its key with the stored answer, not as a change that changes nothing', async () => {
    const order = await desk.place(symbol, 'BUY', desk.lotSize, { order_type: 'LIMIT', price: 100 });
    const key = randomUUID();
    const first = await modify(key, order.order_id);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const again = await modify(key, order.order_id);
    expect(again.status).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    expect((await desk.orderBook()).order_book[0]).toMatchObject({ order_id: order.order_id, price: 101, modifications: 1 });
  });

  it('answers a modification whose first attempt went through before a crash with the order as it stands, modified once', async () => {
    const order = await desk.place(symbol, 'BUY', desk.lotSize, { order_type: 'LIMIT', price: 100 });
    const key = randomUUID();
    hooks.afterBrokerCall = once('power cut after the modification');
    expect((await modify(key, order.order_id)).status).toBe(500);
    expect((await desk.orderBook()).order_book[0]).toMatchObject({ price: 101, modifications: 1 });

    expect((await modify(key, order.order_id)).status).toBe(409);
    server.clock.advance(leaseMs);
    const retry = await modify(key, order.order_id);
    expect(retry.status, JSON.stringify(retry.body)).toBe(200);
    expect(retry.body.orders[0]).toMatchObject({ order_id: order.order_id, price: 101, modifications: 1, status: 'OPEN' });
    expect(retry.body.message).toBe("1 order modified; it already read as asked (most likely modified by this request's first attempt, whose answer was lost), so it was not modified again");
    expect((await modify(key, order.order_id)).headers['idempotent-replayed']).toBe('true');
    expect((await desk.orderBook()).order_book[0]).toMatchObject({ price: 101, modifications: 1 });
  });

  it('closes an entry claimed before the kill switch armed and acknowledged after it', async () => {
    const armKey = randomUUID();
    // The arming commits while the entry is on its way, and its instance dies before closing anything (a
    // live broker's flatten would not have seen the order yet either).
    hooks.afterArmed = once('power cut after arming');
    hooks.afterBrokerCall = async () => {
      const armed = await call('armKillSwitch', { token: desk.token, body: { account_number: desk.accountNumber, source: 'header' }, headers: { 'idempotency-key': armKey } });
      expect(armed.status).toBe(500);
    };
    const entry = await buy(randomUUID());
    expect(entry.status, JSON.stringify(entry.body)).toBe(200);
    expect(entry.body.message).toContain('the kill switch was turned on while this was being placed, so everything was closed at once: 0 working orders cancelled, 1 exit filled');
    expect(entry.body.orders[0]).toMatchObject({ transaction_type: 'BUY', status: 'COMPLETE' });
    const book = await desk.orderBook();
    expect(book.order_book.map((order) => [order.transaction_type, order.status, order.tag])).toEqual([
      ['SELL', 'COMPLETE', 'KILL-SWITCH'],
      ['BUY', 'COMPLETE', entry.body.orders[0]!.tag],
    ]);
    expect((await desk.positionBook()).net.filter((position) => position.quantity !== 0)).toEqual([]);
  });

  it('tells the trader what the kill switch could not close when it closed an entry on its way and two of its exits found no bid', async () => {
    const put = desk.contract(desk.atm, 'PE').tradingsymbol;
    const nextCall = desk.contract(desk.atm + 50, 'CE').tradingsymbol;
    market.set(put, { bid: 100, ask: 100.5, last: 100.25, close: 95 });
    market.set(nextCall, { bid: 90, ask: 90.5, last: 90.25, close: 85 });
    hooks.afterArmed = once('power cut after arming');
    hooks.afterBrokerCall = async () => {
      const armed = await call('armKillSwitch', { token: desk.token, body: { account_number: desk.accountNumber, source: 'header' }, headers: { 'idempotency-key': randomUUID() } });
      expect(armed.status).toBe(500);
      // The bids of two legs vanish after the entry filled and before its flatten sells: their exits cannot fill.
      market.set(put, { bid: 0, ask: 100.5, last: 100.25, close: 95 });
      market.set(nextCall, { bid: 0, ask: 90.5, last: 90.25, close: 85 });
    };
    const orders = [symbol, put, nextCall].map((leg) => desk.order(leg, 'BUY', desk.lotSize));
    const entry = await desk.trade('placeTrades', { orders }, randomUUID());
    expect(entry.status, JSON.stringify(entry.body)).toBe(200);
    expect(entry.body.message).toContain(
      'the kill switch was turned on while this was being placed, so everything was closed at once: 0 working orders cancelled, 1 exit filled, 2 exits not filled: close what is left yourself',
    );
    const open = (await desk.positionBook()).net.filter((position) => position.quantity !== 0);
    expect(open.map((position) => position.tradingsymbol).sort()).toEqual([put, nextCall].sort());
  });

  it('closes an entry the switch armed against when one of its orders went through, and says nothing when none did', async () => {
    const put = desk.contract(desk.atm, 'PE').tradingsymbol;
    market.set(put, { bid: 100, ask: 100.5, last: 100.25, close: 95 });
    // The switch arms while the entry is on its way; the instance that armed it dies before closing anything.
    const armMeanwhile = () => {
      hooks.afterArmed = once('power cut after arming');
      hooks.afterBrokerCall = async () => {
        hooks.afterBrokerCall = undefined;
        const armed = await call('armKillSwitch', { token: desk.token, body: { account_number: desk.accountNumber, source: 'header' }, headers: { 'idempotency-key': randomUUID() } });
        expect(armed.status).toBe(500);
      };
    };
    // Nobody offers the call: its MARKET buy is cancelled by market protection, the put's fills.
    market.set(symbol, { bid: 0, ask: 0, last: 120.25, close: 110 });
    armMeanwhile();
    const mixed = await desk.trade('placeTrades', { orders: [desk.order(symbol, 'BUY', desk.lotSize), desk.order(put, 'BUY', desk.lotSize)] }, randomUUID());
    expect(mixed.status, JSON.stringify(mixed.body)).toBe(200);
    expect(mixed.body.orders.map((order) => order.status)).toEqual(['CANCELLED', 'COMPLETE']);
    expect(mixed.body.message).toContain('so everything was closed at once: 0 working orders cancelled, 1 exit filled');
    expect((await desk.positionBook()).net.filter((position) => position.quantity !== 0)).toEqual([]);

    const disarmed = await call('disarmKillSwitch', { token: desk.token, body: { account_number: desk.accountNumber, confirmation: desk.accountNumber, source: 'settings' } });
    expect(disarmed.status, JSON.stringify(disarmed.body)).toBe(200);
    armMeanwhile();
    const before = (await desk.orderBook()).order_book.length;
    const nothing = await desk.trade('placeTrades', { orders: [desk.order(symbol, 'BUY', desk.lotSize)] }, randomUUID());
    expect(nothing.status, JSON.stringify(nothing.body)).toBe(200);
    expect(nothing.body.orders.map((order) => order.status)).toEqual(['CANCELLED']);
    expect(nothing.body.message).not.toContain('kill switch');
    // The cancelled entry alone joined the book: no exit was sent for it.
    expect((await desk.orderBook()).order_book.length).toBe(before + 1);
  });

  it('refuses a stop-loss with 429 once the second is full, and lets a cancellation through even past it', async () => {
    await desk.place(symbol, 'BUY', desk.lotSize);
    const resting = await desk.place(symbol, 'BUY', desk.lotSize, { order_type: 'LIMIT', price: 100 });
    const { id: accountId } = (await server.db.query<{ id: number }>('SELECT id FROM broker_accounts WHERE account_number = $1', [desk.accountNumber])).rows[0]!;
    // Other instances' orders fill this second past Kite's 10.
    await recordSends(server.db, accountId, 10, server.clock.now());
    const stopLoss = () => desk.trade('placeStopLossOrder', desk.order(symbol, 'SELL', desk.lotSize, { order_type: 'SL', price: 90, trigger_price: 95 }));
    const refused = await stopLoss();
    expect(refused.status, JSON.stringify(refused.body)).toBe(429);
    expect(refused.headers['retry-after']).toBe('1');
    expect(refused.body).toMatchObject({ code: 'order_rate_limited' });
    const cancelled = await desk.trade('cancelOrder', { order_ids: [resting.order_id] });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    server.clock.advance(1000);
    expect((await stopLoss()).status).toBe(200);
  });

  it('finishes an arming that died before closing anything when its key is sent again, and audits it meanwhile', async () => {
    await desk.place(symbol, 'BUY', desk.lotSize);
    const key = randomUUID();
    const arm = () => call<Schemas['KillSwitchResult']>('armKillSwitch', { token: desk.token, body: { account_number: desk.accountNumber, source: 'header' }, headers: { 'idempotency-key': key } });
    hooks.afterArmed = once('power cut after arming');
    expect((await arm()).status).toBe(500);
    const switches = async () =>
      (await call<Schemas['KillSwitchesResponse']>('getKillSwitches', { token: desk.token })).body.kill_switches.find((entry) => entry.account_number === desk.accountNumber)!;
    const mine = await switches();
    expect(mine).toMatchObject({ armed: true });
    // Within the key's lease the flatten may still be at work elsewhere: the closing is said to be under way.
    expect(mine.events[0]!.summary_i18n).toEqual({ code: 'kill_switch.closing', params: {} });
    expect((await desk.trade('placeTrades', { orders: [desk.order(symbol, 'BUY', desk.lotSize)] })).status).toBe(403);

    expect((await arm()).status).toBe(409);
    server.clock.advance(leaseMs);
    // Past it, nothing reported: it did not finish, and arming again closes what is open.
    expect((await switches()).events[0]!.summary).toBe('New orders blocked. Closing working orders and positions did not finish: turn the kill switch on again to close them.');
    const retry = await arm();
    expect(retry.status, JSON.stringify(retry.body)).toBe(200);
    expect(retry.body.accounts[0]).toMatchObject({ flat: true, armed_at: mine.armed_at, message: 'New orders blocked; 0 working orders cancelled; 1 exit filled' });
    expect((await desk.positionBook()).net.filter((position) => position.quantity !== 0)).toEqual([]);
  });
});
