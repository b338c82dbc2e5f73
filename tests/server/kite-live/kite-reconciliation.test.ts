// Never placed twice, never retried blindly: a placement whose answer Kite dropped is found by its tag and
// answered as placed; a request that failed on the way is "outcome unknown", its Idempotency-Key held (409
// for the lease), and its retry after the lease looks the tag up at Kite before placing, once; Kite's 429
// placed nothing and frees the key. Each order of an intent is matched back by its number, so two identical
// orders of a basket are never taken for one another.
import { describe, expect, it } from 'vitest';
import { testBackends } from '../support/test-database.ts';
import { useKiteDesk } from './kite-desk.ts';

describe.each(testBackends)('reconciliation on a Kite account on %s', (backend) => {
  const live = useKiteDesk(backend);

  const atKiteTagged = (tag: string) => live.stack.kite.control.orders().filter((order) => order!.tag === tag);

  it('finds a placement whose answer was dropped by its tag, and answers it as placed, once', async () => {
    const call = live.desk.symbol(live.desk.atm, 'CE');
    live.stack.kite.control.setPrice(`NFO:${call}`, 110);
    live.stack.kite.control.dropNextPlaceAnswer();
    const res = await live.desk.place([live.desk.order(call, 'BUY', live.desk.lotSize)], {}, 'dropped-answer-1');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.orders).toHaveLength(1);
    expect(res.body.orders[0]).toMatchObject({ tag: 'dropped-answer-1', status: 'COMPLETE', tradingsymbol: call });
    expect(atKiteTagged('dropped-answer-1')).toHaveLength(1);
    // The same key again is the stored answer, not a second order.
    const again = await live.desk.place([live.desk.order(call, 'BUY', live.desk.lotSize)], {}, 'dropped-answer-1');
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(atKiteTagged('dropped-answer-1')).toHaveLength(1);
  });

  it('holds the key of a request lost on the way, and its retry places it once, after looking for its tag', async () => {
    const put = live.desk.symbol(live.desk.atm, 'PE');
    live.stack.kite.control.setPrice(`NFO:${put}`, 90);
    live.stack.network.failNext('POST', '/orders/regular');
    const body = [live.desk.order(put, 'SELL', live.desk.lotSize)];
    const lost = await live.desk.place(body, {}, 'lost-on-the-way-1');
    expect(lost.status).toBe(503);
    expect(lost.body).toMatchObject({ code: 'broker_outcome_unknown' });
    expect(lost.headers['retry-after']).toBe('30');
    expect(atKiteTagged('lost-on-the-way-1')).toHaveLength(0);
    // Within the claim's lease: still running, nothing sent.
    const early = await live.desk.place(body, {}, 'lost-on-the-way-1');
    expect(early.status).toBe(409);
    live.stack.server.clock.advance(31_000);
    const calls = live.stack.network.calls().length;
    const retried = await live.desk.place(body, {}, 'lost-on-the-way-1');
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    expect(retried.body.orders[0]).toMatchObject({ tag: 'lost-on-the-way-1', status: 'COMPLETE' });
    // The book was read (by tag) before the order was sent.
    const sent = live.stack.network.calls().slice(calls);
    expect(sent.indexOf('GET /orders')).toBeGreaterThanOrEqual(0);
    expect(sent.indexOf('GET /orders')).toBeLessThan(sent.indexOf('POST /orders/regular'));
    expect(atKiteTagged('lost-on-the-way-1')).toHaveLength(1);
  });

  it("frees the key after Kite's 429 (nothing was placed): the same key then places once", async () => {
    const call = live.desk.symbol(live.desk.atm + 50, 'CE');
    live.stack.kite.control.setPrice(`NFO:${call}`, 70);
    live.stack.kite.control.answer429Next();
    const body = [live.desk.order(call, 'BUY', live.desk.lotSize)];
    const limited = await live.desk.place(body, {}, 'kite-429-1');
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ code: 'order_rate_limited' });
    expect(limited.headers['retry-after']).toBe('1');
    expect(atKiteTagged('kite-429-1')).toHaveLength(0);
    const retried = await live.desk.place(body, {}, 'kite-429-1');
    expect(retried.status).toBe(200);
    expect(atKiteTagged('kite-429-1')).toHaveLength(1);
  });

  it('matches a dropped answer to its number in the intent: two identical orders of a basket are placed once each', async () => {
    const call = live.desk.symbol(live.desk.atm - 50, 'PE');
    live.stack.kite.control.setPrice(`NFO:${call}`, 60);
    live.stack.kite.control.dropNextPlaceAnswer();
    const res = await live.desk.place([live.desk.order(call, 'BUY', live.desk.lotSize), live.desk.order(call, 'BUY', live.desk.lotSize)], {}, 'twin-orders-1');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const ids = res.body.orders.map((order) => order.order_id);
    expect(new Set(ids).size).toBe(2);
    expect(atKiteTagged('twin-orders-1').map((order) => order!.order_id).sort()).toEqual([...ids].sort());
  });

  it('finds a dropped answer by its tag on the retry when the book could not be read at once, and sends only the rest', async () => {
    const call = live.desk.symbol(live.desk.atm - 100, 'CE');
    live.stack.kite.control.setPrice(`NFO:${call}`, 140);
    live.stack.kite.control.dropNextPlaceAnswer();
    live.stack.network.failNext('GET', '/orders');
    const basket = [live.desk.order(call, 'BUY', live.desk.lotSize), live.desk.order(call, 'BUY', live.desk.lotSize)];
    const lost = await live.desk.place(basket, {}, 'unread-book-1');
    expect(lost.status).toBe(503);
    expect(lost.body).toMatchObject({ code: 'broker_outcome_unknown' });
    // Kite has the first order; StrikeDesk could not tell.
    expect(atKiteTagged('unread-book-1')).toHaveLength(1);
    live.stack.server.clock.advance(31_000);
    const retried = await live.desk.place(basket, {}, 'unread-book-1');
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    expect(retried.body.orders).toHaveLength(2);
    expect(atKiteTagged('unread-book-1')).toHaveLength(2);
    expect(retried.body.orders.map((order) => order.order_id).sort()).toEqual(atKiteTagged('unread-book-1').map((order) => order!.order_id).sort());
  });

  it('is told outcome unknown when a cancel is lost, and the book then says what happened', async () => {
    const call = live.desk.symbol(live.desk.atm + 50, 'CE');
    const placed = await live.desk.place([live.desk.order(call, 'BUY', live.desk.lotSize, { order_type: 'LIMIT', price: 50 })]);
    const orderId = placed.body.orders[0]!.order_id;
    live.stack.network.failNext('DELETE', '/orders/regular');
    const lost = await live.desk.trade('cancelOrder', { order_ids: [orderId] });
    expect(lost.status).toBe(503);
    expect(lost.body).toMatchObject({ code: 'broker_outcome_unknown' });
    expect(live.desk.atKite(orderId)!.status).toBe('OPEN');
    const book = await live.desk.orderBook();
    expect(book.body.order_book.find((order) => order.order_id === orderId)!.status).toBe('OPEN');
  });
});
