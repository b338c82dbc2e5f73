import { describe, expect, it } from 'vitest';
import {
  isRateLimited,
  isTokenExpired,
  KiteError,
  kiteErrorTypes,
  KiteOutcomeUnknownError,
} from '../../../server/services/brokers/kite/kite-errors.ts';
import { createKiteHttp, type KiteRequest } from '../../../server/services/brokers/kite/kite-http.ts';
import { kiteEndpointsFromEnv, kiteLoginUrl } from '../../../server/services/brokers/kite/kite-endpoints.ts';
import { getOrders, placeOrder } from '../../../server/services/brokers/kite/kite-orders.ts';
import { kiteMock } from './kite-support.ts';

type Seen = { url: string; method: string; headers: Record<string, string>; body: string | undefined };

/** A fetch that records what it was asked and answers `reply` (or fails as `reply` throws). */
function stubFetch(reply: () => Response) {
  const seen: Seen[] = [];
  const fetchStub: typeof fetch = async (input, init) => {
    seen.push({ url: String(input), method: init?.method ?? 'GET', headers: { ...(init?.headers as Record<string, string>) }, body: init?.body as string | undefined });
    return reply();
  };
  return { seen, fetch: fetchStub };
}

const json = (status: number, body: unknown) => () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const errorBody = (errorType: string, message: string) => ({ status: 'error', message, data: null, error_type: errorType });
const get: KiteRequest = { method: 'GET', path: '/orders' };
const place: KiteRequest = { method: 'POST', path: '/orders/regular', form: { tag: 'x' }, write: true };

function client(reply: () => Response, timeoutMs?: number) {
  const stub = stubFetch(reply);
  return { stub, http: createKiteHttp({ apiRoot: 'https://api.example.test', apiKey: 'key', accessToken: 'token', fetch: stub.fetch, timeoutMs }) };
}

