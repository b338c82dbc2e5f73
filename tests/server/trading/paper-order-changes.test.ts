// Changing a working paper order (order-changes.ts; issue 26, from the mutation run): a change of quantity or
// trigger alone is a change; an order no longer working, a contract without a price and a price outside the
// exchange's band are refused, naming the field; a triggered stop-loss is changed as the limit order it now is;
// nothing-to-modify names the field its order type ignores; and the AMO window holds only for orders the broker
// still holds, not for a day order left working, nor once the exchange has opened.
import { describe, expect, it } from 'vitest';
import { atInstant, quotedDeskPerTest, type Desk, type ScriptedMarket } from '../support/paper-desk.ts';
import { testBackends } from '../support/test-database.ts';
import type { TestServer } from '../support/test-server.ts';

type Refusal = { code: string; message: string; field?: string; details?: { text?: { code: string; params: Record<string, unknown> } } };

describe.each(testBackends)('changing a paper order on %s', (backend) => {
  let server: TestServer;
  let market: ScriptedMarket;
  let desk: Desk;
  let symbol: string;

  quotedDeskPerTest(backend, (started) => ({ server, market, desk, atmCall: symbol } = started));

  const modify = (orderId: string, changes: Record<string, unknown>) => desk.trade<{ orders: Array<{ status: string; quantity: number; trigger_price: number; price: number; modifications: number; order_type: string }> } & Refusal>('modifyOrder', { order_id: orderId, ...changes });
  const bookOrder = async (orderId: string) => (await desk.orderBook()).order_book.find((order) => order.order_id === orderId)!;

  it('takes a change of the quantity alone, and of the trigger alone, each as a modification', async () => {
    const limit = await desk.place(symbol, 'BUY', 130, { order_type: 'LIMIT', price: 100 });
    const smaller = await modify(limit.order_id, { quantity: 65 });
    expect(smaller.status, JSON.stringify(smaller.body)).toBe(200);
    expect(smaller.body.orders[0]).toMatchObject({ quantity: 65, price: 100, modifications: 1, status: 'OPEN' });
    const stop = await desk.place(symbol, 'BUY', 65, { order_type: 'SL', trigger_price: 125, price: 126 });
    const raised = await modify(stop.order_id, { trigger_price: 125.5 });
    expect(raised.status, JSON.stringify(raised.body)).toBe(200);
    expect(raised.body.orders[0]).toMatchObject({ trigger_price: 125.5, price: 126, modifications: 1, status: 'TRIGGER PENDING' });
  });

  it('refuses to change an order that is no longer working, saying its state', async () => {
    const filled = await desk.place(symbol, 'BUY', 65);
    expect(filled.status).toBe('COMPLETE');
    const res = await modify(filled.order_id, { quantity: 130 });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 'order_not_working', field: 'order_id', details: { text: { params: { order_id: filled.order_id, status: 'COMPLETE' } } } });
  });

  it('refuses a change while the contract has no price, and a price outside the band naming the price', async () => {
    const limit = await desk.place(symbol, 'BUY', 65, { order_type: 'LIMIT', price: 100 });
    market.unset(symbol);
    const unpriced = await modify(limit.order_id, { price: 101 });
    expect(unpriced.status).toBe(400);
    expect(unpriced.body).toMatchObject({ code: 'validation_failed', message: expect.stringContaining(`No price for ${symbol}`) });
    market.set(symbol, { bid: 120, ask: 120.5, last: 120.25, close: 110 });
    // NSE's limit price protection: at most 40 % above the last price of ₹120.25.
    const beyond = await modify(limit.order_id, { price: 200 });
    expect(beyond.status).toBe(422);
    expect(beyond.body).toMatchObject({ code: 'order_refused', field: 'price' });
    const notWholeLots = await modify(limit.order_id, { quantity: 70 });
    expect(notWholeLots.status).toBe(422);
    expect(notWholeLots.body.code).toBe('order_refused');
    expect(notWholeLots.body.field).toBeUndefined();
    expect(await bookOrder(limit.order_id)).toMatchObject({ price: 100, quantity: 65, modifications: 0 });
  });

  it('changes a triggered stop-loss as the limit order it now works as: its trigger, now under the last price, is not checked again', async () => {
    const stop = await desk.place(symbol, 'BUY', 65, { order_type: 'SL', trigger_price: 125, price: 126 });
    market.set(symbol, { bid: 126, ask: 127, last: 125.5 });
    await desk.tick();
    expect(await bookOrder(stop.order_id)).toMatchObject({ status: 'OPEN', order_type: 'SL', filled_quantity: 0 });
    const res = await modify(stop.order_id, { price: 126.5 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.orders[0]).toMatchObject({ status: 'OPEN', order_type: 'SL', price: 126.5, trigger_price: 125 });
    const marketable = await modify(stop.order_id, { price: 127 });
    expect(marketable.body.orders[0]).toMatchObject({ status: 'COMPLETE', average_price: 127 });
  });

  it('names what an order type ignores when nothing would change, and nothing for a stop-loss given its own values', async () => {
    const stop = await desk.place(symbol, 'BUY', 65, { order_type: 'SL', trigger_price: 125, price: 126 });
    const same = await modify(stop.order_id, { trigger_price: 125, price: 126 });
    expect(same.status).toBe(422);
    expect(same.body).toMatchObject({ code: 'nothing_to_modify', details: { text: { params: { ignored: 'none', order_type: 'SL' } } } });
    expect(same.body.field).toBeUndefined();
    await atInstant({ server, market }, '2026-11-20T18:00:00+05:30', async () => {
      market.open(false, { nextOpen: new Date('2026-11-23T03:45:00Z'), closedAt: new Date('2026-11-20T10:00:00Z') });
      const held = await desk.place(symbol, 'BUY', 65);
      expect(held).toMatchObject({ status: 'OPEN', variety: 'amo', order_type: 'MARKET' });
      const priced = await modify(held.order_id, { price: 121 });
      expect(priced.status).toBe(422);
      expect(priced.body).toMatchObject({ code: 'nothing_to_modify', field: 'price', details: { text: { params: { ignored: 'price', order_type: 'MARKET' } } } });
    });
  });

  it('holds the AMO window to orders the broker still holds: a day order left working after the close is cancelled at once', async () => {
    const limit = await desk.place(symbol, 'BUY', 65, { order_type: 'LIMIT', price: 100 });
    await atInstant({ server, market }, '2026-11-20T15:35:00+05:30', async () => {
      market.open(false, { nextOpen: new Date('2026-11-23T03:45:00Z'), closedAt: new Date('2026-11-20T10:00:00Z') });
      const cancelled = await desk.trade('cancelOrder', { order_ids: [limit.order_id] });
      expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
      expect(cancelled.body.orders[0]).toMatchObject({ order_id: limit.order_id, status: 'CANCELLED' });
    });
  });

  it('says when a held AMO can be changed again, and takes the change once the exchange has opened, before the AMO is sent', async () => {
    let held = '';
    await atInstant({ server, market }, '2026-11-20T18:00:00+05:30', async () => {
      market.open(false, { nextOpen: new Date('2026-11-23T03:45:00Z'), closedAt: new Date('2026-11-20T10:00:00Z') });
      held = (await desk.place(symbol, 'BUY', 65, { order_type: 'LIMIT', price: 100 })).order_id;
    });
    await atInstant({ server, market }, '2026-11-23T09:12:00+05:30', async () => {
      market.open(false, { nextOpen: new Date('2026-11-23T03:45:00Z'), closedAt: null });
      await desk.logIn();
      const refused = await modify(held, { price: 101 });
      expect(refused.status).toBe(422);
      expect(refused.body).toMatchObject({ code: 'order_refused', field: 'order_id', details: { text: { params: { order_id: held, verb: 'modified', again: 'at_open', time: '09:15' } } } });
    });
    await atInstant({ server, market }, '2026-11-23T09:15:00+05:30', async () => {
      await desk.logIn();
      const taken = await modify(held, { price: 101 });
      expect(taken.status, JSON.stringify(taken.body)).toBe(200);
      expect(taken.body.orders[0]).toMatchObject({ price: 101, modifications: 1 });
    });
  });
});
