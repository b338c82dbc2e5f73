// A Dhan desk for server tests: the Dhan-compatible test server (tests/dhan-server) on 127.0.0.1 and a real
// StrikeDesk server pointed at it (DHAN_API_ROOT through buildServer's options), both on one clock, and a
// signed-in trader with a Dhan account linked whose login goes through StrikeDesk's login link (a consent) and
// the test server's login page, as a browser would.
import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { components } from '../../../openapi/main';
import { servicesDecorator } from '../../../server/app.ts';
import { dhanEndpointsFromEnv } from '../../../server/services/brokers/dhan/dhan-endpoints.ts';
import type { FeedTuning } from '../../../server/services/brokers/live/feed-socket.ts';
import { createSecretBox } from '../../../server/services/secrets/secret-box.ts';
import type { Services } from '../../../server/services/services.ts';
import { startDhanServer, type DhanTestServer } from '../../dhan-server/dhan-server.ts';
import type { ServerContract } from '../../dhan-server/market.ts';
import { signedInAccount } from '../support/accounts.ts';
import type { ContractCall } from '../support/contract-client.ts';
import type { TestBackend } from '../support/test-database.ts';
import { manualClock, startTestServer, type TestServer } from '../support/test-server.ts';
import { guardedClient, newBrokerAccount, type BrokerAccount } from '../support/trading.ts';

/** Friday 16 January 2026, 09:30 IST (the 15th was a market holiday: Maharashtra's municipal elections). */
export const friday = new Date('2026-01-16T04:00:00Z');
export const redirectUri = 'http://127.0.0.1:9/app/broker/dhan/callback';

export type DhanStack = { dhan: DhanTestServer; server: TestServer; call: ContractCall; services: Services; clock: ReturnType<typeof manualClock>; unseal: (sealed: string) => string; close: () => Promise<void> };

/** `feed`, `orderUpdates`: the Dhan sockets' watchdogs stepped by hand; `at`: the clock's start (Friday 16 January unless told); `contracts`: Dhan's listed ones (its defaults unless told). */
export async function startDhanStack(backend: TestBackend, client: { feed?: FeedTuning; orderUpdates?: FeedTuning } = {}, { at = friday, contracts }: { at?: Date; contracts?: ServerContract[] } = {}): Promise<DhanStack> {
  const clock = manualClock(at);
  const dhan = await startDhanServer({ clock: clock.now, ...(contracts === undefined ? {} : { contracts }) });
  const secretKey = randomBytes(32);
  // DHAN_API_ROOT alone: the sockets' addresses are the test server's (/feed, /order-update) as an operator's would be.
  const endpoints = dhanEndpointsFromEnv({ DHAN_API_ROOT: dhan.apiRoot, DHAN_SCRIP_MASTER_URL: dhan.scripMasterUrl });
  expect(endpoints).toMatchObject({ feedUrl: dhan.feedUrl, orderUpdateUrl: dhan.orderUpdateUrl, depthUrl: dhan.depthUrl, fullDepthUrl: dhan.fullDepthUrl });
  const server = await startTestServer({ secretKey, backend, clock, dhan: endpoints, dhanClient: client });
  return {
    dhan,
    server,
    clock,
    call: guardedClient(server.app),
    services: server.app.getDecorator<Services>(servicesDecorator),
    unseal: (sealed) => createSecretBox(secretKey).open(sealed),
    close: async () => {
      await server.close();
      await dhan.close();
    },
  };
}

/** Logs in on the test server's page at `link` as `clientId`; answers the redirect's query (tokenId). */
export async function throughLoginPage(link: string, clientId: string): Promise<URLSearchParams> {
  const page = await fetch(link);
  expect(page.status, 'the login page opens').toBe(200);
  const form = new URLSearchParams({ consentAppId: new URL(link).searchParams.get('consentAppId') ?? '', client_id: clientId, password: 'secret' });
  const response = await fetch(link, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: form, redirect: 'manual' });
  expect(response.status, 'the login page redirects back').toBe(302);
  return new URL(response.headers.get('location') ?? '').searchParams;
}

export type DhanDesk = Awaited<ReturnType<typeof openDhanDesk>>;

/** A trader (a new one unless `token` is given) with a Dhan account linked (its app registered at the test server for `clientId`, the account's unless told). */
export async function openDhanDesk(stack: Pick<DhanStack, 'call' | 'dhan'>, options: { clientId?: string; token?: string } = {}) {
  const { call, dhan } = stack;
  const token = options.token ?? (await signedInAccount(call)).token;
  const input = newBrokerAccount({ broker: 'dhan', name: 'Dhan', account_number: String(1_100_000_000 + randomInt(99_999_999)), api_key: `dhanapp${randomUUID().slice(0, 8)}` });
  const created = await call<{ broker_accounts: BrokerAccount }>('createBrokerAccount', { token, body: input });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const account = created.body.broker_accounts;
  const clientId = options.clientId ?? input.account_number;
  dhan.control.registerApp({ appId: input.api_key, appSecret: input.api_secret, redirectUrl: redirectUri, clientId });

  /** StrikeDesk's login link for the account (a consent generated at Dhan). */
  const link = async () => {
    const answer = await call<{ login_url: string }>('createBrokerLoginLink', { token, params: { accountId: account.id }, body: { broker_name: 'dhan', redirect_uri: redirectUri, lang: 'en' } });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.login_url;
  };
  /** Posts what the redirect brought back (or a pasted token), as the callback page does. */
  const exchange = (code: string) =>
    call<{ broker_accounts: BrokerAccount; code?: string; message?: string }>('loginBrokerAccount', { token, params: { accountId: account.id }, body: { request_token: code, broker_name: 'dhan' } });
  const logIn = async () => exchange((await throughLoginPage(await link(), clientId)).get('tokenId') ?? '');
  return { token, input, account, clientId, link, exchange, logIn };
}

type Order = { tradingsymbol: string; transaction_type: 'BUY' | 'SELL'; order_type: 'LIMIT' | 'MARKET'; product: 'NRML' | 'MIS'; quantity: number; price?: number; after_market?: boolean; after_market_time?: 'PRE_OPEN' | 'OPEN' | 'OPEN_30' | 'OPEN_60' };

/** Places orders through StrikeDesk's API for the desk's account. */
export function placeOn(stack: Pick<DhanStack, 'call'>, desk: Pick<DhanDesk, 'token' | 'account'>, orders: Order[], key: string = randomUUID()) {
  return stack.call<components['schemas']['OrdersResponse'] & { code?: string; message?: string }>('placeTrades', {
    token: desk.token,
    body: { account_number: desk.account.account_number, orders: orders.map((order) => ({ exchange: 'NFO', ...order })) },
    headers: { 'idempotency-key': key },
  });
}
