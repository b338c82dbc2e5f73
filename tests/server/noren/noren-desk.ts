// A Noren desk for server tests: the Noren-compatible test server (tests/noren-server) in Shoonya's or Flattrade's
// configuration on 127.0.0.1 and a real StrikeDesk server pointed at it (SHOONYA_* / FLATTRADE_* through
// buildServer's options), both on one clock, and a signed-in trader with an account of that broker linked whose
// login goes through StrikeDesk's login link and the test server's login page, as a browser would.
import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { components } from '../../../openapi/main';
import { servicesDecorator } from '../../../server/app.ts';
import { flattrade, norenEndpointsFromEnv, shoonya } from '../../../server/services/brokers/noren/noren-endpoints.ts';
import type { FeedTuning } from '../../../server/services/brokers/live/feed-socket.ts';
import { createSecretBox } from '../../../server/services/secrets/secret-box.ts';
import type { Services } from '../../../server/services/services.ts';
import { startNorenServer, type Flavor, type NorenTestServer } from '../../noren-server/noren-server.ts';
import { signedInAccount } from '../support/accounts.ts';
import type { ContractCall } from '../support/contract-client.ts';
import type { TestBackend } from '../support/test-database.ts';
import { manualClock, startTestServer, type TestServer } from '../support/test-server.ts';
import { guardedClient, newBrokerAccount, type BrokerAccount } from '../support/trading.ts';

/** Friday 16 January 2026, 09:30 IST (the 15th was a market holiday: Maharashtra's municipal elections). */
export const friday = new Date('2026-01-16T04:00:00Z');
export const redirectUri = 'http://127.0.0.1:9/app/broker/noren/callback';

export const flavors: Flavor[] = ['shoonya', 'flattrade'];
const kinds = { shoonya, flattrade } as const;

export type NorenStack = { flavor: Flavor; noren: NorenTestServer; server: TestServer; call: ContractCall; services: Services; clock: ReturnType<typeof manualClock>; unseal: (sealed: string) => string; close: () => Promise<void> };

/** Where a test server is, as the environment would say it (only the API root, the login and token calls follow it). */
export function norenEndpointsOf(flavor: Flavor, noren: NorenTestServer) {
  const prefix = kinds[flavor].envPrefix;
  return norenEndpointsFromEnv(kinds[flavor], { [`${prefix}_API_ROOT`]: noren.apiRoot, [`${prefix}_SCRIP_MASTER_URL`]: noren.scripMasterUrl });
}

export async function startNorenStack(backend: TestBackend, flavor: Flavor, options: { feed?: FeedTuning } = {}): Promise<NorenStack> {
  const clock = manualClock(friday);
  const noren = await startNorenServer({ flavor, clock: clock.now });
  const secretKey = randomBytes(32);
  const server = await startTestServer({ secretKey, backend, clock, noren: { [flavor]: norenEndpointsOf(flavor, noren), ...(options.feed === undefined ? {} : { feed: options.feed }) } });
  return {
    flavor,
    noren,
    server,
    clock,
    call: guardedClient(server.app),
    services: server.app.getDecorator<Services>(servicesDecorator),
    unseal: (sealed) => createSecretBox(secretKey).open(sealed),
    close: async () => {
      await server.close();
      await noren.close();
    },
  };
}

/** Logs in on the test server's page at `link` as `userId`; answers the redirect's query (code, and Flattrade's client). */
export async function throughLoginPage(link: string, userId: string): Promise<URLSearchParams> {
  const page = await fetch(link);
  expect(page.status, 'the login page opens').toBe(200);
  const url = new URL(link);
  const apiKey = url.searchParams.get('client_id') ?? url.searchParams.get('app_key') ?? '';
  const form = new URLSearchParams({ api_key: apiKey, user_id: userId, password: 'secret' });
  const response = await fetch(`${url.origin}${url.pathname}`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: form, redirect: 'manual' });
  expect(response.status, 'the login page redirects back').toBe(302);
  return new URL(response.headers.get('location') ?? '').searchParams;
}

export type NorenDesk = Awaited<ReturnType<typeof openNorenDesk>>;

/** A trader (a new one unless `token` is given) with an account of the stack's broker linked (its app registered at the test server for `userId`, the account's unless told). */
export async function openNorenDesk(stack: Pick<NorenStack, 'call' | 'noren' | 'flavor'>, options: { userId?: string; token?: string } = {}) {
  const { call, noren, flavor } = stack;
  const token = options.token ?? (await signedInAccount(call)).token;
  const input = newBrokerAccount({ broker: flavor, name: flavor, account_number: `FA${String(10_000 + randomInt(89_999))}`, api_key: `${flavor}app${randomUUID().slice(0, 8)}` });
  const created = await call<{ broker_accounts: BrokerAccount }>('createBrokerAccount', { token, body: input });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const account = created.body.broker_accounts;
  const userId = options.userId ?? input.account_number;
  noren.control.registerApp({ apiKey: input.api_key, apiSecret: input.api_secret, redirectUrl: redirectUri, userId });

  /** StrikeDesk's login link for the account (the broker's login page for the account's app). */
  const link = async () => {
    const answer = await call<{ login_url: string }>('createBrokerLoginLink', { token, params: { accountId: account.id }, body: { broker_name: flavor, redirect_uri: redirectUri, lang: 'en' } });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.login_url;
  };
  /** Posts what the redirect brought back, as the callback page does. */
  const exchange = (code: string) =>
    call<{ broker_accounts: BrokerAccount; code?: string; message?: string }>('loginBrokerAccount', { token, params: { accountId: account.id }, body: { request_token: code, broker_name: flavor } });
  const logIn = async () => exchange((await throughLoginPage(await link(), userId)).get('code') ?? '');
  return { token, input, account, userId, link, exchange, logIn };
}

type Order = { tradingsymbol: string; transaction_type: 'BUY' | 'SELL'; order_type: 'LIMIT' | 'MARKET'; product: 'NRML' | 'MIS'; quantity: number; price?: number; after_market?: boolean; after_market_time?: 'PRE_OPEN' | 'OPEN' | 'OPEN_30' | 'OPEN_60' };

/** Places orders through StrikeDesk's API for the desk's account. */
export function placeOn(stack: Pick<NorenStack, 'call'>, desk: Pick<NorenDesk, 'token' | 'account'>, orders: Order[], key: string = randomUUID()) {
  return stack.call<components['schemas']['OrdersResponse'] & { code?: string; message?: string }>('placeTrades', {
    token: desk.token,
    body: { account_number: desk.account.account_number, orders: orders.map((order) => ({ exchange: 'NFO', ...order })) },
    headers: { 'idempotency-key': key },
  });
}
