// The Kite test server as browser tests use it: a separate process driven over /__control/*, and the login
// page a person fills in.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKiteHttp } from '../../../server/services/brokers/kite/kite-http.ts';
import { getLtp } from '../../../server/services/brokers/kite/kite-market.ts';
import { getOrders, placeOrder } from '../../../server/services/brokers/kite/kite-orders.ts';
import { createSession } from '../../../server/services/brokers/kite/kite-session.ts';
import { type KiteTestServer, startKiteServer } from '../../kite-server/kite-server.ts';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const app = { apiKey: 'controlkey', apiSecret: 'controlsecret', redirectUrl: 'http://127.0.0.1:9/callback', userId: 'ZX9999', password: 'pass-1' };

let server: KiteTestServer;
beforeAll(async () => {
  server = await startKiteServer({ heartbeatMs: 0 });
});
afterAll(() => server.close());

async function control(name: string, body?: unknown): Promise<{ status: number; json: { result?: unknown; message?: string } }> {
  const response = await fetch(`${server.url}/__control/${name}`, body === undefined ? {} : { method: 'POST', body: JSON.stringify(body) });
  return { status: response.status, json: await response.json() };
}

async function submitLogin(fields: Record<string, string>) {
  return fetch(server.loginUrl, { method: 'POST', body: new URLSearchParams({ api_key: app.apiKey, ...fields }), redirect: 'manual' });
}

describe('Kite test server login page', () => {
  it('shows a labelled form for a registered app, and refuses an unknown one', async () => {
    expect((await control('apps', app)).json.result).toEqual({ api_key: app.apiKey });
    const page = await fetch(`${server.loginUrl}?v=3&api_key=${app.apiKey}`);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain('<label>Client ID <input name="user_id"');
    expect(html).toContain('<label>Password <input name="password" type="password"');
    expect((await fetch(`${server.loginUrl}?v=3&api_key=nobody`)).status).toBe(400);
  });

  it('redirects with a request token on a good login, cancelled on Cancel, and stays on a wrong password', async () => {
    const good = await submitLogin({ user_id: 'zx9999', password: 'pass-1', action: 'login' });
    const redirect = new URL(good.headers.get('location') ?? '');
    expect(`${redirect.origin}${redirect.pathname}`).toBe(app.redirectUrl);
    expect(Object.fromEntries(redirect.searchParams)).toEqual({ request_token: expect.stringMatching(/^[0-9a-f]{32}$/), action: 'login', type: 'login', status: 'success' });
    const cancelled = await submitLogin({ action: 'cancel' });
    expect(new URL(cancelled.headers.get('location') ?? '').searchParams.get('status')).toBe('cancelled');
    const wrong = await submitLogin({ user_id: 'ZX9999', password: 'nope', action: 'login' });
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).toContain('<p role="alert">Invalid client ID or password.</p>');
  });
});

describe('Kite test server control over HTTP', () => {
  it('moves prices, fills and lists orders, and expires tokens', async () => {
    const login = await submitLogin({ user_id: app.userId, password: app.password, action: 'login' });
    const requestToken = new URL(login.headers.get('location') ?? '').searchParams.get('request_token') ?? '';
    const session = await createSession(createKiteHttp({ apiRoot: server.apiRoot, apiKey: app.apiKey }), requestToken, app.apiSecret);
    const http = createKiteHttp({ apiRoot: server.apiRoot, apiKey: app.apiKey, accessToken: session.access_token });
    await control('price', { instrument: 'NFO:NIFTY26JAN26100CE', last_price: 88.05 });
    expect(await getLtp(http, ['NFO:NIFTY26JAN26100CE'])).toMatchObject({ 'NFO:NIFTY26JAN26100CE': { last_price: 88.05 } });
    const { order_id: orderId } = await placeOrder(http, {
      variety: 'regular', exchange: 'NFO', tradingsymbol: 'NIFTY26JAN26100CE', transaction_type: 'BUY', order_type: 'LIMIT', quantity: 75, product: 'MIS', price: 80,
    });
    expect((await control('fill', { order_id: orderId, price: 80 })).json.result).toMatchObject({ status: 'COMPLETE', average_price: 80 });
    expect((await control('orders')).json.result).toEqual([expect.objectContaining({ order_id: orderId, status: 'COMPLETE' })]);
    expect((await control('fill', { order_id: orderId })).json).toMatchObject({ message: 'Order cannot be filled as it is COMPLETE.' });
    await control('expire-tokens', {});
    await expect(getOrders(http)).rejects.toMatchObject({ errorType: 'TokenException' });
    expect((await control('no-such-thing', {})).status).toBe(404);
  });

  it('lists more contracts, which then take orders, and refuses a body without them', async () => {
    const contract = {
      instrument_token: 9_000_002, exchange_token: 35_156, tradingsymbol: 'NIFTY26DEC26000CE', name: 'NIFTY', last_price: 120, expiry: '2026-12-29',
      strike: 26000, tick_size: 0.05, lot_size: 65, instrument_type: 'CE', segment: 'NFO-OPT', exchange: 'NFO', freeze_quantity: 1800,
    };
    const login = await submitLogin({ user_id: app.userId, password: app.password, action: 'login' });
    const requestToken = new URL(login.headers.get('location') ?? '').searchParams.get('request_token') ?? '';
    const session = await createSession(createKiteHttp({ apiRoot: server.apiRoot, apiKey: app.apiKey }), requestToken, app.apiSecret);
    const http = createKiteHttp({ apiRoot: server.apiRoot, apiKey: app.apiKey, accessToken: session.access_token });
    const order = { variety: 'regular', exchange: 'NFO', tradingsymbol: contract.tradingsymbol, transaction_type: 'BUY', order_type: 'LIMIT', quantity: 65, product: 'MIS', price: 125 } as const;
    await expect(placeOrder(http, order)).rejects.toMatchObject({ errorType: 'InputException' });
    expect((await control('instruments', { instruments: [contract] })).json.result).toEqual({ listed: 1 });
    expect(await getLtp(http, [`NFO:${contract.tradingsymbol}`])).toMatchObject({ [`NFO:${contract.tradingsymbol}`]: { last_price: 120 } });
    const { order_id: orderId } = await placeOrder(http, order);
    expect(server.control.orders(orderId)[0]).toMatchObject({ status: 'COMPLETE', average_price: 120 });
    expect((await control('instruments', {})).status).toBe(400);
  });
});

describe('tests/kite-server/main.ts', () => {
  it('listens on 127.0.0.1, prints its URL and the three variables, and stops on SIGTERM', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'tests/kite-server/main.ts', '--port', '0', '--app', 'clikey,clisecret,http://127.0.0.1:9/cb'], { cwd: repoRoot });
    let stdout = '';
    const lines = new Promise<string[]>((resolve) => {
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
        if (stdout.includes('KITE_TICKER_URL=')) resolve(stdout.trim().split('\n'));
      });
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    const [url, apiRoot, loginUrl, tickerUrl] = await lines;
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect([apiRoot, loginUrl, tickerUrl]).toEqual([`KITE_API_ROOT=${url}`, `KITE_LOGIN_URL=${url}/connect/login`, `KITE_TICKER_URL=${url?.replace('http', 'ws')}/ticker`]);
    expect((await fetch(`${url}/connect/login?v=3&api_key=clikey`)).status).toBe(200);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});
