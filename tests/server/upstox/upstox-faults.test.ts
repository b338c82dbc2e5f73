// What reconciliation rests on: an answer lost after Upstox booked the order is "outcome unknown" (and the
// order is found by its tag, once), never mistaken for a refusal; a refusal and a 429 placed nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isRateLimited, UpstoxError, UpstoxOutcomeUnknownError } from '../../../server/services/brokers/upstox/upstox-errors.ts';
import { createUpstoxHttp } from '../../../server/services/brokers/upstox/upstox-http.ts';
import { getOrderHistory, getOrders, placeOrder, type PlaceOrderV3 } from '../../../server/services/brokers/upstox/upstox-orders.ts';
import { type LoggedIn, startLoggedIn } from './upstox-support.ts';

const order: PlaceOrderV3 = {
  instrument_token: 'NSE_FO|43920', transaction_type: 'SELL', order_type: 'LIMIT', product: 'I', validity: 'DAY',
  quantity: 65, price: 150, trigger_price: 0, disclosed_quantity: 0, is_amo: false, slice: false, tag: '',
};

let upstox: LoggedIn;
beforeAll(async () => {
  upstox = await startLoggedIn();
  // The put trades below the sale's limit: a sale placed rests open.
  upstox.server.control.setQuote('NSE_FO|43920', { last: 100 });
});
afterAll(() => upstox.server.close());

async function booked(tag: string) {
  return (await getOrders(upstox.http)).filter((candidate) => candidate.tag === tag);
}

describe('Upstox: a lost answer told apart from a refusal', () => {
  it('an answer dropped after Upstox booked the order is outcome unknown, and the order is found by its tag, once', async () => {
    upstox.server.control.dropNextPlaceAnswer();
    const lost = await placeOrder(upstox.http, { ...order, tag: 'sd-lost' }).catch((error: unknown) => error);
    expect(lost).toBeInstanceOf(UpstoxOutcomeUnknownError);
    expect(lost).toMatchObject({ reason: 'network', method: 'POST', path: '/v3/order/place' });
    expect(await booked('sd-lost')).toEqual([expect.objectContaining({ status: 'open', quantity: 65 })]);
    expect(new Set((await getOrderHistory(upstox.http, { tag: 'sd-lost' })).map((state) => state.order_id)).size).toBe(1);
  });

  it('a refusal is Upstox’s answer with its code, and nothing is booked', async () => {
    const refused = await placeOrder(upstox.http, { ...order, quantity: 70, tag: 'sd-refused' }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(UpstoxError);
    expect(refused).toMatchObject({ status: 400, errorCode: 'UDAPI100036', message: 'Quantity should be a multiple of the lot size 65.' });
    expect(await booked('sd-refused')).toEqual([]);
  });

  it('a 429 is told by its status and code, and placed nothing', async () => {
    upstox.server.control.answer429Next();
    const limited = await placeOrder(upstox.http, { ...order, tag: 'sd-429' }).catch((error: unknown) => error);
    expect(isRateLimited(limited)).toBe(true);
    expect(limited).toMatchObject({ status: 429, errorCode: 'UDAPI10005' });
    expect(await booked('sd-429')).toEqual([]);
  });

  it('Upstox’s own limit, ten orders a second, answers the eleventh with a 429', async () => {
    upstox.time.advance(5000);
    const answers = [];
    for (let index = 0; index < 11; index++) answers.push(await placeOrder(upstox.http, { ...order, tag: `sd-burst-${index}` }).then(() => 'placed', (error: unknown) => (isRateLimited(error) ? '429' : 'other')));
    expect(answers).toEqual([...Array<string>(10).fill('placed'), '429']);
    upstox.time.advance(1000);
    await expect(placeOrder(upstox.http, { ...order, tag: 'sd-after' })).resolves.toMatchObject({ order_ids: [expect.any(String)] });
  });

  it('a gateway’s 5xx to an order is outcome unknown; to a read it is an error', async () => {
    const gateway = async () => new Response('<html>502 Bad Gateway</html>', { status: 502 });
    const http = createUpstoxHttp({ apiRoot: 'http://upstox.invalid', orderApiRoot: 'http://upstox.invalid', accessToken: 't', fetch: gateway });
    await expect(placeOrder(http, order)).rejects.toMatchObject({ name: 'UpstoxOutcomeUnknownError', reason: 'gateway' });
    await expect(getOrders(http)).rejects.toMatchObject({ name: 'UpstoxError', status: 502 });
  });

  it('a time-out is outcome unknown', async () => {
    const never: typeof fetch = (_input, init) => new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)));
    const http = createUpstoxHttp({ apiRoot: 'http://upstox.invalid', orderApiRoot: 'http://upstox.invalid', accessToken: 't', fetch: never, timeoutMs: 1 });
    await expect(placeOrder(http, order)).rejects.toMatchObject({ name: 'UpstoxOutcomeUnknownError', reason: 'timeout' });
  });
});