describe('Kite HTTP', () => {
  it('sends the version and authorisation headers, a form body, and repeated query keys', async () => {
    const { stub, http } = client(json(200, { status: 'success', data: { order_id: '1' } }));
    await http.request({ method: 'POST', path: '/orders/regular', form: { quantity: 75, autoslice: true, tag: undefined } });
    await http.request({ method: 'GET', path: '/quote', query: { i: ['NSE:INFY', 'NFO:NIFTY26JANFUT'] } });
    expect(stub.seen[0]).toEqual({
      url: 'https://api.example.test/orders/regular',
      method: 'POST',
      headers: { 'X-Kite-Version': '3', Authorization: 'token key:token', 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'quantity=75&autoslice=true',
    });
    expect(stub.seen[1]?.url).toBe('https://api.example.test/quote?i=NSE%3AINFY&i=NFO%3ANIFTY26JANFUT');
  });

  it("answers a success's data, read with Kite's own fixture", async () => {
    const { http } = client(() => new Response(kiteMock('orders.json'), { headers: { 'Content-Type': 'application/json' } }));
    const orders = await getOrders(http);
    expect(orders).toHaveLength(10);
    expect(orders[3]).toMatchObject({ status: 'REJECTED', variety: 'iceberg', tag: 'icebergord', validity_ttl: 2 });
    expect(orders[9]?.tags).toEqual(['autoslice', 'autoslice:1953367517640548352']);
  });

  it.each(kiteErrorTypes.map((type, index) => [type, [400, 403, 500, 502][index % 4] ?? 400] as const))(
    'maps error_type %s (HTTP %i) to a KiteError with that type and status',
    async (errorType, status) => {
      const { http } = client(json(status, errorBody(errorType, `${errorType} happened`)));
      const error = await http.request(get).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(KiteError);
      expect(error).toMatchObject({ status, errorType, message: `${errorType} happened` });
      expect(isTokenExpired(error)).toBe(errorType === 'TokenException');
    },
  );

  it("maps 429 to a rate-limited KiteError, for reads and writes alike (Kite did nothing)", async () => {
    const { http } = client(json(429, errorBody('NetworkException', 'Too many requests')));
    for (const request of [get, place]) {
      const error = await http.request(request).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(KiteError);
      expect(error).toMatchObject({ status: 429, errorType: 'NetworkException' });
      expect(isRateLimited(error)).toBe(true);
    }
    const bare = client(() => new Response('slow down', { status: 429 }));
    expect(isRateLimited(await bare.http.request(get).catch((caught: unknown) => caught))).toBe(true);
  });

  it("reads an unknown error_type as GeneralException", async () => {
    const { http } = client(json(400, errorBody('SomethingNewException', 'new')));
    await expect(http.request(get)).rejects.toMatchObject({ errorType: 'GeneralException', message: 'new' });
  });

  it('makes a NetworkException answer to a write "outcome unknown" (the order system did not confirm), but not to a read', async () => {
    const { http } = client(json(502, errorBody('NetworkException', 'OMS timed out')));
    await expect(http.request(place)).rejects.toMatchObject({ name: 'KiteOutcomeUnknownError', reason: 'oms' });
    await expect(http.request(get)).rejects.toMatchObject({ name: 'KiteError', status: 502 });
  });

  it('makes a gateway page, a lost connection, a time-out and an unreadable success "outcome unknown"', async () => {
    const gateway = client(() => new Response('<html>Bad gateway</html>', { status: 504 }));
    await expect(gateway.http.request(place)).rejects.toMatchObject({ reason: 'gateway' });
    const cut = client(() => {
      throw new TypeError('fetch failed');
    });
    await expect(cut.http.request(place)).rejects.toMatchObject({ reason: 'network', method: 'POST', path: '/orders/regular' });
    const hanging = createKiteHttp({ apiRoot: 'https://api.example.test', apiKey: 'key', timeoutMs: 5, fetch: (_url, init) =>
      new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason))) });
    await expect(hanging.request(place)).rejects.toMatchObject({ reason: 'timeout' });
    const garbled = client(() => new Response('<html>ok</html>', { status: 200 }));
    await expect(garbled.http.request(place)).rejects.toBeInstanceOf(KiteOutcomeUnknownError);
    await expect(garbled.http.request(get)).rejects.toMatchObject({ name: 'KiteError', errorType: 'DataException' });
  });

  it('refuses an order placement answered without an order_id as outcome unknown', async () => {
    const { http } = client(json(200, { status: 'success', data: {} }));
    const order = { variety: 'regular', exchange: 'NFO', tradingsymbol: 'X', transaction_type: 'BUY', order_type: 'LIMIT', quantity: 75, product: 'NRML', price: 1 } as const;
    await expect(placeOrder(http, order)).rejects.toMatchObject({ reason: 'unreadable' });
  });

  it('refuses a tag over 20 characters and a market protection out of range before sending anything', async () => {
    const { stub, http } = client(json(200, { status: 'success', data: { order_id: '1' } }));
    const order = { variety: 'regular', exchange: 'NFO', tradingsymbol: 'X', transaction_type: 'BUY', order_type: 'MARKET', quantity: 75, product: 'NRML' } as const;
    await expect(placeOrder(http, { ...order, tag: 'a'.repeat(21) })).rejects.toThrow(RangeError);
    await expect(placeOrder(http, { ...order, market_protection: 101 })).rejects.toThrow(RangeError);
    await expect(placeOrder(http, { ...order, market_protection: -1, tag: 'a'.repeat(20) })).resolves.toEqual({ order_id: '1', children: [] });
    expect(stub.seen).toHaveLength(1);
  });
});

describe('Kite endpoints', () => {
  it('defaults to production and follows the environment', () => {
    expect(kiteEndpointsFromEnv({})).toEqual({ apiRoot: 'https://api.kite.trade', loginUrl: 'https://kite.zerodha.com/connect/login', tickerUrl: 'wss://ws.kite.trade' });
    expect(kiteEndpointsFromEnv({ KITE_API_ROOT: 'http://127.0.0.1:1234/', KITE_TICKER_URL: 'ws://127.0.0.1:1234/ticker' })).toMatchObject({
      apiRoot: 'http://127.0.0.1:1234',
      tickerUrl: 'ws://127.0.0.1:1234/ticker',
    });
    expect(kiteLoginUrl('https://kite.zerodha.com/connect/login', 'abc')).toBe('https://kite.zerodha.com/connect/login?v=3&api_key=abc');
  });
});
