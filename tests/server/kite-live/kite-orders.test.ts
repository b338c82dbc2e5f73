// Every order path of a live Kite account through the trading contract, against the Kite test server: place
// (tag on every order, market protection on MARKET and the LIMIT Kite made of it shown), slices at the freeze
// quantity each reported and a refused one stopping the rest, Kite's refusals in its words, modify (counted),
// cancel (repeatable), square-off and stop-loss/target (one cancels the other, done by StrikeDesk).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testBackends } from '../support/test-database.ts';
import { openKiteDesk, startKiteStack, type KiteDesk, type KiteStack } from './kite-desk.ts';

describe.each(testBackends)('orders on a Kite account on %s', (backend) => {
  let stack: KiteStack;
  let desk: KiteDesk;

  beforeAll(async () => {
    stack = await startKiteStack(backend);
    desk = await openKiteDesk(stack);
  });

  afterAll(async () => {
    await stack.close();
  });

  // Each test in a second of its own: Kite's 10 orders a second are counted on the shared clock.
  beforeEach(() => {
    stack.server.clock.advance(1000);
  });

  const alerts = async () =>
    (await stack.server.db.query<{ event: string; title: string; body: string }>('SELECT event, title, body FROM alerts WHERE broker_account_id = $1 AND category = $2 ORDER BY id', [desk.account.id, 'order'])).rows;

  it('places a MARKET order with its tag and market protection, and shows the LIMIT Kite turned it into', async () => {
    const call = desk.symbol(desk.atm, 'CE');
    stack.kite.control.setPrice(`NFO:${call}`, 120);
    const res = await desk.place([desk.order(call, 'BUY', desk.lotSize)], {}, 'entry-market-1');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [order] = res.body.orders;
    expect(order).toMatchObject({
      tradingsymbol: call,
      transaction_type: 'BUY',
      order_type: 'LIMIT',
      converted_to_limit: true,
      market_protection: -1,
      // Kite's automatic protection (2 % on the test server) above the last price, on the tick.
      price: 122.4,
      status: 'COMPLETE',
      filled_quantity: desk.lotSize,
      average_price: 120,
      tag: 'entry-market-1',
      broker_status: null,
    });
    const atKite = desk.atKite(order!.order_id)!;
    expect(atKite).toMatchObject({ tag: 'entry-market-1', market_protection: -1, order_type: 'LIMIT' });
    expect(atKite.tags).toContain('mktp');
    // The trader is told the fill, once, however often the book is read.
    await desk.orderBook();
    await desk.orderBook();
    expect((await alerts()).filter((alert) => alert.body.includes(order!.order_id))).toEqual([
      { event: 'order_filled', title: `Bought ${desk.lotSize} ${call}`, body: `Bought ${desk.lotSize} ${call} at ₹120.00 (${desk.accountNumber}, order ${order!.order_id})` },
    ]);
  });

  it('slices an order above the freeze quantity, each slice its own order; a slice Kite refuses stops the rest, each reported', async () => {
    const put = desk.symbol(desk.atm, 'PE');
    stack.kite.control.setPrice(`NFO:${put}`, 80);
    stack.kite.control.refusePlacement(1, 'MarginException', 'Insufficient funds.');
    const sliceSize = 1800 - (1800 % desk.lotSize);
    const quantity = 2 * sliceSize + desk.lotSize;
    const res = await desk.place([desk.order(put, 'BUY', quantity, { order_type: 'LIMIT', price: 75 })], {}, 'sliced-1');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const slices = res.body.orders;
    expect(slices.map((order) => [order.quantity, order.status, order.status_message])).toEqual([
      [sliceSize, 'OPEN', null],
      [sliceSize, 'REJECTED', `Kite refused the order for ${put}: Insufficient funds.`],
      [desk.lotSize, 'REJECTED', 'Not sent: an earlier order of this basket was refused.'],
    ]);
    expect(slices[0]).toMatchObject({ tag: 'sliced-1', order_type: 'LIMIT', price: 75 });
    // Only the first slice reached Kite, without autoslice: StrikeDesk numbers and paces each slice itself.
    const atKite = stack.kite.control.orders().filter((order) => order!.tag === 'sliced-1');
    expect(atKite.map((order) => order!.quantity)).toEqual([sliceSize]);
    expect(atKite[0]!.tags).not.toContain('autoslice');
    const book = await desk.orderBook();
    expect(book.body.order_book.filter((order) => order.tag === 'sliced-1').map((order) => order.status).sort()).toEqual(['OPEN', 'REJECTED', 'REJECTED']);
  });

  it('refuses an order that would need more than 10 slices, placing nothing', async () => {
    const sliceSize = 1800 - (1800 % desk.lotSize);
    const res = await desk.place([desk.order(desk.symbol(desk.atm, 'PE'), 'BUY', 10 * sliceSize + desk.lotSize)]);
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 'too_many_orders', field: 'quantity' });
    expect(res.body.message).toContain('at most 10');
  });

  it("answers Kite's refusal at the door in Kite's words, placing nothing", async () => {
    const res = await desk.place([desk.order(desk.symbol(desk.atm, 'CE'), 'BUY', desk.lotSize + 1)]);
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 'order_refused', message: `Kite refused the order for ${desk.symbol(desk.atm, 'CE')}: Quantity should be a multiple of lot size ${desk.lotSize}.` });
  });

  it('stops a basket at an order Kite refused once another was placed: the refused one and the rest reported, not sent', async () => {
    const [call, put] = [desk.symbol(desk.atm, 'CE'), desk.symbol(desk.atm, 'PE')];
    const basket = [desk.order(put, 'BUY', desk.lotSize), desk.order(call, 'SELL', desk.lotSize + 1), desk.order(call, 'SELL', desk.lotSize)];
    const res = await desk.place(basket, {}, 'half-basket-1');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe('1 order placed, 2 rejected');
    expect(res.body.orders.map((order) => [order.tradingsymbol, order.status, order.status_message])).toEqual([
      [put, 'COMPLETE', null],
      [call, 'REJECTED', `Kite refused the order for ${call}: Quantity should be a multiple of lot size ${desk.lotSize}.`],
      [call, 'REJECTED', 'Not sent: an earlier order of this basket was refused.'],
    ]);
    expect(res.body.orders.slice(1).every((order) => /^SD[0-9A-F]{12}$/.test(order.order_id))).toBe(true);
    expect(stack.kite.control.orders().filter((order) => order!.tag === 'half-basket-1')).toHaveLength(1);
  });

  it("shows an order Kite's risk check rejected, with Kite's message, and tells the trader", async () => {
    stack.kite.control.setMargins(desk.input.api_key, 1000);
    const call = desk.symbol(desk.atm + 50, 'CE');
    const res = await desk.place([desk.order(call, 'SELL', desk.lotSize)]);
    stack.kite.control.setMargins(desk.input.api_key, 500_000);
    expect(res.status).toBe(200);
    const [order] = res.body.orders;
    expect(order!.status).toBe('REJECTED');
    expect(order!.status_message).toMatch(/^Insufficient funds\. Required margin is [\d.]+ but available margin is 1000\.00\.$/);
    expect((await alerts()).at(-1)).toMatchObject({ event: 'order_rejected', title: `Order rejected: SELL ${desk.lotSize} ${call}` });
  });

  it('modifies a working order (counted) and cancels it, a second cancel answering it as it is', async () => {
    const call = desk.symbol(desk.atm - 50, 'CE');
    stack.kite.control.setPrice(`NFO:${call}`, 150);
    const placed = await desk.place([desk.order(call, 'BUY', desk.lotSize, { order_type: 'LIMIT', price: 140 })]);
    const orderId = placed.body.orders[0]!.order_id;
    expect(placed.body.orders[0]!.status).toBe('OPEN');
    const modified = await desk.trade('modifyOrder', { order_id: orderId, price: 141.5 });
    expect(modified.status, JSON.stringify(modified.body)).toBe(200);
    expect(modified.body.orders[0]).toMatchObject({ order_id: orderId, price: 141.5, modifications: 1, status: 'OPEN' });
    expect(desk.atKite(orderId)!.price).toBe(141.5);
    const cancelled = await desk.trade('cancelOrder', { order_ids: [orderId] });
    expect(cancelled.body.orders[0]).toMatchObject({ order_id: orderId, status: 'CANCELLED', cancelled_quantity: desk.lotSize });
    const again = await desk.trade('cancelOrder', { order_ids: [orderId] });
    expect(again.status).toBe(200);
    expect(again.body.orders[0]!.status).toBe('CANCELLED');
    const modifyFinal = await desk.trade('modifyOrder', { order_id: orderId, price: 142 });
    expect(modifyFinal.status).toBe(422);
    expect(modifyFinal.body).toMatchObject({ code: 'order_not_working' });
  });

  it('squares a position off to zero; a second square-off places nothing', async () => {
    const put = desk.symbol(desk.atm + 100, 'PE');
    stack.kite.control.setPrice(`NFO:${put}`, 200);
    const bought = await desk.place([desk.order(put, 'BUY', 2 * desk.lotSize)]);
    expect(bought.body.orders[0]!.status).toBe('COMPLETE');
    const body = { positions: [{ exchange: 'NFO', tradingsymbol: put, product: 'NRML' }] };
    const squared = await desk.trade('squareoffTrades', body);
    expect(squared.status, JSON.stringify(squared.body)).toBe(200);
    expect(squared.body.orders).toHaveLength(1);
    expect(squared.body.orders[0]).toMatchObject({ transaction_type: 'SELL', quantity: 2 * desk.lotSize, status: 'COMPLETE', converted_to_limit: true });
    const book = await desk.positionBook();
    expect(book.body.position_book.status).toBe('OK');
    expect(book.body.position_book.net.find((position) => position.tradingsymbol === put)?.quantity).toBe(0);
    const again = await desk.trade('squareoffTrades', body);
    expect(again.body.orders).toEqual([]);
  });

  it('pairs a stop-loss with a target; when the target fills, StrikeDesk cancels the stop-loss', async () => {
    const call = desk.symbol(desk.atm + 100, 'CE');
    stack.kite.control.setPrice(`NFO:${call}`, 100);
    await desk.place([desk.order(call, 'BUY', desk.lotSize)]);
    const stop = await desk.trade('placeStopLossOrder', desk.order(call, 'SELL', desk.lotSize, { order_type: 'SL', price: 89.5, trigger_price: 90 }));
    expect(stop.status, JSON.stringify(stop.body)).toBe(200);
    expect(stop.body.orders[0]).toMatchObject({ status: 'TRIGGER PENDING', order_type: 'SL' });
    const targetOf = (quantity: number) => {
      const { order_type: _market, ...body } = desk.order(call, 'SELL', quantity, { price: 130 });
      return body;
    };
    const target = await desk.trade('placeTargetOrder', targetOf(desk.lotSize));
    expect(target.status, JSON.stringify(target.body)).toBe(200);
    expect(target.body.orders[0]).toMatchObject({ status: 'OPEN', order_type: 'LIMIT', price: 130 });
    const tooMuch = await desk.trade('placeTargetOrder', targetOf(2 * desk.lotSize));
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body).toMatchObject({ code: 'order_not_reducing' });

    // Kite fills the target and knows nothing of the pair: the stop-loss is still working there.
    stack.kite.control.setPrice(`NFO:${call}`, 131);
    expect(desk.atKite(stop.body.orders[0]!.order_id)!.status).toBe('TRIGGER PENDING');
    const book = await desk.orderBook();
    const byId = new Map(book.body.order_book.map((order) => [order.order_id, order]));
    expect(byId.get(target.body.orders[0]!.order_id)!.status).toBe('COMPLETE');
    // Seeing the fill, StrikeDesk cancelled its partner at Kite.
    expect(desk.atKite(stop.body.orders[0]!.order_id)!.status).toBe('CANCELLED');
    expect(byId.get(stop.body.orders[0]!.order_id)!.status).toBe('CANCELLED');
    expect((await alerts()).at(-1)).toMatchObject({ event: 'target_hit', title: `Target hit: ${call}` });
  });
});
