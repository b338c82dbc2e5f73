// How the Kite test server's order system behaves, seen through the wire layer: market protection,
// autoslicing, matching, risk rejections, rate limits, expired tokens, lost answers and postbacks.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { isRateLimited, KiteOutcomeUnknownError } from '../../../server/services/brokers/kite/kite-errors.ts';
import { getOrderHistory, getOrders, ordersTagged, placeOrder } from '../../../server/services/brokers/kite/kite-orders.ts';
import { getProfile } from '../../../server/services/brokers/kite/kite-account.ts';
import { verifyPostback } from '../../../server/services/brokers/kite/postback.ts';
import { noProtectionMessage } from '../../kite-server/order-validation.ts';
import { manualClock } from '../support/test-server.ts';
import { type LoggedIn, startLoggedIn, testApp } from './kite-support.ts';

const call = 'NIFTY26JAN26000CE';
const buy = { variety: 'regular', exchange: 'NFO', tradingsymbol: call, transaction_type: 'BUY', order_type: 'LIMIT', quantity: 75, product: 'NRML' } as const;

let kite: LoggedIn | undefined;
const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  await kite?.server.close();
  kite = undefined;
  for (const stop of stops.splice(0)) await stop();
});

async function start(options: Parameters<typeof startLoggedIn>[0] = {}): Promise<LoggedIn> {
  kite = await startLoggedIn(options);
  kite.server.control.setPrice(`NFO:${call}`, 120);
  return kite;
}

describe('Kite market orders', () => {
  it('refuses a market order without market protection, as Kite does for API orders', async () => {
    const { http } = await start();
    await expect(placeOrder(http, { ...buy, order_type: 'MARKET' })).rejects.toMatchObject({ status: 400, errorType: 'InputException', message: noProtectionMessage });
  });

  it('turns a protected market order into a limit at the protection price and fills it at the last price', async () => {
    const { http } = await start();
    const { order_id: orderId } = await placeOrder(http, { ...buy, order_type: 'MARKET', market_protection: 2 });
    const [order] = await getOrderHistory(http, orderId).then((history) => history.slice(-1));
    // 120 × 1.02 = 122.40, already on the 0.05 tick.
    expect(order).toMatchObject({ order_type: 'LIMIT', price: 122.4, tags: ['mktp', 'mktp:2.00'], status: 'COMPLETE', average_price: 120 });
  });
});

describe('Kite autoslice', () => {
  it('splits a quantity above the freeze limit into child orders, each with its own order_id and the tag', async () => {
    const { http, server } = await start();
    server.control.failAutosliceChild(1, 'MarginException', 'Insufficient funds. Required margin is 1.00 but available margin is 0.50.');
    const placed = await placeOrder(http, { ...buy, quantity: 4500, price: 100, autoslice: true, tag: 'slice1' });
    expect(placed.children).toEqual([
      { order_id: expect.any(String) },
      { error: { code: 400, error_type: 'MarginException', message: expect.stringContaining('Insufficient funds') } },
      { order_id: expect.any(String) },
    ]);
    const tagged = ordersTagged(await getOrders(http), 'slice1');
    expect(tagged.map((order) => [order.quantity, order.tags])).toEqual([
      [1800, ['slice1', 'autoslice', `autoslice:${placed.order_id}`]],
      [900, ['slice1', 'autoslice', `autoslice:${placed.order_id}`]],
    ]);
    expect(new Set(tagged.map((order) => order.order_id)).size).toBe(2);
  });

  it('refuses autoslice on a quantity that needs no slicing, as Kite does, placing nothing; every place call is counted', async () => {
    const { http, server } = await start();
    await expect(placeOrder(http, { ...buy, quantity: 1800, price: 100, autoslice: true, tag: 'noslice' })).rejects.toMatchObject({
      errorType: 'InputException',
      message: 'Quantity should be greater than or equal to 1875 for order slicing.',
    });
    expect(ordersTagged(await getOrders(http), 'noslice')).toEqual([]);
    expect(server.control.placeCalls()).toEqual([{ tag: 'noslice', quantity: 1800, autoslice: true }]);
  });

  it('refuses a quantity above the freeze limit without autoslice', async () => {
    const { http } = await start();
    await expect(placeOrder(http, { ...buy, quantity: 1875, price: 100 })).rejects.toMatchObject({ errorType: 'InputException', message: expect.stringContaining('freeze') });
  });
});

