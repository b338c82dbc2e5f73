// The live brokers a benchmark sends orders to, each through its adapter to its test server (tests/kite-server,
// tests/upstox-server) running in a process of its own on loopback, as the broker would on its own machines.
// One row of the table per broker: how its test server starts, what buildServer is told, how a contract is
// listed there, how an account is logged in (through the broker's own login page, as a trader would), and
// which account a call was made for (from its Authorization header). The trader and the account link are
// the same for every broker.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { FastifyInstance } from 'fastify';
import type { buildServer } from '../../../server/app.ts';
import { upstoxEndpointsFromEnv } from '../../../server/services/brokers/upstox/upstox-endpoints.ts';
import type { nearestAtmCall } from './atm-call.ts';

type ServerOptions = Parameters<typeof buildServer>[0];
type DeskContract = Awaited<ReturnType<typeof nearestAtmCall>>;

/** A test server in its own process: its URL (the first line it prints) and the variables it prints after. */
export type TestServer = { url: string; variables: Record<string, string>; child: ChildProcess };
type Trader = { token: string; remoteAddress: string };
export type LiveAccount = { token: string; accountNumber: string; caller: string };

export type LiveBroker = {
  name: string;
  slug: 'kite' | 'upstox';
  /** The test server's main.ts (under tests/) and its flags. */
  main: string;
  args: string[];
  /** The variables it prints that serverOptions reads. */
  variables: readonly string[];
  /** What buildServer is told: where the broker is, and the adapter's fetch (the bench times it). */
  serverOptions: (server: TestServer, timed: typeof fetch) => Partial<ServerOptions>;
  /** Lists the desk's contract at the broker, as the broker's instrument list would have it. */
  list: (server: TestServer, desk: DeskContract) => Promise<void>;
  /** Registers the account's app at the broker, logs it in and answers what its calls carry (callerOf). */
  logIn: (app: FastifyInstance, server: TestServer, trader: Trader, account: { id: number; number: string; apiKey: string; apiSecret: string }) => Promise<string>;
  /** The account a call was made for, from its Authorization header. */
  callerOf: (authorization: string) => string;
  /** The placement call among those the adapter makes ("POST /orders/…"). */
  isPlacement: (call: string) => boolean;
};

/** Runs a test server's main.ts on a free port; it prints its URL first, then NAME=value lines. */
export async function startTestServer(broker: LiveBroker): Promise<TestServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, '..', '..', broker.main), '--port', '0', ...broker.args], { stdio: ['ignore', 'pipe', 'inherit'] });
  let url = '';
  const variables: Record<string, string> = {};
  for await (const line of createInterface({ input: child.stdout! })) {
    const equals = line.indexOf('=');
    if (url === '') url = line;
    else if (equals > 0) variables[line.slice(0, equals)] = line.slice(equals + 1);
    if (broker.variables.every((name) => name in variables)) break;
  }
  return { url, variables, child };
}

/** POST /__control/<name> on a test server; throws on anything but 200, answers the parsed body. */
async function control(server: TestServer, name: string, body: object = {}): Promise<Record<string, unknown>> {
  const response = await fetch(`${server.url}/__control/${name}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (response.status !== 200) throw new Error(`/__control/${name} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as Record<string, unknown>;
}

async function accountLogin(app: FastifyInstance, trader: Trader, accountId: number, payload: Record<string, string>): Promise<void> {
  const res = await app.inject({ method: 'POST', url: `/api/accounts/account-login/${accountId}/`, remoteAddress: trader.remoteAddress, headers: { authorization: `Bearer ${trader.token}` }, payload });
  if (res.statusCode !== 200) throw new Error(`the ${payload.broker_name} login answered ${res.statusCode}: ${res.body}`);
}

const kite: LiveBroker = {
  name: 'Kite',
  slug: 'kite',
  main: 'kite-server/main.ts',
  args: ['--heartbeat-ms', '0'],
  variables: ['KITE_API_ROOT', 'KITE_LOGIN_URL', 'KITE_TICKER_URL'],
  serverOptions: ({ variables }, timed) => ({
    kite: { apiRoot: variables.KITE_API_ROOT ?? '', loginUrl: variables.KITE_LOGIN_URL ?? '', tickerUrl: variables.KITE_TICKER_URL ?? '' },
    kiteClient: { fetch: timed },
  }),
  list: async (server, { expiry, lotSize, contract }) =>
    void (await control(server, 'instruments', {
      instruments: [{ ...contract, exchange_token: contract.instrument_token >> 8, name: 'NIFTY', last_price: 100, expiry, tick_size: 0.05, lot_size: lotSize, segment: 'NFO-OPT', exchange: 'NFO', freeze_quantity: 1800 }],
    })),
  async logIn(app, server, trader, account) {
    await control(server, 'apps', { apiKey: account.apiKey, apiSecret: account.apiSecret, redirectUrl: 'http://127.0.0.1:9/app/broker/kite/callback', userId: account.number });
    await control(server, 'margins', { api_key: account.apiKey, net: 100_000_000 });
    // Kite's login page: the form posted, the request_token of the redirect back.
    const page = await fetch(server.variables.KITE_LOGIN_URL ?? '', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ api_key: account.apiKey, user_id: account.number, password: 'secret', action: 'login' }),
      redirect: 'manual',
    });
    const requestToken = new URL(page.headers.get('location') ?? 'http://x').searchParams.get('request_token');
    if (page.status !== 302 || requestToken === null) throw new Error(`Kite's login page answered ${page.status}`);
    await accountLogin(app, trader, account.id, { request_token: requestToken, broker_name: 'kite' });
    return account.apiKey;
  },
  callerOf: (authorization) => /^token ([^:]+):/.exec(authorization)?.[1] ?? '',
  isPlacement: (call) => call.startsWith('POST /orders/'),
};

