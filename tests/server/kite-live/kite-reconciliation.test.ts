// Never placed twice, never retried blindly: a placement whose answer Kite dropped is found by its tag and
// answered as placed; a request that failed on the way is "outcome unknown", its Idempotency-Key held (409
// for the lease), and its retry after the lease looks the tag up at Kite before placing, once; Kite's 429
// placed nothing and frees the key. Kite's limits are counted in the database, so two server instances on
// one database share them.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { kiteLimits } from '../../../server/services/brokers/kite-broker/rate-limits.ts';
import { createTestDatabase, testBackends } from '../support/test-database.ts';
import { guardedClient } from '../support/trading.ts';
import { startTestServer } from '../support/test-server.ts';
import { openKiteDesk, startKiteStack, type KiteDesk, type KiteStack } from './kite-desk.ts';

describe.each(testBackends)('reconciliation on a Kite account on %s', (backend) => {
  let stack: KiteStack;
  let desk: KiteDesk;

  beforeAll(async () => {
    stack = await startKiteStack(backend);
    desk = await openKiteDesk(stack);
  });

  afterAll(async () => {
    await stack.close();
  });

  beforeEach(() => {
    stack.server.clock.advance(1000);
  });

  const atKiteTagged = (tag: string) => stack.kite.control.orders().filter((order) => order!.tag === tag);

  it('finds a placement whose answer was dropped by its tag, and answers it as placed, once', async () => {
    const call = desk.symbol(desk.atm, 'CE');
    stack.kite.control.setPrice(`NFO:${call}`, 110);
    stack.kite.control.dropNextPlaceAnswer();
    const res = await desk.place([desk.order(call, 'BUY', desk.lotSize)], {}, 'dropped-answer-1');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.orders).toHaveLength(1);
    expect(res.body.orders[0]).toMatchObject({ tag: 'dropped-answer-1', status: 'COMPLETE', tradingsymbol: call });
    expect(atKiteTagged('dropped-answer-1')).toHaveLength(1);
    // The same key again is the stored answer, not a second order.
    const again = await desk.place([desk.order(call, 'BUY', desk.lotSize)], {}, 'dropped-answer-1');
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(atKiteTagged('dropped-answer-1')).toHaveLength(1);
  });

  it('holds the key of a request lost on the way, and its retry places it once, after looking for its tag', async () => {
    const put = desk.symbol(desk.atm, 'PE');
    stack.kite.control.setPrice(`NFO:${put}`, 90);
    stack.network.failNext('POST', '/orders/regular');
    const body = [desk.order(put, 'SELL', desk.lotSize)];
    const lost = await desk.place(body, {}, 'lost-on-the-way-1');
    expect(lost.status).toBe(503);
    expect(lost.body).toMatchObject({ code: 'broker_outcome_unknown' });
    expect(lost.headers['retry-after']).toBe('30');
    expect(atKiteTagged('lost-on-the-way-1')).toHaveLength(0);
    // Within the claim's lease: still running, nothing sent.
    const early = await desk.place(body, {}, 'lost-on-the-way-1');
    expect(early.status).toBe(409);
    stack.server.clock.advance(31_000);
    const calls = stack.network.calls().length;
    const retried = await desk.place(body, {}, 'lost-on-the-way-1');
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    expect(retried.body.orders[0]).toMatchObject({ tag: 'lost-on-the-way-1', status: 'COMPLETE' });
    // The book was read (by tag) before the order was sent.
    const sent = stack.network.calls().slice(calls);
    expect(sent.indexOf('GET /orders')).toBeGreaterThanOrEqual(0);
    expect(sent.indexOf('GET /orders')).toBeLessThan(sent.indexOf('POST /orders/regular'));
    expect(atKiteTagged('lost-on-the-way-1')).toHaveLength(1);
  });

  it("frees the key after Kite's 429 (nothing was placed): the same key then places once", async () => {
    const call = desk.symbol(desk.atm + 50, 'CE');
    stack.kite.control.setPrice(`NFO:${call}`, 70);
    stack.kite.control.answer429Next();
    const body = [desk.order(call, 'BUY', desk.lotSize)];
    const limited = await desk.place(body, {}, 'kite-429-1');
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ code: 'order_rate_limited' });
    expect(limited.headers['retry-after']).toBe('1');
    expect(atKiteTagged('kite-429-1')).toHaveLength(0);
    const retried = await desk.place(body, {}, 'kite-429-1');
    expect(retried.status).toBe(200);
    expect(atKiteTagged('kite-429-1')).toHaveLength(1);
  });

  it('is told outcome unknown when a cancel is lost, and the book then says what happened', async () => {
    const call = desk.symbol(desk.atm + 50, 'CE');
    const placed = await desk.place([desk.order(call, 'BUY', desk.lotSize, { order_type: 'LIMIT', price: 50 })]);
    const orderId = placed.body.orders[0]!.order_id;
    stack.network.failNext('DELETE', '/orders/regular');
    const lost = await desk.trade('cancelOrder', { order_ids: [orderId] });
    expect(lost.status).toBe(503);
    expect(lost.body).toMatchObject({ code: 'broker_outcome_unknown' });
    expect(desk.atKite(orderId)!.status).toBe('OPEN');
    const book = await desk.orderBook();
    expect(book.body.order_book.find((order) => order.order_id === orderId)!.status).toBe('OPEN');
  });
});

