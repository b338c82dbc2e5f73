// The Upstox test server as browser tests will run it: its own process (main.ts), steered over HTTP
// (/__control/*) while StrikeDesk talks to it as to Upstox.
import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getProfile } from '../../../server/services/brokers/upstox/upstox-account.ts';
import { createUpstoxHttp, type UpstoxHttp } from '../../../server/services/brokers/upstox/upstox-http.ts';
import { getLtp } from '../../../server/services/brokers/upstox/upstox-market.ts';
import { placeOrder } from '../../../server/services/brokers/upstox/upstox-orders.ts';
import { exchangeCode } from '../../../server/services/brokers/upstox/upstox-session.ts';
import { anonymousHttp, loginThroughDialog, testApp } from './upstox-support.ts';

let child: ChildProcess;
let apiRoot = '';
let http: UpstoxHttp;

async function control(name: string, body: unknown = {}) {
  const response = await fetch(`${apiRoot}/__control/${name}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as { data?: unknown } };
}

beforeAll(async () => {
  const main = fileURLToPath(new URL('../../upstox-server/main.ts', import.meta.url));
  child = spawn(process.execPath, ['--import', 'tsx', main, '--heartbeat-ms', '0', '--app', `${testApp.apiKey},${testApp.apiSecret},${testApp.redirectUri}`], { stdio: ['ignore', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout! });
  apiRoot = await new Promise<string>((resolve) => lines.once('line', resolve));
  const code = (await loginThroughDialog({ apiRoot })).get('code') ?? '';
  const session = await exchangeCode(anonymousHttp({ apiRoot }), { code, ...testApp });
  http = createUpstoxHttp({ apiRoot, orderApiRoot: apiRoot, accessToken: session.access_token });
}, 60_000);

afterAll(() => {
  child.kill('SIGTERM');
});

describe('The Upstox test server in its own process', () => {
  it('prints its address and is steered over /__control', async () => {
    expect(apiRoot).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect((await control('quote', { instrument_key: 'NSE_FO|43919', last: 131.25 })).status).toBe(200);
    expect((await getLtp(http, ['NSE_FO|43919'])).get('NSE_FO|43919')?.last_price).toBe(131.25);
    const order = { instrument_token: 'NSE_FO|43919', transaction_type: 'BUY', order_type: 'MARKET', product: 'D', validity: 'DAY', quantity: 65, price: 0, trigger_price: 0, disclosed_quantity: 0, is_amo: false, slice: false, tag: 'sd-proc' } as const;
    await placeOrder(http, order);
    const orders = await control('orders', { user_id: 'AB1234' });
    expect(orders.body.data).toEqual([expect.objectContaining({ tag: 'sd-proc', status: 'complete', average_price: 131.25 })]);
    expect((await control('no-such-thing')).status).toBe(404);
    expect((await control('quote', { instrument_key: 'NSE_FO|43919' })).status).toBe(400);
  });

  it('ends every token when told, as at 03:30 IST', async () => {
    await control('expire-tokens');
    await expect(getProfile(http)).rejects.toMatchObject({ status: 401, errorCode: 'UDAPI100050' });
  });
});
