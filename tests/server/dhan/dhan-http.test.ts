// What reconciliation rests on, at Dhan's wire: an answer that never came to an order write (a cut connection, a
// time-out, a gateway's 5xx, a success that is not Dhan's JSON) is "outcome unknown", never a refusal; Dhan's own
// refusal keeps its status and DH code (DH-904 a rate limit, DH-901 a dead token); a read's 5xx is an error.
import { describe, expect, it } from 'vitest';
import { isRateLimited, isTokenInvalid } from '../../../server/services/brokers/dhan/dhan-errors.ts';
import { createDhanHttp } from '../../../server/services/brokers/dhan/dhan-http.ts';
import { getOrders, placeOrder, type DhanPlacement } from '../../../server/services/brokers/dhan/dhan-orders.ts';

const order: DhanPlacement = {
  dhanClientId: '1000000001', correlationId: 'sd-1', transactionType: 'SELL', exchangeSegment: 'NSE_FNO', productType: 'MARGIN', orderType: 'LIMIT',
  validity: 'DAY', securityId: '43920', quantity: 65, price: 150, triggerPrice: 0, afterMarketOrder: false,
};

const answering = (status: number, body: string): typeof fetch => async () => new Response(body, { status });
const http = (fetcher: typeof fetch, timeoutMs?: number) => createDhanHttp({ apiRoot: 'http://dhan.invalid', authRoot: 'http://dhan.invalid', accessToken: 't', fetch: fetcher, ...(timeoutMs === undefined ? {} : { timeoutMs }) });

describe("Dhan's wire: a lost answer told apart from a refusal", () => {
  it('a gateway’s 5xx to an order is outcome unknown; to a read it is an error', async () => {
    const gateway = answering(502, '<html>502 Bad Gateway</html>');
    await expect(placeOrder(http(gateway), order)).rejects.toMatchObject({ name: 'DhanOutcomeUnknownError', reason: 'gateway' });
    await expect(getOrders(http(gateway))).rejects.toMatchObject({ name: 'DhanError', status: 502 });
  });

  it('a time-out and a cut connection are outcome unknown', async () => {
    const never: typeof fetch = (_input, init) => new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)));
    await expect(placeOrder(http(never, 1), order)).rejects.toMatchObject({ name: 'DhanOutcomeUnknownError', reason: 'timeout' });
    const cut: typeof fetch = async () => Promise.reject(new TypeError('fetch failed'));
    await expect(placeOrder(http(cut), order)).rejects.toMatchObject({ name: 'DhanOutcomeUnknownError', reason: 'network' });
  });

  it('a success answer to an order that is not Dhan’s JSON is outcome unknown', async () => {
    await expect(placeOrder(http(answering(200, 'OK')), order)).rejects.toMatchObject({ name: 'DhanOutcomeUnknownError', reason: 'unreadable' });
  });

  it('keeps Dhan’s refusal with its status and code: a 429 is DH-904, a dead token DH-901', async () => {
    const limited = await placeOrder(http(answering(429, JSON.stringify({ errorType: 'Rate_Limit', errorCode: 'DH-904', errorMessage: 'Too many requests' }))), order).catch((error: unknown) => error);
    expect(limited).toMatchObject({ name: 'DhanError', status: 429, errorCode: 'DH-904', message: 'Too many requests' });
    expect(isRateLimited(limited)).toBe(true);
    const dead = await getOrders(http(answering(401, JSON.stringify({ errorType: 'Invalid_Authentication', errorCode: 'DH-901', errorMessage: 'Client ID or user generated access token is invalid or expired.' })))).catch((error: unknown) => error);
    expect(isTokenInvalid(dead)).toBe(true);
    const refused = await placeOrder(http(answering(400, JSON.stringify({ errorType: 'Input_Exception', errorCode: 'DH-905', errorMessage: 'Invalid quantity' }))), order).catch((error: unknown) => error);
    expect(refused).toMatchObject({ name: 'DhanError', status: 400, errorCode: 'DH-905' });
    expect(isRateLimited(refused) || isTokenInvalid(refused)).toBe(false);
  });
});