describe.each(testBackends)("Kite's limits counted in the database on %s", (backend) => {
  it('shares the orders-a-second limit between two server instances on one database, and refuses a basket whole', async () => {
    const database = await createTestDatabase(backend);
    const limits = { ...kiteLimits, ordersPerSecond: 3 };
    const stack = await startKiteStack(backend, { database, limits });
    try {
      const desk = await openKiteDesk(stack);
      const other = await startTestServer({
        backend,
        database,
        clock: stack.server.clock,
        secretKey: stack.secretKey,
        kite: { apiRoot: stack.kite.apiRoot, loginUrl: stack.kite.loginUrl, tickerUrl: stack.kite.tickerUrl },
        kiteClient: { limits },
      });
      try {
        stack.server.clock.advance(1000);
        const call = desk.symbol(desk.atm, 'CE');
        const basket = [desk.order(call, 'BUY', desk.lotSize), desk.order(call, 'BUY', desk.lotSize), desk.order(call, 'BUY', desk.lotSize), desk.order(call, 'BUY', desk.lotSize)];
        const tooMany = await desk.place(basket);
        expect(tooMany.status).toBe(429);
        expect(tooMany.body).toMatchObject({ code: 'order_rate_limited', message: 'Kite allows 3 orders a second: send at most 3 at once per account: nothing was sent. Try again in a second.' });
        expect(await desk.place([desk.order(call, 'BUY', desk.lotSize)])).toMatchObject({ status: 200 });
        expect(await desk.place([desk.order(call, 'BUY', desk.lotSize)])).toMatchObject({ status: 200 });
        // The second instance sees the two orders the first sent this second.
        const otherCall = guardedClient(other.app);
        const viaOther = (key: string) =>
          otherCall('placeTrades', {
            token: desk.token,
            body: { account_number: desk.accountNumber, orders: [desk.order(call, 'BUY', desk.lotSize), desk.order(call, 'BUY', desk.lotSize)] },
            headers: { 'idempotency-key': key },
          });
        const refused = await viaOther('second-instance-1');
        expect(refused.status).toBe(429);
        expect(refused.body).toMatchObject({ code: 'order_rate_limited', message: 'Kite allows 3 orders a second per account: nothing was sent. Try again in a second.' });
        stack.server.clock.advance(1000);
        expect((await viaOther('second-instance-2')).status).toBe(200);
        const { rows } = await database.query<{ count: string }>("SELECT count(*) AS count FROM kite_api_calls WHERE broker_account_id = $1 AND kind = 'order'", [desk.account.id]);
        expect(Number(rows[0]!.count)).toBe(4);
      } finally {
        await other.close();
      }
    } finally {
      await stack.close();
      await database.close();
    }
  });
});
