// A benchmark's live trader: registered and signed in on an app built in the benchmark's own process, with a
// Kite account linked, its Kite Connect app registered at the Kite test server (over its /__control HTTP
// surface) and logged in through that server's login page, as a trader would.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

export type KiteEndpoints = { url: string; apiRoot: string; loginUrl: string; tickerUrl: string };
export type KiteAccount = { token: string; accountNumber: string; apiKey: string };

/** POST /__control/<name> on the Kite test server; throws on anything but 200. */
export async function kiteControl(kite: KiteEndpoints, name: string, body: object = {}): Promise<unknown> {
  const response = await fetch(`${kite.url}/__control/${name}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (response.status !== 200) throw new Error(`/__control/${name} answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { result: unknown }).result;
}

/** Kite's login page: the form posted, the request_token of the redirect back. */
async function kiteRequestToken(kite: KiteEndpoints, apiKey: string, clientId: string): Promise<string> {
  const response = await fetch(kite.loginUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ api_key: apiKey, user_id: clientId, password: 'secret', action: 'login' }),
    redirect: 'manual',
  });
  const token = new URL(response.headers.get('location') ?? 'http://x').searchParams.get('request_token');
  if (response.status !== 302 || token === null) throw new Error(`Kite's login page answered ${response.status}`);
  return token;
}

export async function kiteTradingAccount(app: FastifyInstance, kite: KiteEndpoints, i: number): Promise<KiteAccount> {
  const remoteAddress = `10.2.${Math.floor(i / 250)}.${(i % 250) + 1}`;
  const email = `kite${i}-${randomUUID().slice(0, 8)}@example.in`;
  const password = 'bench-password-1';
  await app.inject({ method: 'POST', url: '/api/authenticate/register/', remoteAddress, payload: { email, password, name: 'Bench', mobile: '+919876543210' } });
  const login = await app.inject({ method: 'POST', url: '/api/authenticate/login/', remoteAddress, payload: { email, password } });
  const token = login.json<{ token: string }>().token;
  const auth = { authorization: `Bearer ${token}` };
  const accountNumber = `ZB${i}${randomUUID().slice(0, 4)}`.toUpperCase();
  const apiKey = `bench_${accountNumber}`.toLowerCase();
  const apiSecret = `bench_secret_${randomUUID()}`;
  const created = await app.inject({
    method: 'POST',
    url: '/api/accounts/accounts/',
    remoteAddress,
    headers: auth,
    payload: { broker: 'kite', name: 'Bench', account_number: accountNumber, api_key: apiKey, api_secret: apiSecret, capital: 100_000_000 },
  });
  if (created.statusCode !== 201) throw new Error(`linking a Kite account answered ${created.statusCode}: ${created.body}`);
  const accountId = created.json<{ broker_accounts: { id: number } }>().broker_accounts.id;
  await kiteControl(kite, 'apps', { apiKey, apiSecret, redirectUrl: 'http://127.0.0.1:9/app/broker/kite/callback', userId: accountNumber });
  await kiteControl(kite, 'margins', { api_key: apiKey, net: 100_000_000 });
  const loggedIn = await app.inject({
    method: 'POST',
    url: `/api/accounts/account-login/${accountId}/`,
    remoteAddress,
    headers: auth,
    payload: { request_token: await kiteRequestToken(kite, apiKey, accountNumber), broker_name: 'kite' },
  });
  if (loggedIn.statusCode !== 200) throw new Error(`the Kite login answered ${loggedIn.statusCode}: ${loggedIn.body}`);
  return { token, accountNumber, apiKey };
}
