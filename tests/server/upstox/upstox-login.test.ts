// Linking an Upstox login: the dialog link, the code for a token (once, with the right secret and redirect),
// the user's UCC in the answer, logout, and the token's death at 03:30 IST.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getProfile } from '../../../server/services/brokers/upstox/upstox-account.ts';
import { upstoxEndpointsFromEnv, upstoxLoginUrl } from '../../../server/services/brokers/upstox/upstox-endpoints.ts';
import { isTokenInvalid, UpstoxError } from '../../../server/services/brokers/upstox/upstox-errors.ts';
import { createUpstoxHttp } from '../../../server/services/brokers/upstox/upstox-http.ts';
import { exchangeCode, logout, upstoxTokenExpiry } from '../../../server/services/brokers/upstox/upstox-session.ts';
import { anonymousHttp, type LoggedIn, loginThroughDialog, startLoggedIn, testApp } from './upstox-support.ts';

let upstox: LoggedIn;
beforeAll(async () => {
  upstox = await startLoggedIn();
});
afterAll(() => upstox.server.close());

describe('Upstox endpoints', () => {
  it('defaults to Upstox, orders at its HFT root', () => {
    expect(upstoxEndpointsFromEnv({})).toEqual({
      apiRoot: 'https://api.upstox.com',
      orderApiRoot: 'https://api-hft.upstox.com',
      instrumentsUrl: 'https://assets.upstox.com/market-quote/instruments/exchange/complete.json.gz',
    });
  });

  it('sends orders wherever UPSTOX_API_ROOT points unless the order root is set too', () => {
    expect(upstoxEndpointsFromEnv({ UPSTOX_API_ROOT: 'http://127.0.0.1:4911/' })).toMatchObject({ apiRoot: 'http://127.0.0.1:4911', orderApiRoot: 'http://127.0.0.1:4911' });
    expect(upstoxEndpointsFromEnv({ UPSTOX_API_ROOT: 'http://a', UPSTOX_ORDER_API_ROOT: 'http://b' })).toMatchObject({ apiRoot: 'http://a', orderApiRoot: 'http://b' });
  });

  it('builds the login link as Upstox documents it', () => {
    const link = new URL(upstoxLoginUrl('https://api.upstox.com', { apiKey: 'key', redirectUri: 'https://desk.example/app/broker/upstox/callback', state: 's1' }));
    expect(`${link.origin}${link.pathname}`).toBe('https://api.upstox.com/v2/login/authorization/dialog');
    expect(Object.fromEntries(link.searchParams)).toEqual({ response_type: 'code', client_id: 'key', redirect_uri: 'https://desk.example/app/broker/upstox/callback', state: 's1' });
  });
});

describe('Upstox login', () => {
  it('exchanges the code from the dialog for a token, once, and names the user', async () => {
    const back = await loginThroughDialog(upstox.server, 'state-42');
    expect(back.get('state')).toBe('state-42');
    const code = back.get('code') ?? '';
    expect(code).toMatch(/^[0-9a-f]{6}$/);
    const session = await exchangeCode(anonymousHttp(upstox.server), { code, ...testApp });
    expect(session).toMatchObject({ user_id: 'AB1234', broker: 'UPSTOX' });
    const http = createUpstoxHttp({ apiRoot: upstox.server.apiRoot, orderApiRoot: upstox.server.apiRoot, accessToken: session.access_token });
    await expect(getProfile(http)).resolves.toMatchObject({ user_id: 'AB1234' });
    const again = exchangeCode(anonymousHttp(upstox.server), { code, ...testApp });
    await expect(again).rejects.toBeInstanceOf(UpstoxError);
    await expect(again).rejects.toMatchObject({ status: 401, errorCode: 'UDAPI100016' });
  });

  it('refuses a wrong secret, and burns the code doing so', async () => {
    const code = (await loginThroughDialog(upstox.server)).get('code') ?? '';
    await expect(exchangeCode(anonymousHttp(upstox.server), { code, ...testApp, apiSecret: 'not-it' })).rejects.toMatchObject({ errorCode: 'UDAPI100016' });
    await expect(exchangeCode(anonymousHttp(upstox.server), { code, ...testApp })).rejects.toMatchObject({ errorCode: 'UDAPI100016' });
  });

  it('refuses a redirect URL that is not the app’s', async () => {
    const code = (await loginThroughDialog(upstox.server)).get('code') ?? '';
    await expect(exchangeCode(anonymousHttp(upstox.server), { code, ...testApp, redirectUri: 'https://elsewhere/cb' })).rejects.toMatchObject({ status: 400, errorCode: 'UDAPI100068' });
  });

  it('logs a token out: later calls with it are refused as an invalid token', async () => {
    const code = (await loginThroughDialog(upstox.server)).get('code') ?? '';
    const session = await exchangeCode(anonymousHttp(upstox.server), { code, ...testApp });
    const http = createUpstoxHttp({ apiRoot: upstox.server.apiRoot, orderApiRoot: upstox.server.apiRoot, accessToken: session.access_token });
    await logout(http);
    const refused = await getProfile(http).catch((error: unknown) => error);
    expect(isTokenInvalid(refused)).toBe(true);
    expect(refused).toMatchObject({ status: 401, errorCode: 'UDAPI100050', message: 'Invalid token used to access API' });
  });
});

describe('Upstox token expiry', () => {
  it('is 03:30 IST the next morning, or the same morning before 03:30', () => {
    expect(upstoxTokenExpiry(new Date('2026-01-13T14:30:00Z'))).toEqual(new Date('2026-01-13T22:00:00Z')); // 20:00 Tue → 03:30 Wed
    expect(upstoxTokenExpiry(new Date('2026-01-13T21:00:00Z'))).toEqual(new Date('2026-01-13T22:00:00Z')); // 02:30 Wed → 03:30 Wed
    expect(upstoxTokenExpiry(new Date('2026-01-13T22:00:00Z'))).toEqual(new Date('2026-01-14T22:00:00Z')); // 03:30 Wed → 03:30 Thu
  });

  it('ends the session at that instant on the server', async () => {
    const expiry = upstoxTokenExpiry(upstox.time.clock());
    upstox.time.set(new Date(expiry.getTime() - 1000));
    await expect(getProfile(upstox.http)).resolves.toMatchObject({ user_id: 'AB1234' });
    upstox.time.set(expiry);
    await expect(getProfile(upstox.http)).rejects.toMatchObject({ status: 401, errorCode: 'UDAPI100050' });
  });
});
