// Every order path of a live Kite account through the trading contract, against the Kite test server: place
// (tag on every order, market protection on MARKET and the LIMIT Kite made of it shown), an order above the
// freeze quantity as one autoslice call (paced and counted per child, each child reported, a refused child
// stopping the rest), Kite's refusals in its words, modify (counted),
// cancel (repeatable), square-off and stop-loss/target (one cancels the other, done by StrikeDesk).
import { describe, expect, it } from 'vitest';
import { kiteArrivalMarginMs } from '../../../server/services/brokers/kite-broker/kite-trading.ts';
import { testBackends } from '../support/test-database.ts';
import { useKiteDesk } from './kite-desk.ts';

describe.each(testBackends)('orders on a Kite account on %s', (backend) => {
  const live = useKiteDesk(backend);

  const alerts = async () =>
    (await live.stack.server.db.query<{ event: string; title: string; body: string }>('SELECT event, title, body FROM alerts WHERE broker_account_id = $1 AND category = $2 ORDER BY id', [live.desk.account.id, 'order'])).rows;

  it('places a MARKET order with its tag and market protection, and shows the LIMIT Kite turned it into', async () => {
    const call = live.desk.symbol(live.desk.atm, 'CE');
    live.stack.kite.control.setPrice(`NFO:${call}`, 120);
    const res = await live.desk.place([live.desk.order(call, 'BUY', live.desk.lotSize)], {}, 'entry-market-1');
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
      filled_quantity: live.desk.lotSize,
      average_price: 120,
      tag: 'entry-market-1',
      broker_status: null,
    });
    const atKite = live.desk.atKite(order!.order_id)!;
    expect(atKite).toMatchObject({ tag: 'entry-market-1', market_protection: -1, order_type: 'LIMIT' });
    expect(atKite.tags).toContain('mktp');
    // The trader is told the fill, once, however often the book is read.
    await live.desk.orderBook();
    await live.desk.orderBook();
    expect((await alerts()).filter((alert) => alert.body.includes(order!.order_id))).toEqual([
      { event: 'order_filled', title: `Bought ${live.desk.lotSize} ${call}`, body: `Bought ${live.desk.lotSize} ${call} at ₹120.00 (${live.desk.accountNumber}, order ${order!.order_id})` },
    ]);
  });

  const sliceSize = () => 1800 - (1800 % live.desk.lotSize);
  const placeCallsTagged = (tag: string) => live.stack.kite.control.placeCalls().filter((call) => call.tag === tag);
  const sendsCounted = async () =>
    Number((await live.stack.server.db.query<{ count: string }>('SELECT count(*) AS count FROM order_sends WHERE broker_account_id = $1', [live.desk.account.id])).rows[0]!.count);

  it('sends an order of 3× the freeze quantity to Kite as one autoslice call: three children, each its own order, each counted', async () => {
    const put = live.desk.symbol(live.desk.atm, 'PE');
    live.stack.kite.control.setPrice(`NFO:${put}`, 80);
    const counted = await sendsCounted();
    const res = await live.desk.place([live.desk.order(put, 'BUY', 3 * sliceSize(), { order_type: 'LIMIT', price: 75 })], {}, 'autoslice-3x');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // One request to Kite, with autoslice, for the whole quantity.
    expect(placeCallsTagged('autoslice-3x')).toEqual([{ tag: 'autoslice-3x', quantity: 3 * sliceSize(), autoslice: true }]);
    // Its three children, each its own order of the intent with Kite's parent id.
    const children = res.body.orders;
    const parent = children[0]!.parent_order_id;
    expect(parent).toMatch(/^\d+$/);
    expect(children.map((order) => [order.quantity, order.status, order.parent_order_id, order.tag])).toEqual([
      [sliceSize(), 'OPEN', parent, 'autoslice-3x'],
      [sliceSize(), 'OPEN', parent, 'autoslice-3x'],
      [sliceSize(), 'OPEN', parent, 'autoslice-3x'],
    ]);
    expect(new Set(children.map((order) => order.order_id)).size).toBe(3);
    for (const child of children) expect(live.desk.atKite(child.order_id)!.tags).toEqual(['autoslice-3x', 'autoslice', `autoslice:${parent}`]);
    const book = await live.desk.orderBook();
    const inBook = book.body.order_book.filter((order) => order.tag === 'autoslice-3x');
    expect(inBook.map((order) => order.order_id).sort()).toEqual(children.map((order) => order.order_id).sort());
    expect(inBook.every((order) => order.parent_order_id === parent)).toBe(true);
    // The rate counter was charged one order per child, for the one call.
    expect((await sendsCounted()) - counted).toBe(3);
  });

  it('waits until the second has room for every child of an autoslice call, then sends it once', async () => {
    const call = live.desk.symbol(live.desk.atm + 50, 'CE');
    live.stack.kite.control.setPrice(`NFO:${call}`, 60);
    // Eight orders went out this second: room for two more, and the call has three children. Kite's window is
    // a second and a quarter (it stamps on arrival): the test before's orders are left out of it first.
    live.stack.server.clock.advance(kiteArrivalMarginMs);
    const now = live.stack.server.clock.now();
    await live.stack.server.db.query(`INSERT INTO order_sends (broker_account_id, sent_at, trading_day) SELECT $1, $2, '2026-11-20'::date FROM generate_series(1, 8)`, [
      live.desk.account.id,
      now,
    ]);
    const res = await live.desk.place([live.desk.order(call, 'BUY', 3 * sliceSize(), { order_type: 'LIMIT', price: 55 })], {}, 'autoslice-paced');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.orders.map((order) => order.status)).toEqual(['OPEN', 'OPEN', 'OPEN']);
    expect(placeCallsTagged('autoslice-paced')).toHaveLength(1);
    const { rows } = await live.stack.server.db.query<{ sent_at: Date }>('SELECT sent_at FROM order_sends WHERE broker_account_id = $1 AND sent_at > $2 ORDER BY sent_at', [
      live.desk.account.id,
      now,
    ]);
    // The three children were counted together, a second and Kite's margin after the eight.
    expect(rows).toHaveLength(3);
    expect(new Set(rows.map((row) => new Date(row.sent_at).getTime())).size).toBe(1);
    expect(new Date(rows[0]!.sent_at).getTime()).toBeGreaterThanOrEqual(now.getTime() + 1000 + kiteArrivalMarginMs);
  });

  it("reports a child Kite's autoslice refused in Kite's words, keeps the children Kite placed, and sends no later leg", async () => {
    const [put, call] = [live.desk.symbol(live.desk.atm - 50, 'PE'), live.desk.symbol(live.desk.atm - 50, 'CE')];
    live.stack.kite.control.setPrice(`NFO:${put}`, 70);
    live.stack.kite.control.failAutosliceChild(1, 'MarginException', 'Insufficient funds.');
    const basket = [live.desk.order(put, 'BUY', 3 * sliceSize(), { order_type: 'LIMIT', price: 65 }), live.desk.order(call, 'SELL', live.desk.lotSize)];
    const res = await live.desk.place(basket, {}, 'autoslice-refused');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const orders = res.body.orders;
    expect(orders.map((order) => [order.tradingsymbol, order.quantity, order.status, order.status_message])).toEqual([
      [put, sliceSize(), 'OPEN', null],
      [put, sliceSize(), 'REJECTED', `Kite refused the order for ${put}: Insufficient funds.`],
      [put, sliceSize(), 'OPEN', null],
      [call, live.desk.lotSize, 'REJECTED', 'Not sent: an earlier order of this basket was refused.'],
    ]);
    const parent = orders[0]!.parent_order_id;
    expect(orders.slice(0, 3).every((order) => order.parent_order_id === parent)).toBe(true);
    expect(orders[1]!.order_id).toMatch(/^SD[0-9A-F]{12}$/);
    // Kite holds the two children it placed; the call leg never reached Kite.
    expect(live.stack.kite.control.orders().filter((order) => order!.tag === 'autoslice-refused').map((order) => order!.tradingsymbol)).toEqual([put, put]);
    expect(placeCallsTagged('autoslice-refused')).toHaveLength(1);
    const book = await live.desk.orderBook();
    expect(book.body.order_book.filter((order) => order.tag === 'autoslice-refused').map((order) => order.status).sort()).toEqual(['OPEN', 'OPEN', 'REJECTED', 'REJECTED']);
  });

  it('refuses an order that would need more than 10 slices, placing nothing', async () => {
    const res = await live.desk.place([live.desk.order(live.desk.symbol(live.desk.atm, 'PE'), 'BUY', 10 * sliceSize() + live.desk.lotSize)], {}, 'eleven-slices');
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 'too_many_orders', field: 'quantity' });
    expect(res.body.message).toContain('at most 10');
    expect(placeCallsTagged('eleven-slices')).toEqual([]);
  });

  it("answers Kite's refusal at the door in Kite's words, placing nothing", async () => {
    const res = await live.desk.place([live.desk.order(live.desk.symbol(live.desk.atm, 'CE'), 'BUY', live.desk.lotSize + 1)]);
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 'order_refused', message: `Kite refused the order for ${live.desk.symbol(live.desk.atm, 'CE')}: Quantity should be a multiple of lot size ${live.desk.lotSize}.` });
    // Coded too: Kite's words as they are, inside a sentence the app says in the trader's language.
    expect((res.body as unknown as { details: { text: unknown } }).details.text).toEqual({
      code: 'kite.refused',
      params: {
        what: { code: 'kite.call', params: { call: 'order', tradingsymbol: live.desk.symbol(live.desk.atm, 'CE') } },
        error_type: 'InputException',
        message: `Quantity should be a multiple of lot size ${live.desk.lotSize}.`,
      },
    });
  });

  it('stops a basket at an order Kite refused once another was placed: the refused one and the rest reported, not sent', async () => {
    const [call, put] = [live.desk.symbol(live.desk.atm, 'CE'), live.desk.symbol(live.desk.atm, 'PE')];
    const basket = [live.desk.order(put, 'BUY', live.desk.lotSize), live.desk.order(call, 'SELL', live.desk.lotSize + 1), live.desk.order(call, 'SELL', live.desk.lotSize)];
    const res = await live.desk.place(basket, {}, 'half-basket-1');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe('1 order placed, 2 rejected');
    expect(res.body.orders.map((order) => [order.tradingsymbol, order.status, order.status_message])).toEqual([
      [put, 'COMPLETE', null],
      [call, 'REJECTED', `Kite refused the order for ${call}: Quantity should be a multiple of lot size ${live.desk.lotSize}.`],
      [call, 'REJECTED', 'Not sent: an earlier order of this basket was refused.'],
    ]);
    expect(res.body.orders.slice(1).every((order) => /^SD[0-9A-F]{12}$/.test(order.order_id))).toBe(true);
    expect(res.body.orders[1]!.status_message_i18n).toMatchObject({ code: 'kite.refused', params: { message: `Quantity should be a multiple of lot size ${live.desk.lotSize}.` } });
    expect(live.stack.kite.control.orders().filter((order) => order!.tag === 'half-basket-1')).toHaveLength(1);
  });

  it("records each slice of an autoslice call Kite refused whole with Kite's words coded, as a single refusal is (issue 24)", async () => {
    const [call, put] = [live.desk.symbol(live.desk.atm, 'CE'), live.desk.symbol(live.desk.atm, 'PE')];
    const basket = [live.desk.order(put, 'BUY', live.desk.lotSize), live.desk.order(call, 'SELL', 2 * sliceSize())];
    // The first placement goes through; Kite refuses the second call, the autoslice one, at the door.
    live.stack.kite.control.refusePlacement(1, 'MarginException', 'Insufficient funds.');
    const res = await live.desk.place(basket, {}, 'autoslice-refused-whole');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const refused = res.body.orders.filter((order) => order.status === 'REJECTED');
    expect(refused.length, JSON.stringify(res.body.orders.map((order) => [order.quantity, order.status, order.status_message]))).toBeGreaterThan(1);
    for (const order of refused) {
      expect(order.status_message).toMatch(/^Kite refused the order for /);
      expect(order.status_message_i18n).toMatchObject({ code: 'kite.refused', params: { error_type: 'MarginException', message: 'Insufficient funds.' } });
    }
  });

  it("shows an order Kite's risk check rejected, with Kite's message, and tells the trader", async () => {
    live.stack.kite.control.setMargins(live.desk.input.api_key, 1000);
    const call = live.desk.symbol(live.desk.atm + 50, 'CE');
    const res = await live.desk.place([live.desk.order(call, 'SELL', live.desk.lotSize)]);
    live.stack.kite.control.setMargins(live.desk.input.api_key, 500_000);
    expect(res.status).toBe(200);
    const [order] = res.body.orders;
    expect(order!.status).toBe('REJECTED');
    expect(order!.status_message).toMatch(/^Insufficient funds\. Required margin is [\d.]+ but available margin is 1000\.00\.$/);
    expect((await alerts()).at(-1)).toMatchObject({ event: 'order_rejected', title: `Order rejected: SELL ${live.desk.lotSize} ${call}` });
  });

  it('modifies a working order (counted) and cancels it, a second cancel answering it as it is', async () => {
    const call = live.desk.symbol(live.desk.atm - 50, 'CE');
    live.stack.kite.control.setPrice(`NFO:${call}`, 150);
    const placed = await live.desk.place([live.desk.order(call, 'BUY', live.desk.lotSize, { order_type: 'LIMIT', price: 140 })]);
    const orderId = placed.body.orders[0]!.order_id;
    expect(placed.body.orders[0]!.status).toBe('OPEN');
    const modified = await live.desk.trade('modifyOrder', { order_id: orderId, price: 141.5 });
    expect(modified.status, JSON.stringify(modified.body)).toBe(200);
    expect(modified.body.orders[0]).toMatchObject({ order_id: orderId, price: 141.5, modifications: 1, status: 'OPEN' });
    expect(live.desk.atKite(orderId)!.price).toBe(141.5);
    const cancelled = await live.desk.trade('cancelOrder', { order_ids: [orderId] });
    expect(cancelled.body.orders[0]).toMatchObject({ order_id: orderId, status: 'CANCELLED', cancelled_quantity: live.desk.lotSize });
    const again = await live.desk.trade('cancelOrder', { order_ids: [orderId] });
    expect(again.status).toBe(200);
    expect(again.body.orders[0]!.status).toBe('CANCELLED');
    const modifyFinal = await live.desk.trade('modifyOrder', { order_id: orderId, price: 142 });
    expect(modifyFinal.status).toBe(422);
    expect(modifyFinal.body).toMatchObject({
      code: 'order_not_working',
      details: { text: { code: 'refusal.order_not_working', params: { order_id: orderId, status: 'CANCELLED' } } },
    });
  });

  it('squares a position off to zero; a second square-off places nothing', async () => {
    const put = live.desk.symbol(live.desk.atm + 100, 'PE');
    live.stack.kite.control.setPrice(`NFO:${put}`, 200);
    const bought = await live.desk.place([live.desk.order(put, 'BUY', 2 * live.desk.lotSize)]);
    expect(bought.body.orders[0]!.status).toBe('COMPLETE');
    const body = { positions: [{ exchange: 'NFO', tradingsymbol: put, product: 'NRML' }] };
    const squared = await live.desk.trade('squareoffTrades', body);
    expect(squared.status, JSON.stringify(squared.body)).toBe(200);
    expect(squared.body.orders).toHaveLength(1);
    expect(squared.body.orders[0]).toMatchObject({ transaction_type: 'SELL', quantity: 2 * live.desk.lotSize, status: 'COMPLETE', converted_to_limit: true });
    const book = await live.desk.positionBook();
    expect(book.body.position_book.status).toBe('OK');
    expect(book.body.position_book.net.find((position) => position.tradingsymbol === put)?.quantity).toBe(0);
    const again = await live.desk.trade('squareoffTrades', body);
    expect(again.body.orders).toEqual([]);
  });

  it('pairs a stop-loss with a target; when the target fills, StrikeDesk cancels the stop-loss', async () => {
    const call = live.desk.symbol(live.desk.atm + 100, 'CE');
    live.stack.kite.control.setPrice(`NFO:${call}`, 100);
    await live.desk.place([live.desk.order(call, 'BUY', live.desk.lotSize)]);
    const stop = await live.desk.trade('placeStopLossOrder', live.desk.order(call, 'SELL', live.desk.lotSize, { order_type: 'SL', price: 89.5, trigger_price: 90 }));
    expect(stop.status, JSON.stringify(stop.body)).toBe(200);
    expect(stop.body.orders[0]).toMatchObject({ status: 'TRIGGER PENDING', order_type: 'SL' });
    const targetOf = (quantity: number) => {
      const { order_type: _market, ...body } = live.desk.order(call, 'SELL', quantity, { price: 130 });
      return body;
    };
    const target = await live.desk.trade('placeTargetOrder', targetOf(live.desk.lotSize));
    expect(target.status, JSON.stringify(target.body)).toBe(200);
    expect(target.body.orders[0]).toMatchObject({ status: 'OPEN', order_type: 'LIMIT', price: 130 });
    const tooMuch = await live.desk.trade('placeTargetOrder', targetOf(2 * live.desk.lotSize));
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body).toMatchObject({ code: 'order_not_reducing', details: { text: { code: 'refusal.not_reducing', params: { kind: 'target', most: live.desk.lotSize } } } });

    // Kite fills the target and knows nothing of the pair: the stop-loss is still working there.
    live.stack.kite.control.setPrice(`NFO:${call}`, 131);
    expect(live.desk.atKite(stop.body.orders[0]!.order_id)!.status).toBe('TRIGGER PENDING');
    const book = await live.desk.orderBook();
    const byId = new Map(book.body.order_book.map((order) => [order.order_id, order]));
    expect(byId.get(target.body.orders[0]!.order_id)!.status).toBe('COMPLETE');
    // Seeing the fill, StrikeDesk cancelled its partner at Kite.
    expect(live.desk.atKite(stop.body.orders[0]!.order_id)!.status).toBe('CANCELLED');
    expect(byId.get(stop.body.orders[0]!.order_id)!.status).toBe('CANCELLED');
    expect((await alerts()).at(-1)).toMatchObject({ event: 'target_hit', title: `Target hit: ${call}` });
  });
});
