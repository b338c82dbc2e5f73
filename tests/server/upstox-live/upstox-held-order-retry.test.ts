// A placement whose answer Upstox dropped while its book did not show the order yet (issue 62): the request is
// "outcome unknown" (503), and a retry with the same Idempotency-Key answers 409 while no order carries the
// intent's tag, never placing a second one. Once Upstox's book shows the order, the very next retry finds it
// by the tag and answers with it (no waiting out the claim's 30 s lease), and the key then replays that answer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/main';
import { testBackends } from '../support/test-database.ts';
import { openUpstoxDesk, startUpstoxStack, type UpstoxStack } from './upstox-desk.ts';

type Schemas = components['schemas'];

describe.each(testBackends)('a retry after a lost Upstox answer on %s', (backend) => {
  let stack: UpstoxStack;

  beforeAll(async () => {
    stack = await startUpstoxStack(backend);
  });

  afterAll(async () => {
    await stack.close();
  });

  it('answers 409 while Upstox shows no order with the tag, then the order Upstox holds, once, and never a second', async () => {
    const desk = await openUpstoxDesk(stack);
    expect((await desk.logIn()).status).toBe(200);
    stack.upstox.control.setQuote('NSE_FO|43920', { last: 100 });
    const key = 'held-at-upstox-1';
    const place = () =>
      stack.call<Schemas['OrdersResponse'] & { code?: string }>('placeTrades', {
        token: desk.token,
        body: { account_number: desk.account.account_number, orders: [{ tradingsymbol: 'NIFTY26JAN26000PE', exchange: 'NFO', transaction_type: 'SELL', order_type: 'LIMIT', product: 'NRML', quantity: 65, price: 150 }] },
        headers: { 'idempotency-key': key },
      });
    const atUpstox = () => stack.upstox.control.orders(desk.ucc).filter((order) => order.tag === key);
    const placements = () => stack.upstox.control.orderWrites().filter((write) => write.path === '/v3/order/place' && (write.body as { tag?: string }).tag === key);

    stack.upstox.control.dropNextPlaceAnswer();
    stack.upstox.control.hideNextPlacement();
    const lost = await place();
    expect(lost.status, JSON.stringify(lost.body)).toBe(503);
    expect(lost.body.code).toBe('broker_outcome_unknown');
    expect(atUpstox()).toHaveLength(1);

    // Upstox holds the order but its book does not show it: nothing to answer with, and nothing sent again.
    stack.server.clock.advance(2000);
    const early = await place();
    expect(early.status, JSON.stringify(early.body)).toBe(409);
    expect(placements()).toHaveLength(1);

    // Upstox's book shows it now: the retry, still within the first request's 30 s, answers with it.
    stack.upstox.control.showHeldOrders();
    stack.server.clock.advance(2000);
    const retried = await place();
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    expect(retried.body.orders.map((order) => [order.order_id, order.tag, order.status])).toEqual([[atUpstox()[0]!.order_id, key, 'OPEN']]);
    expect(placements()).toHaveLength(1);
    const again = await place();
    expect(again.status).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body.orders.map((order) => order.order_id)).toEqual([atUpstox()[0]!.order_id]);
    expect(atUpstox()).toHaveLength(1);
  });
});
