// An Upstox desk for server tests: the Upstox-compatible test server (tests/upstox-server) on 127.0.0.1 and a
// real StrikeDesk server pointed at it (UPSTOX_API_ROOT through buildServer's options), both on one clock, and a
// signed-in trader with an Upstox account linked whose login goes through StrikeDesk's login link and the test
// server's dialog, as a browser would.
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect } from 'vitest';
import type { components } from '../../../openapi/main';
import { servicesDecorator } from '../../../server/app.ts';
import type { FeedTuning } from '../../../server/services/brokers/live/feed-socket.ts';
import { createSecretBox } from '../../../server/services/secrets/secret-box.ts';
import type { Services } from '../../../server/services/services.ts';
import { upstoxEndpointsFromEnv } from '../../../server/services/brokers/upstox/upstox-endpoints.ts';
import { startUpstoxServer, type UpstoxTestServer } from '../../upstox-server/upstox-server.ts';
import { signedInAccount } from '../support/accounts.ts';
import type { ContractCall } from '../support/contract-client.ts';
import type { TestBackend } from '../support/test-database.ts';
import { openKiteDesk, startKiteStack, type KiteDesk, type KiteStack } from '../kite-live/kite-desk.ts';
import { manualClock, startTestServer, type TestServer } from '../support/test-server.ts';
import { guardedClient, newBrokerAccount, type BrokerAccount } from '../support/trading.ts';

/** Thursday 15 January 2026, 09:30 IST. */
export const thursday = new Date('2026-01-15T04:00:00Z');
export const redirectUri = 'http://127.0.0.1:9/app/broker/upstox/callback';

export type UpstoxStack = {
  upstox: UpstoxTestServer;
  server: TestServer;
  call: ContractCall;
  services: Services;
  unseal: (sealed: string) => string;
  close: () => Promise<void>;
};

/**
 * `feed`, `orderStream`: the market feed's and portfolio stream's watchdogs (a test steps their timers);
 * `clockStart`: another instant than `thursday`; `instrumentsUrl`: another place for Upstox's instrument file
 * than the test server's.
 */
export async function startUpstoxStack(
  backend: TestBackend,
  options: { feed?: FeedTuning; orderStream?: FeedTuning; clockStart?: Date; instrumentsUrl?: string } = {},
): Promise<UpstoxStack> {
  const clock = manualClock(options.clockStart ?? thursday);
  const upstox = await startUpstoxServer({ clock: clock.now });
  const secretKey = randomBytes(32);
  const server = await startTestServer({
    secretKey,
    backend,
    clock,
    upstox: upstoxEndpointsFromEnv({ UPSTOX_API_ROOT: upstox.apiRoot, UPSTOX_INSTRUMENTS_URL: options.instrumentsUrl ?? upstox.instrumentsUrl }),
    upstoxClient: { ...(options.feed === undefined ? {} : { feed: options.feed }), ...(options.orderStream === undefined ? {} : { orderStream: options.orderStream }) },
  });
  return {
    upstox,
    server,
    call: guardedClient(server.app),
    services: server.app.getDecorator<Services>(servicesDecorator),
    unseal: (sealed) => createSecretBox(secretKey).open(sealed),
    close: async () => {
      await server.close();
      await upstox.close();
    },
  };
}

/** Submits the test server's dialog at `link` as `userId`; answers the redirect's query (code and state). */
export async function throughDialog(link: string, userId: string): Promise<URLSearchParams> {
  const page = await fetch(link);
  expect(page.status, 'the dialog opens').toBe(200);
  const form = new URLSearchParams(new URL(link).searchParams);
  form.set('user_id', userId);
  form.set('password', 'secret');
  const response = await fetch(link, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: form, redirect: 'manual' });
  expect(response.status, 'the dialog redirects back').toBe(302);
  return new URL(response.headers.get('location') ?? '').searchParams;
}

export type UpstoxDesk = Awaited<ReturnType<typeof openUpstoxDesk>>;

/** A trader (a new one unless `token` is given) with an Upstox account linked (its app registered at the test server for `ucc`, the account's UCC unless told). */
export async function openUpstoxDesk(stack: Pick<UpstoxStack, 'call' | 'upstox'>, options: { ucc?: string; token?: string } = {}) {
  const { call, upstox } = stack;
  const token = options.token ?? (await signedInAccount(call)).token;
  const input = newBrokerAccount({ broker: 'upstox', name: 'Upstox', account_number: `UP${randomUUID().slice(0, 6).toUpperCase()}` });
  const created = await call<{ broker_accounts: BrokerAccount }>('createBrokerAccount', { token, body: input });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const account = created.body.broker_accounts;
  const ucc = options.ucc ?? input.account_number;
  upstox.control.registerApp({ apiKey: input.api_key, apiSecret: input.api_secret, redirectUri, userId: ucc });

  /** StrikeDesk's login link for the account. */
  const link = async () => {
    const answer = await call<{ login_url: string }>('createBrokerLoginLink', { token, params: { accountId: account.id }, body: { broker_name: 'upstox', redirect_uri: redirectUri, lang: 'en' } });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.login_url;
  };
  /** Posts what the redirect brought back, as the callback page does. */
  const exchange = (code: string, state?: string) =>
    call<{ broker_accounts: BrokerAccount; code?: string; message?: string }>('loginBrokerAccount', {
      token,
      params: { accountId: account.id },
      body: { request_token: code, broker_name: 'upstox', ...(state === undefined ? {} : { state }) },
    });
  const logIn = async () => {
    const back = await throughDialog(await link(), ucc);
    return exchange(back.get('code') ?? '', back.get('state') ?? '');
  };
  return { token, input, account, ucc, link, exchange, logIn };
}

/** A LIMIT buy of one lot at 90 with the market at 100, resting at Upstox: its order id. */
export async function restingOrder(stack: Pick<UpstoxStack, 'call' | 'upstox'>, desk: Pick<UpstoxDesk, 'token' | 'account'>): Promise<string> {
  stack.upstox.control.setQuote('NSE_FO|43919', { last: 100 });
  const placed = await stack.call<components['schemas']['OrdersResponse']>('placeTrades', {
    token: desk.token,
    body: { account_number: desk.account.account_number, orders: [{ tradingsymbol: 'NIFTY26JAN26000CE', exchange: 'NFO', transaction_type: 'BUY', order_type: 'LIMIT', product: 'NRML', quantity: 65, price: 90 }] },
    headers: { 'idempotency-key': randomUUID() },
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  expect(placed.body.orders[0]!.status).toBe('OPEN');
  return placed.body.orders[0]!.order_id;
}

/**
 * One trader with a Kite account and an Upstox account, both logged in, each against its own test server on
 * one clock, shared by a file's tests (`live.stack`, `live.kite`, `live.upstox`, `live.up`).
 */
export function useKiteAndUpstoxDesks(backend: TestBackend): { stack: KiteStack; upstox: UpstoxTestServer; kite: KiteDesk; up: UpstoxDesk } {
  const live = {} as { stack: KiteStack; upstox: UpstoxTestServer; kite: KiteDesk; up: UpstoxDesk };
  beforeAll(async () => {
    live.stack = await startKiteStack(backend, { withUpstox: true });
    live.upstox = live.stack.upstox!;
    live.kite = await openKiteDesk(live.stack);
    live.up = await openUpstoxDesk({ call: live.stack.call, upstox: live.upstox }, { token: live.kite.token });
    expect((await live.up.logIn()).status).toBe(200);
  });
  afterAll(async () => {
    await live.stack.close();
  });
  return live;
}
