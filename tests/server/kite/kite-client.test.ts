// Every Kite call of the wire layer against the Kite-compatible test server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getMargins, getPositions, getProfile } from '../../../server/services/brokers/kite/kite-account.ts';
import { createKiteHttp } from '../../../server/services/brokers/kite/kite-http.ts';
import { kiteTime } from '../../../server/services/brokers/kite/kite-json.ts';
import { basketMargins, orderCharges, orderMargins } from '../../../server/services/brokers/kite/kite-margins.ts';
import { getInstruments, getLtp, getQuote } from '../../../server/services/brokers/kite/kite-market.ts';
import {
  cancelOrder,
  getOrderHistory,
  getOrders,
  getOrderTrades,
  getTrades,
  modifyOrder,
  placeOrder,
} from '../../../server/services/brokers/kite/kite-orders.ts';
import { createSession, invalidateSession } from '../../../server/services/brokers/kite/kite-session.ts';
import { kiteMock, type LoggedIn, loginForRequestToken, startLoggedIn, testApp } from './kite-support.ts';

const call = 'NIFTY26JAN26000CE';
const put = 'NIFTY26JAN25900PE';
const limitBuy = { variety: 'regular', exchange: 'NFO', tradingsymbol: call, transaction_type: 'BUY', order_type: 'LIMIT', quantity: 75, product: 'NRML' } as const;

let kite: LoggedIn;
beforeAll(async () => {
  kite = await startLoggedIn({ clock: () => new Date('2026-01-15T04:00:00Z') });
});
afterAll(() => kite.server.close());

describe('Kite session', () => {
  it('exchanges a request token from the login page for an access token, once', async () => {
    const anonymous = createKiteHttp({ apiRoot: kite.server.apiRoot, apiKey: testApp.apiKey });
    const requestToken = await loginForRequestToken(kite.server);
    const session = await createSession(anonymous, requestToken, testApp.apiSecret);
    expect(session).toMatchObject({ user_id: 'AB1234', api_key: testApp.apiKey, login_time: '2026-01-15 09:30:00' });
    expect(session.access_token).toMatch(/^[0-9a-f]{32}$/);
    await expect(createSession(anonymous, requestToken, testApp.apiSecret)).rejects.toMatchObject({ status: 403, errorType: 'TokenException' });
  });

  it('refuses a checksum made with the wrong secret', async () => {
    const anonymous = createKiteHttp({ apiRoot: kite.server.apiRoot, apiKey: testApp.apiKey });
    const requestToken = await loginForRequestToken(kite.server);
    await expect(createSession(anonymous, requestToken, 'not-the-secret')).rejects.toMatchObject({ errorType: 'TokenException', message: 'Invalid `checksum`.' });
  });

  it('logs an access token out: later calls with it are refused', async () => {
    const other = await createSession(createKiteHttp({ apiRoot: kite.server.apiRoot, apiKey: testApp.apiKey }), await loginForRequestToken(kite.server), testApp.apiSecret);
    const http = createKiteHttp({ apiRoot: kite.server.apiRoot, apiKey: testApp.apiKey, accessToken: other.access_token });
    await expect(getProfile(http)).resolves.toMatchObject({ user_id: 'AB1234' });
    await invalidateSession(http, other.access_token);
    await expect(getProfile(http)).rejects.toMatchObject({ status: 403, errorType: 'TokenException' });
  });

  it('refuses calls without the access token', async () => {
    await expect(getProfile(createKiteHttp({ apiRoot: kite.server.apiRoot, apiKey: testApp.apiKey }))).rejects.toMatchObject({ status: 403, errorType: 'TokenException' });
  });
});

describe('Kite account calls', () => {
  it('reads the profile and funds', async () => {
    await expect(getProfile(kite.http)).resolves.toMatchObject({ user_id: 'AB1234', broker: 'ZERODHA', exchanges: expect.arrayContaining(['NFO', 'BFO']) });
    kite.server.control.setMargins(testApp.apiKey, 123456.5);
    const margins = await getMargins(kite.http);
    expect(margins.equity).toMatchObject({ enabled: true, net: 123456.5, available: expect.objectContaining({ cash: 123456.5 }) });
    kite.server.control.setMargins(testApp.apiKey, 500_000);
  });
});