const upstoxRedirect = 'http://127.0.0.1:9/app/broker/upstox/callback';

const upstox: LiveBroker = {
  name: 'Upstox',
  slug: 'upstox',
  main: 'upstox-server/main.ts',
  args: ['--heartbeat-ms', '0'],
  variables: ['UPSTOX_API_ROOT', 'UPSTOX_INSTRUMENTS_URL'],
  serverOptions: ({ variables }, timed) => ({
    upstox: upstoxEndpointsFromEnv({ UPSTOX_API_ROOT: variables.UPSTOX_API_ROOT, UPSTOX_INSTRUMENTS_URL: variables.UPSTOX_INSTRUMENTS_URL }),
    upstoxClient: { fetch: timed },
  }),
  list: async (server, { expiry, lotSize, contract }) =>
    void (await control(server, 'instruments', {
      instruments: [{
        instrument_key: `NSE_FO|${contract.instrument_token}`, trading_symbol: contract.tradingsymbol, exchange: 'NFO', segment: 'NSE_FO', lot_size: lotSize, tick_size: 0.05,
        freeze_quantity: 1800, index: false, option: { underlying: 'NIFTY', expiry, strike: contract.strike, kind: contract.instrument_type },
      }],
    })),
  async logIn(app, server, trader, account) {
    await control(server, 'apps', { apiKey: account.apiKey, apiSecret: account.apiSecret, redirectUri: upstoxRedirect, userId: account.number });
    await control(server, 'funds', { user_id: account.number, available_margin: 100_000_000 });
    const link = await app.inject({
      method: 'POST', url: `/api/accounts/account-login-link/${account.id}/`, remoteAddress: trader.remoteAddress, headers: { authorization: `Bearer ${trader.token}` },
      payload: { broker_name: 'upstox', redirect_uri: upstoxRedirect, lang: 'en' },
    });
    if (link.statusCode !== 200) throw new Error(`the Upstox login link answered ${link.statusCode}: ${link.body}`);
    // Upstox's dialog: the form posted, the code and state of the redirect back.
    const dialog = new URL(link.json<{ login_url: string }>().login_url);
    const form = new URLSearchParams(dialog.searchParams);
    form.set('user_id', account.number);
    form.set('password', 'secret');
    const page = await fetch(dialog, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form, redirect: 'manual' });
    const back = new URL(page.headers.get('location') ?? 'http://x').searchParams;
    if (page.status !== 302 || !back.has('code')) throw new Error(`Upstox's dialog answered ${page.status}`);
    await accountLogin(app, trader, account.id, { request_token: back.get('code') ?? '', state: back.get('state') ?? '', broker_name: 'upstox' });
    // Upstox's calls carry only the access token: the account's is the session the test server opened for it.
    const sessions = (await control(server, 'sessions')).data as Array<{ userId: string; token: string; revoked: boolean }>;
    return sessions.find((session) => session.userId === account.number && !session.revoked)?.token ?? '';
  },
  callerOf: (authorization) => /^Bearer (.+)$/.exec(authorization)?.[1] ?? '',
  isPlacement: (call) => call.startsWith('POST /v3/order/place'),
};

export const liveBrokers: readonly LiveBroker[] = [kite, upstox];

/** A trader registered and signed in, with an account at `broker` linked and logged in. */
export async function liveAccount(app: FastifyInstance, broker: LiveBroker, server: TestServer, i: number): Promise<LiveAccount> {
  const remoteAddress = `10.2.${Math.floor(i / 250)}.${(i % 250) + 1}`;
  const email = `${broker.slug}${i}-${randomUUID().slice(0, 8)}@example.in`;
  const password = 'bench-password-1';
  await app.inject({ method: 'POST', url: '/api/authenticate/register/', remoteAddress, payload: { email, password, name: 'Bench', mobile: '+919876543210' } });
  const login = await app.inject({ method: 'POST', url: '/api/authenticate/login/', remoteAddress, payload: { email, password } });
  const trader = { token: login.json<{ token: string }>().token, remoteAddress };
  const number = `${broker.slug.slice(0, 2)}${i}${randomUUID().slice(0, 4)}`.toUpperCase();
  const apiKey = `bench_${number}`.toLowerCase();
  const apiSecret = `bench_secret_${randomUUID()}`;
  const created = await app.inject({
    method: 'POST', url: '/api/accounts/accounts/', remoteAddress, headers: { authorization: `Bearer ${trader.token}` },
    payload: { broker: broker.slug, name: 'Bench', account_number: number, api_key: apiKey, api_secret: apiSecret, capital: 100_000_000 },
  });
  if (created.statusCode !== 201) throw new Error(`linking a ${broker.name} account answered ${created.statusCode}: ${created.body}`);
  const id = created.json<{ broker_accounts: { id: number } }>().broker_accounts.id;
  const caller = await broker.logIn(app, server, trader, { id, number, apiKey, apiSecret });
  return { token: trader.token, accountNumber: number, caller };
}