describe('Kite matching and rejections', () => {
  it('fills a resting limit when the price moves through it, at its own price', async () => {
    const { http, server } = await start();
    const { order_id: orderId } = await placeOrder(http, { ...buy, price: 100 });
    expect((await getOrders(http))[0]).toMatchObject({ status: 'OPEN', filled_quantity: 0 });
    server.control.setPrice(`NFO:${call}`, 99);
    expect((await getOrderHistory(http, orderId)).at(-1)).toMatchObject({ status: 'COMPLETE', average_price: 100, filled_quantity: 75 });
  });

  it('triggers a stop-loss buy when the price rises to its trigger', async () => {
    const { http, server } = await start();
    const { order_id: orderId } = await placeOrder(http, { ...buy, order_type: 'SL', trigger_price: 130, price: 131 });
    expect((await getOrderHistory(http, orderId)).at(-1)?.status).toBe('TRIGGER PENDING');
    server.control.setPrice(`NFO:${call}`, 130.5);
    expect((await getOrderHistory(http, orderId)).at(-1)).toMatchObject({ status: 'COMPLETE', average_price: 130.5 });
  });

  it('rejects an order the account cannot margin, with Kite-style status messages', async () => {
    const { http, server } = await start();
    server.control.setMargins(testApp.apiKey, 1000);
    const { order_id: orderId } = await placeOrder(http, { ...buy, price: 100 });
    expect((await getOrderHistory(http, orderId)).at(-1)).toMatchObject({
      status: 'REJECTED',
      status_message: 'Insufficient funds. Required margin is 7500.00 but available margin is 1000.00.',
    });
  });
});

describe('Kite faults', () => {
  it('refuses every call once the tokens expire mid-day', async () => {
    const { http, server } = await start();
    await getProfile(http);
    server.control.expireAllTokens();
    await expect(getProfile(http)).rejects.toMatchObject({ status: 403, errorType: 'TokenException' });
    await expect(placeOrder(http, { ...buy, price: 100 })).rejects.toMatchObject({ errorType: 'TokenException' });
  });

  it('answers 429 past 10 orders a second, placing nothing, and takes orders again the next second', async () => {
    const clock = manualClock();
    const { http, server } = await start({ clock: clock.now });
    for (let index = 0; index < 10; index++) await placeOrder(http, { ...buy, price: 100 });
    const refused = await placeOrder(http, { ...buy, price: 100, tag: 'eleventh' }).catch((error: unknown) => error);
    expect(isRateLimited(refused)).toBe(true);
    expect(refused).toMatchObject({ message: 'Too many requests' });
    expect(server.control.orders().filter((order) => order?.tag === 'eleventh')).toHaveLength(0);
    clock.advance(1000);
    await expect(placeOrder(http, { ...buy, price: 100 })).resolves.toMatchObject({ order_id: expect.any(String) });
    server.control.answer429Next();
    expect(isRateLimited(await getOrders(http).catch((error: unknown) => error))).toBe(true);
  });

  it('reports a placement whose answer is lost as outcome unknown; the order is then in the book under its tag, once', async () => {
    const { http, server } = await start();
    server.control.dropNextPlaceAnswer();
    const lost = await placeOrder(http, { ...buy, price: 100, tag: 'sd-lost-1' }).catch((error: unknown) => error);
    expect(lost).toBeInstanceOf(KiteOutcomeUnknownError);
    expect(lost).toMatchObject({ reason: 'network', method: 'POST', path: '/orders/regular' });
    const found = ordersTagged(await getOrders(http), 'sd-lost-1');
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ status: 'OPEN', quantity: 75, price: 100 });
  });
});

describe('Kite postbacks from the test server', () => {
  it('posts each final change and partial fill, signed with the app secret', async () => {
    const bodies: string[] = [];
    const receiver = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        bodies.push(body);
        response.end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    stops.push(() => new Promise((resolve) => receiver.close(() => resolve())));
    const { http, server } = await start({ postbackUrl: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/postback` });
    const { order_id: orderId } = await placeOrder(http, { ...buy, quantity: 150, price: 100, tag: 'pb1' });
    server.control.fillOrder(orderId, { quantity: 75 });
    server.control.fillOrder(orderId);
    await server.control.settlePostbacks();
    const updates = bodies.map((body) => verifyPostback(body, testApp.apiSecret));
    expect(updates.map((update) => [update.status, update.filled_quantity, update.tag])).toEqual([
      ['UPDATE', 75, 'pb1'],
      ['COMPLETE', 150, 'pb1'],
    ]);
    expect(() => verifyPostback(bodies[0] ?? '', 'wrong secret')).toThrow();
    expect(server.control.postbackDeliveries().map((delivery) => delivery.status)).toEqual([200, 200]);
  });
});
