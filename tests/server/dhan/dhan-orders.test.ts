// Orders on a Dhan account through StrikeDesk's API, proven at the Dhan test server: placed with StrikeDesk's tag
// as Dhan's correlationId and the account's dhanClientId, modified and cancelled through Dhan; a placement whose
// answer was lost found in Dhan's book by its correlationId, once, and a retry never sending it again; a leg above
// the freeze quantity sent through Dhan's slicing, each slice carrying the tag; Dhan's 429 (DH-904) placing
// nothing, and StrikeDesk's own 10-a-second ceiling refusing the eleventh order before it leaves.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../support/test-database.ts';
import { openDhanDesk, placeOn, startDhanStack, type DhanDesk, type DhanStack } from './dhan-desk.ts';

describe.each(testBackends)('orders on a Dhan account on %s', (backend) => {
  let stack: DhanStack;
  let desk: DhanDesk;

  beforeAll(async () => {
    stack = await startDhanStack(backend);
    desk = await openDhanDesk(stack);
    expect((await desk.logIn()).status).toBe(200);
  });

  afterAll(async () => {
    await stack.close();
  });

  const atDhan = (correlationId: string) => stack.dhan.control.orders(desk.clientId).filter((order) => order.correlationId === correlationId);
  const writes = (path: string) => stack.dhan.control.orderWrites().filter((write) => write.path.startsWith(path));
  const resting = { tradingsymbol: 'NIFTY26JAN26000CE', transaction_type: 'BUY', order_type: 'LIMIT', product: 'NRML', quantity: 65, price: 90 } as const;

  it('places with its tag as the correlationId, then modifies and cancels through Dhan', async () => {
    stack.clock.advance(2000);
    stack.dhan.control.setLast('43919', 100);
    const placed = await placeOn(stack, desk, [resting], 'dhan-place-1');
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const [order] = placed.body.orders;
    expect(order).toMatchObject({ status: 'OPEN', tag: 'dhan-place-1', tradingsymbol: 'NIFTY26JAN26000CE', quantity: 65 });
    expect(writes('/v2/orders').at(-1)).toMatchObject({
      method: 'POST',
      path: '/v2/orders',
      body: { dhanClientId: desk.clientId, correlationId: 'dhan-place-1', securityId: '43919', exchangeSegment: 'NSE_FNO', productType: 'MARGIN', orderType: 'LIMIT', quantity: 65, price: 90, afterMarketOrder: false },
    });
    expect(atDhan('dhan-place-1').map((o) => o.orderId)).toEqual([order!.order_id]);

    stack.clock.advance(1000);
    const modified = await stack.call<{ orders: { status: string; price: number }[] }>('modifyOrder', { token: desk.token, body: { account_number: desk.account.account_number, order_id: order!.order_id, price: 95 }, headers: { 'idempotency-key': 'dhan-modify-1' } });
    expect(modified.status, JSON.stringify(modified.body)).toBe(200);
    expect(writes('/v2/orders/').at(-1)).toMatchObject({ method: 'PUT', path: `/v2/orders/${order!.order_id}`, body: { dhanClientId: desk.clientId, orderType: 'LIMIT', price: 95, quantity: 65 } });
    expect(atDhan('dhan-place-1')[0]).toMatchObject({ price: 95, orderStatus: 'PENDING' });

    stack.clock.advance(1000);
    const cancelled = await stack.call<{ orders: { status: string }[] }>('cancelOrder', { token: desk.token, body: { account_number: desk.account.account_number, order_ids: [order!.order_id] }, headers: { 'idempotency-key': 'dhan-cancel-1' } });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(writes('/v2/orders/').at(-1)).toMatchObject({ method: 'DELETE', path: `/v2/orders/${order!.order_id}` });
    expect(atDhan('dhan-place-1')[0]).toMatchObject({ orderStatus: 'CANCELLED' });
  });

  it('finds a placement whose answer was lost in Dhan’s book by its correlationId, and never sends it again', async () => {
    stack.clock.advance(2000);
    stack.dhan.control.dropNextPlaceAnswer();
    const lost = await placeOn(stack, desk, [resting], 'dhan-lost-1');
    expect(lost.status, JSON.stringify(lost.body)).toBe(200);
    expect(lost.body.orders.map((o) => [o.order_id, o.tag, o.status])).toEqual([[atDhan('dhan-lost-1')[0]!.orderId, 'dhan-lost-1', 'OPEN']]);
    stack.clock.advance(2000);
    const again = await placeOn(stack, desk, [resting], 'dhan-lost-1');
    expect(again.status).toBe(200);
    expect(again.body.orders.map((o) => o.order_id)).toEqual(lost.body.orders.map((o) => o.order_id));
    expect(atDhan('dhan-lost-1')).toHaveLength(1);
    expect(writes('/v2/orders').filter((write) => write.body.correlationId === 'dhan-lost-1')).toHaveLength(1);
  });

  it('sends a leg above the freeze quantity through Dhan’s slicing, each slice with the tag', async () => {
    stack.clock.advance(2000);
    // 28 lots of 65 (1,820) above NIFTY's 1,755: one slicing call, Dhan books 1,755 and 65.
    const sliced = await placeOn(stack, desk, [{ ...resting, quantity: 1820 }], 'dhan-sliced-1');
    expect(sliced.status, JSON.stringify(sliced.body)).toBe(200);
    expect(sliced.body.orders.map((o) => [o.quantity, o.status, o.tag])).toEqual([[1755, 'OPEN', 'dhan-sliced-1'], [65, 'OPEN', 'dhan-sliced-1']]);
    expect(writes('/v2/orders').filter((write) => write.body.correlationId === 'dhan-sliced-1').map((write) => [write.path, write.body.quantity])).toEqual([['/v2/orders/slicing', 1820]]);
    expect(atDhan('dhan-sliced-1').map((o) => o.quantity)).toEqual([1755, 65]);
  });

  it('answers Dhan’s 429 in its words, booking nothing', async () => {
    stack.clock.advance(2000);
    stack.dhan.control.answer429Next();
    const limited = await placeOn(stack, desk, [resting], 'dhan-429-1');
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ code: 'order_rate_limited', message: expect.stringMatching(/^Dhan's rate limit was reached/) });
    expect(atDhan('dhan-429-1')).toHaveLength(0);
  });

  it('refuses the eleventh order in a second itself, before it reaches Dhan', async () => {
    stack.clock.advance(5000);
    const answers: number[] = [];
    for (let index = 0; index < 11; index++) answers.push((await placeOn(stack, desk, [resting], `dhan-burst-${index}`)).status);
    expect(answers).toEqual([...Array<number>(10).fill(200), 429]);
    expect(atDhan('dhan-burst-10')).toHaveLength(0);
    expect(writes('/v2/orders').filter((write) => String(write.body.correlationId).startsWith('dhan-burst-'))).toHaveLength(10);
  });
});
