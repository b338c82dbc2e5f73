// Never placed twice, never retried blindly: a placement whose answer Kite dropped is found by its tag and
// answered as placed; a request that failed on the way is "outcome unknown", its Idempotency-Key held (409
// for the lease), and its retry after the lease looks the tag up at Kite before placing, once; Kite's 429
// placed nothing and frees the key. Each order of an intent is matched back by its number, so two identical
// orders of a basket are never taken for one another; the children of an autoslice call whose answer was lost
// are found by their tags, each once, and the call is never made again.
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

  const sliceSize = () => 1800 - (1800 % live.desk.lotSize);
  const placeCallsTagged = (tag: string) => live.stack.kite.control.placeCalls().filter((call) => call.tag === tag);
  const mirroredTagged = async (tag: string) =>
    (await live.stack.server.db.query<{ order_id: string; intent_slice: number | null }>('SELECT order_id, intent_slice FROM kite_orders WHERE broker_account_id = $1 AND tag = $2 ORDER BY intent_slice', [live.desk.account.id, tag])).rows;

  it("finds the children of an autoslice call whose answer was dropped by its tags, once each, and never calls again", async () => {
    const put = live.desk.symbol(live.desk.atm + 100, 'PE');
    live.stack.kite.control.setPrice(`NFO:${put}`, 90);
    live.stack.kite.control.dropNextPlaceAnswer();
    const body = [live.desk.order(put, 'BUY', 3 * sliceSize(), { order_type: 'LIMIT', price: 85 })];
    const res = await live.desk.place(body, {}, 'autoslice-dropped');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const atKite = atKiteTagged('autoslice-dropped');
    expect(atKite).toHaveLength(3);
    const parent = atKite[0]!.tags.find((tag) => tag.startsWith('autoslice:'))!.slice('autoslice:'.length);
    expect(res.body.orders.map((order) => [order.quantity, order.status, order.parent_order_id])).toEqual([
      [sliceSize(), 'OPEN', parent],
      [sliceSize(), 'OPEN', parent],
      [sliceSize(), 'OPEN', parent],
    ]);
    expect(res.body.orders.map((order) => order.order_id).sort()).toEqual(atKite.map((order) => order!.order_id).sort());
    expect((await mirroredTagged('autoslice-dropped')).map((row) => row.intent_slice)).toEqual([0, 1, 2]);
    expect(placeCallsTagged('autoslice-dropped')).toHaveLength(1);
    const again = await live.desk.place(body, {}, 'autoslice-dropped');
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(placeCallsTagged('autoslice-dropped')).toHaveLength(1);
    expect(atKiteTagged('autoslice-dropped')).toHaveLength(3);
  });

  it('reads a child missing from a dropped autoslice answer as not placed by Kite: never sent again, and no later leg goes', async () => {
    const [put, call] = [live.desk.symbol(live.desk.atm + 150, 'PE'), live.desk.symbol(live.desk.atm + 150, 'CE')];
    live.stack.kite.control.setPrice(`NFO:${put}`, 95);
    live.stack.kite.control.failAutosliceChild(2);
    live.stack.kite.control.dropNextPlaceAnswer();
    const basket = [live.desk.order(put, 'BUY', 3 * sliceSize(), { order_type: 'LIMIT', price: 90 }), live.desk.order(call, 'BUY', live.desk.lotSize)];
    const res = await live.desk.place(basket, {}, 'autoslice-short');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.orders.map((order) => [order.tradingsymbol, order.status, order.status_message])).toEqual([
      [put, 'OPEN', null],
      [put, 'OPEN', null],
      [put, 'REJECTED', 'Not placed: Kite made no order for this slice of the autosliced order. Check the order book before placing it again.'],
      [call, 'REJECTED', 'Not sent: an earlier order of this basket was refused.'],
    ]);
    expect(placeCallsTagged('autoslice-short')).toHaveLength(1);
    expect(atKiteTagged('autoslice-short')).toHaveLength(2);
  });

  it('holds the key when the book cannot be read after a dropped autoslice answer; the retry finds the children and sends nothing', async () => {
    const call = live.desk.symbol(live.desk.atm - 150, 'CE');
    live.stack.kite.control.setPrice(`NFO:${call}`, 100);
    live.stack.kite.control.dropNextPlaceAnswer();
    live.stack.network.failNext('GET', '/orders');
    const body = [live.desk.order(call, 'BUY', 2 * sliceSize() + live.desk.lotSize, { order_type: 'LIMIT', price: 95 })];
    const lost = await live.desk.place(body, {}, 'autoslice-unread');
    expect(lost.status).toBe(503);
    expect(lost.body).toMatchObject({ code: 'broker_outcome_unknown' });
    expect(atKiteTagged('autoslice-unread')).toHaveLength(3);
    live.stack.server.clock.advance(31_000);
    const retried = await live.desk.place(body, {}, 'autoslice-unread');
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    expect(retried.body.orders.map((order) => order.quantity)).toEqual([sliceSize(), sliceSize(), live.desk.lotSize]);
    expect(retried.body.orders.map((order) => order.order_id).sort()).toEqual(atKiteTagged('autoslice-unread').map((order) => order!.order_id).sort());
    expect(placeCallsTagged('autoslice-unread')).toHaveLength(1);
  });

  it('never sends again, on the retry, a slice whose autoslice call Kite took without a child for it', async () => {
    const put = live.desk.symbol(live.desk.atm - 150, 'PE');
    live.stack.kite.control.setPrice(`NFO:${put}`, 100);
    live.stack.kite.control.failAutosliceChild(0);
    live.stack.kite.control.dropNextPlaceAnswer();
    live.stack.network.failNext('GET', '/orders');
    const body = [live.desk.order(put, 'BUY', 2 * sliceSize() + live.desk.lotSize, { order_type: 'LIMIT', price: 95 })];
    const lost = await live.desk.place(body, {}, 'autoslice-retried');
    expect(lost.status).toBe(503);
    live.stack.server.clock.advance(31_000);
    const retried = await live.desk.place(body, {}, 'autoslice-retried');
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    expect(retried.body.orders.map((order) => [order.quantity, order.status])).toEqual([
      [sliceSize(), 'OPEN'],
      [sliceSize(), 'REJECTED'],
      [live.desk.lotSize, 'OPEN'],
    ]);
    expect(retried.body.orders[1]!.status_message).toMatch(/^Not placed: Kite made no order for this slice/);
    expect(placeCallsTagged('autoslice-retried')).toHaveLength(1);
    expect(atKiteTagged('autoslice-retried')).toHaveLength(2);
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