describe('Kite order calls', () => {
  it('places, modifies and cancels a limit order, and reads it in the book and its history', async () => {
    kite.server.control.setPrice(`NFO:${call}`, 120);
    const { order_id: orderId, children } = await placeOrder(kite.http, { ...limitBuy, price: 100, tag: 'sd-client-1' });
    expect(children).toEqual([]);
    expect(await modifyOrder(kite.http, 'regular', orderId, { price: 101.5 })).toBe(orderId);
    const [order] = (await getOrders(kite.http)).filter((candidate) => candidate.order_id === orderId);
    expect(order).toMatchObject({ status: 'OPEN', price: 101.5, modified: true, tag: 'sd-client-1', tags: ['sd-client-1'], pending_quantity: 75 });
    expect(kiteTime(order!.order_timestamp!)).toEqual(new Date('2026-01-15T04:00:00Z'));
    expect(await cancelOrder(kite.http, 'regular', orderId)).toBe(orderId);
    const history = await getOrderHistory(kite.http, orderId);
    expect(history.map((state) => state.status)).toEqual([
      'PUT ORDER REQ RECEIVED', 'VALIDATION PENDING', 'OPEN PENDING', 'OPEN',
      'MODIFY VALIDATION PENDING', 'MODIFY PENDING', 'MODIFIED', 'OPEN', 'CANCELLED',
    ]);
    expect(history.at(-1)).toMatchObject({ cancelled_quantity: 75, pending_quantity: 0 });
    // Each state carries every field of Zerodha's own order_info.json fixture (GET /orders/:order_id).
    const zerodha = JSON.parse(kiteMock('order_info.json')) as { data: Record<string, unknown>[] };
    const answered = await kite.http.request({ method: 'GET', path: `/orders/${orderId}` });
    expect(Array.isArray(answered)).toBe(true);
    for (const state of answered as Record<string, unknown>[]) expect(Object.keys(state)).toEqual(expect.arrayContaining(Object.keys(zerodha.data[0]!)));
    await expect(cancelOrder(kite.http, 'regular', orderId)).rejects.toMatchObject({ errorType: 'OrderException', message: 'Order cannot be cancelled as it is CANCELLED.' });
  });

  it('fills a marketable order, with its trades and the position it opens', async () => {
    kite.server.control.setPrice(`NFO:${put}`, 80);
    const { order_id: orderId } = await placeOrder(kite.http, { ...limitBuy, tradingsymbol: put, transaction_type: 'SELL', price: 79.5, quantity: 75 });
    const [trade] = await getOrderTrades(kite.http, orderId);
    expect(trade).toMatchObject({ order_id: orderId, tradingsymbol: put, transaction_type: 'SELL', quantity: 75, average_price: 80 });
    expect((await getTrades(kite.http)).map((row) => row.trade_id)).toContain(trade!.trade_id);
    kite.server.control.setPrice(`NFO:${put}`, 70);
    const { net, day } = await getPositions(kite.http);
    expect(net.find((row) => row.tradingsymbol === put)).toMatchObject({ quantity: -75, average_price: 80, last_price: 70, pnl: 750, sell_value: 6000 });
    expect(day).toEqual(net);
  });

  it('prices margins, a hedged basket and charges', async () => {
    const short = { exchange: 'NFO', tradingsymbol: put, transaction_type: 'SELL', variety: 'regular', product: 'NRML', order_type: 'LIMIT', quantity: 75, price: 70 } as const;
    const wing = { ...short, tradingsymbol: 'NIFTY26JAN25800PE', transaction_type: 'BUY', price: 40 } as const;
    const [margin] = await orderMargins(kite.http, [short]);
    expect(margin).toMatchObject({ tradingsymbol: put, span: 25900 * 75 * 0.12, exposure: 25900 * 75 * 0.02 });
    const basket = await basketMargins(kite.http, [short, wing]);
    expect(basket.orders).toHaveLength(2);
    expect(basket.final.total).toBeLessThan(basket.initial.total);
    const [note] = await orderCharges(kite.http, [{ ...short, order_id: '1', average_price: 70 }]);
    expect(note).toMatchObject({ tradingsymbol: put, quantity: 75, price: 70, charges: expect.objectContaining({ brokerage: 20, transaction_tax: 5.25 }) });
  });
});

describe('Kite market calls', () => {
  it('downloads the instruments dump, whole and for one exchange', async () => {
    const all = await getInstruments(kite.http);
    expect(all.find((row) => row.tradingsymbol === call)).toMatchObject({ exchange: 'NFO', lot_size: 75, strike: 26000, expiry: '2026-01-27' });
    expect(new Set((await getInstruments(kite.http, 'BFO')).map((row) => row.exchange))).toEqual(new Set(['BFO']));
  });

  it('reads quotes and last prices by EXCHANGE:SYMBOL', async () => {
    kite.server.control.setPrice(`NFO:${call}`, 123.45);
    const quotes = await getQuote(kite.http, [`NFO:${call}`, 'NSE:NIFTY 50']);
    expect(quotes[`NFO:${call}`]).toMatchObject({ last_price: 123.45, depth: { buy: expect.any(Array), sell: expect.any(Array) } });
    expect(quotes['NSE:NIFTY 50']).toMatchObject({ instrument_token: 256265, last_price: 26000 });
    await expect(getLtp(kite.http, [`NFO:${call}`])).resolves.toEqual({ [`NFO:${call}`]: { instrument_token: expect.any(Number), last_price: 123.45 } });
  });
});
