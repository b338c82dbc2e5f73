// Shared by the Upstox tests: an Upstox test server with one app, a clock the test moves, the login dialog
// walked as a browser would, and a logged-in HTTP client.
import { exchangeCode } from '../../../server/services/brokers/upstox/upstox-session.ts';
import { createUpstoxHttp, type UpstoxHttp } from '../../../server/services/brokers/upstox/upstox-http.ts';
import { upstoxLoginUrl } from '../../../server/services/brokers/upstox/upstox-endpoints.ts';
import { startUpstoxServer, type UpstoxServerOptions, type UpstoxTestServer } from '../../upstox-server/upstox-server.ts';

export const testApp = { apiKey: 'upstox-test-key', apiSecret: 'upstox-test-secret', redirectUri: 'http://127.0.0.1:9/app/broker/upstox/callback' };

/** 09:30 IST on Thursday 15 January 2026. */
export const morning = new Date('2026-01-15T04:00:00Z');

export function movableClock(start = morning) {
  let now = start.getTime();
  return { clock: () => new Date(now), set: (date: Date) => void (now = date.getTime()), advance: (ms: number) => void (now += ms) };
}

/** Opens the dialog from the login link and submits it; returns the redirect's query (code and state). */
export async function loginThroughDialog(server: Pick<UpstoxTestServer, 'apiRoot'>, state = 'state-1', user = { userId: 'AB1234', password: 'secret' }): Promise<URLSearchParams> {
  const link = upstoxLoginUrl(server.apiRoot, { apiKey: testApp.apiKey, redirectUri: testApp.redirectUri, state });
  const page = await fetch(link);
  if (page.status !== 200) throw new Error(`The dialog answered ${page.status}`);
  const form = new URLSearchParams(new URL(link).searchParams);
  form.set('user_id', user.userId);
  form.set('password', user.password);
  const response = await fetch(link, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: form, redirect: 'manual' });
  const location = response.headers.get('location');
  if (response.status !== 302 || !location) throw new Error(`The dialog did not redirect (${response.status})`);
  return new URL(location).searchParams;
}

export function anonymousHttp(server: Pick<UpstoxTestServer, 'apiRoot'>): UpstoxHttp {
  return createUpstoxHttp({ apiRoot: server.apiRoot, orderApiRoot: server.apiRoot });
}

export type LoggedIn = { server: UpstoxTestServer; http: UpstoxHttp; accessToken: string; time: ReturnType<typeof movableClock> };

export async function startLoggedIn(options: UpstoxServerOptions & { timeoutMs?: number } = {}): Promise<LoggedIn> {
  const time = movableClock();
  const server = await startUpstoxServer({ clock: time.clock, ...options, apps: [testApp, ...(options.apps ?? [])] });
  const code = (await loginThroughDialog(server)).get('code') ?? '';
  const session = await exchangeCode(anonymousHttp(server), { code, ...testApp });
  const http = createUpstoxHttp({ apiRoot: server.apiRoot, orderApiRoot: server.apiRoot, accessToken: session.access_token, algoName: 'StrikeDesk', timeoutMs: options.timeoutMs });
  return { server, http, accessToken: session.access_token, time };
}
