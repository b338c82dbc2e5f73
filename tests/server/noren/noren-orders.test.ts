// Orders on a Shoonya or Flattrade account through StrikeDesk's API, proven at the Noren test server: placed with
// StrikeDesk's tag as Noren's `remarks` and the account's uid, modified and cancelled through Noren; a placement
// whose answer was lost found in the order book by its remarks, once, and a retry never sending it again; a leg
// above the freeze quantity sent as one PlaceOrder a slice, each with the tag (Noren slices nothing itself); the
// broker's 429 placing nothing, and StrikeDesk's own 10-a-second ceiling refusing the eleventh order before it
// leaves.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../support/test-database.ts';
import { flavors, openNorenDesk, placeOn, startNorenStack, type NorenDesk, type NorenStack } from './noren-desk.ts';

const names = { shoonya: 'Shoonya', flattrade: 'Flattrade' } as const;

describe.each(testBackends.flatMap((backend) => flavors.map((flavor) => [backend, flavor] as const)))('orders on a Noren account on %s, %s', (backend, flavor) => {
  let stack: NorenStack;
  let desk: NorenDesk;

  beforeAll(async () => {
    stack = await startNorenStack(backend, flavor);
    desk = await openNorenDesk(stack);
    expect((await desk.logIn()).status).toBe(200);
  });

  afterAll(async () => {
    await stack.close();
  });

  const atBroker = (remarks: string) => stack.noren.control.orders(desk.userId).filter((order) => order.remarks === remarks);
  const writes = (name: string) => stack.noren.control.orderWrites().filter((write) => write.name === name);
  const resting = { tradingsymbol: 'NIFTY26JAN26000CE', transaction_type: 'BUY', order_type: 'LIMIT', product: 'NRML', quantity: 65, price: 90 } as const;

  it('places with its tag as remarks, then modifies and cancels through the broker', async () => {
    stack.clock.advance(2000);
    stack.noren.control.setLast('43919', 100);
    const placed = await placeOn(stack, desk, [resting], 'noren-place-1');
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const [order] = placed.body.orders;
    expect(order).toMatchObject({ status: 'OPEN', tag: 'noren-place-1', tradingsymbol: 'NIFTY26JAN26000CE', quantity: 65 });
    expect(writes('PlaceOrder').at(-1)!.data).toEqual({
      uid: desk.userId, actid: desk.userId, exch: 'NFO', tsym: 'NIFTY27JAN26C26000', qty: '65', prc: '90.00', dscqty: '0', prd: 'M', trantype: 'B', prctyp: 'LMT', ret: 'DAY', remarks: 'noren-place-1', ordersource: 'API',
    });
    expect(atBroker('noren-place-1').map((o) => o.norenordno)).toEqual([order!.order_id]);

    stack.clock.advance(1000);
    const modified = await stack.call('modifyOrder', { token: desk.token, body: { account_number: desk.account.account_number, order_id: order!.order_id, price: 95 }, headers: { 'idempotency-key': 'noren-modify-1' } });
    expect(modified.status, JSON.stringify(modified.body)).toBe(200);
    expect(writes('ModifyOrder').at(-1)!.data).toMatchObject({ uid: desk.userId, norenordno: order!.order_id, tsym: 'NIFTY27JAN26C26000', prctyp: 'LMT', prc: '95.00', qty: '65' });
    expect(atBroker('noren-place-1')[0]).toMatchObject({ prc: '95.00', status: 'OPEN' });

    stack.clock.advance(1000);
    const cancelled = await stack.call('cancelOrder', { token: desk.token, body: { account_number: desk.account.account_number, order_ids: [order!.order_id] }, headers: { 'idempotency-key': 'noren-cancel-1' } });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(writes('CancelOrder').at(-1)!.data).toEqual({ uid: desk.userId, norenordno: order!.order_id });
    expect(atBroker('noren-place-1')[0]).toMatchObject({ status: 'CANCELED' });
    const book = await stack.call<{ order_book: { order_id: string; status: string }[] }>('getOrderBook', { token: desk.token, params: { accountNumber: desk.account.account_number } });
    expect(book.body.order_book.find((o) => o.order_id === order!.order_id)).toMatchObject({ status: 'CANCELLED' });
  });

  it('finds a placement whose answer was lost in the order book by its remarks, and never sends it again', async () => {
    stack.clock.advance(2000);
    stack.noren.control.dropNextPlaceAnswer();
    const lost = await placeOn(stack, desk, [resting], 'noren-lost-1');
    expect(lost.status, JSON.stringify(lost.body)).toBe(200);
    expect(lost.body.orders.map((o) => [o.order_id, o.tag, o.status])).toEqual([[atBroker('noren-lost-1')[0]!.norenordno, 'noren-lost-1', 'OPEN']]);
    stack.clock.advance(2000);
    const again = await placeOn(stack, desk, [resting], 'noren-lost-1');
    expect(again.status).toBe(200);
    expect(again.body.orders.map((o) => o.order_id)).toEqual(lost.body.orders.map((o) => o.order_id));
    expect(atBroker('noren-lost-1')).toHaveLength(1);
    expect(writes('PlaceOrder').filter((write) => write.data.remarks === 'noren-lost-1')).toHaveLength(1);
  });

  it('sends a leg above the freeze quantity as one PlaceOrder a slice, each with the tag', async () => {
    stack.clock.advance(2000);
    // 28 lots of 65 (1,820) above NIFTY's 1,800: 1,755 and 65.
    const sliced = await placeOn(stack, desk, [{ ...resting, quantity: 1820 }], 'noren-sliced-1');
    expect(sliced.status, JSON.stringify(sliced.body)).toBe(200);
    expect(sliced.body.orders.map((o) => [o.quantity, o.status, o.tag])).toEqual([[1755, 'OPEN', 'noren-sliced-1'], [65, 'OPEN', 'noren-sliced-1']]);
    expect(writes('PlaceOrder').filter((write) => write.data.remarks === 'noren-sliced-1').map((write) => write.data.qty)).toEqual(['1755', '65']);
  });

  it('finds a slice whose answer was lost by its remarks, without placing any slice twice', async () => {
    stack.clock.advance(2000);
    stack.noren.control.dropNextPlaceAnswer();
    const sliced = await placeOn(stack, desk, [{ ...resting, quantity: 1820 }], 'noren-sliced-lost');
    expect(sliced.status, JSON.stringify(sliced.body)).toBe(200);
    expect(atBroker('noren-sliced-lost').map((o) => o.qty)).toEqual(['1755']);
    // The first slice's answer was lost: it is found in the book; the second, never sent, is not placed blind.
    expect(sliced.body.orders.map((o) => [o.quantity, o.tag])).toEqual([[1755, 'noren-sliced-lost'], [65, 'noren-sliced-lost']]);
    expect(sliced.body.orders.map((o) => o.status)).toEqual(['OPEN', 'REJECTED']);
    stack.clock.advance(2000);
    await placeOn(stack, desk, [{ ...resting, quantity: 1820 }], 'noren-sliced-lost');
    expect(writes('PlaceOrder').filter((write) => write.data.remarks === 'noren-sliced-lost')).toHaveLength(1);
  });

  it("answers the broker's 429 in its words, booking nothing", async () => {
    stack.clock.advance(2000);
    stack.noren.control.answer429Next();
    const limited = await placeOn(stack, desk, [resting], 'noren-429-1');
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ code: 'order_rate_limited', message: expect.stringMatching(new RegExp(`^${names[flavor]}'s rate limit was reached`)) });
    expect(atBroker('noren-429-1')).toHaveLength(0);
  });

  it("says a Noren refusal in the broker's words", async () => {
    stack.clock.advance(2000);
    stack.noren.control.refuseNextPlace('RMS:Margin Exceeds,Required:185900.00, Available:12000.00');
    const refused = await placeOn(stack, desk, [resting], 'noren-refused-1');
    expect(refused.status, JSON.stringify(refused.body)).toBe(422);
    expect(refused.body).toMatchObject({ code: 'order_refused', message: `${names[flavor]} refused the order for NIFTY26JAN26000CE: RMS:Margin Exceeds,Required:185900.00, Available:12000.00` });
    expect(atBroker('noren-refused-1')).toHaveLength(0);
  });

  it('refuses the eleventh order in a second itself, before it reaches the broker', async () => {
    stack.clock.advance(5000);
    const answers: number[] = [];
    for (let index = 0; index < 11; index++) answers.push((await placeOn(stack, desk, [resting], `noren-burst-${index}`)).status);
    expect(answers).toEqual([...Array<number>(10).fill(200), 429]);
    expect(atBroker('noren-burst-10')).toHaveLength(0);
    expect(writes('PlaceOrder').filter((write) => String(write.data.remarks).startsWith('noren-burst-'))).toHaveLength(10);
  });
});
