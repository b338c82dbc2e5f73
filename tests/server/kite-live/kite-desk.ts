// A live-trading desk for server tests: a Kite-compatible test server (tests/kite-server) on 127.0.0.1 and a
// real StrikeDesk server pointed at it (KITE_API_ROOT, KITE_LOGIN_URL, KITE_TICKER_URL through buildServer's
// options), a signed-in trader with a Kite account linked and logged in through the test server's login page,
// and NIFTY's nearest contracts listed on the test server with StrikeDesk's own symbols, lot size and freeze
// quantity. The clock is one: both servers read it.
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import type { components } from '../../../openapi/main.d.ts';
import { servicesDecorator } from '../../../server/app.ts';
import type { Database } from '../../../server/db/database.ts';
import type { ServerOptions } from '../../../server/app.ts';
import type { DhanEndpoints } from '../../../server/services/brokers/dhan/dhan-endpoints.ts';
import type { TickerTuning } from '../../../server/services/brokers/kite-broker/kite-feed.ts';
import type { KiteLimits } from '../../../server/services/brokers/kite-broker/kite-limits.ts';
import { createSecretBox } from '../../../server/services/secrets/secret-box.ts';
import type { Services } from '../../../server/services/services.ts';
import { defaultInstruments, indexInstrument, type ServerInstrument } from '../../kite-server/instruments-data.ts';
import type { ManualScheduler } from '../kite/kite-support.ts';
import { startKiteServer, type KiteTestServer } from '../../kite-server/kite-server.ts';
import { upstoxEndpointsFromEnv } from '../../../server/services/brokers/upstox/upstox-endpoints.ts';
import { startUpstoxServer, type UpstoxTestServer } from '../../upstox-server/upstox-server.ts';
import { signedInAccount } from '../support/accounts.ts';
import type { ContractCall } from '../support/contract-client.ts';
import { scriptedMarket, type ScriptedMarket } from '../support/paper-desk.ts';
import type { TestBackend } from '../support/test-database.ts';
import { manualClock, startTestServer, type TestServer } from '../support/test-server.ts';
import { guardedClient, newBrokerAccount, type BrokerAccount } from '../support/trading.ts';

type Schemas = components['schemas'];
export type Order = Schemas['Order'];
export type OrdersResponse = Schemas['OrdersResponse'];

// Friday 20 November 2026, 10:00 IST: a trading day.
export const friday = new Date('2026-11-20T04:30:00Z');

/** Kite's network as the adapter sees it: a test can make the next request matching a path fail before it is sent. */
export function faultyNetwork() {
  const faults: { match: (url: string, method: string) => boolean; error: Error; skip: number }[] = [];
  const calls: string[] = [];
  const fetchThrough: typeof fetch = async (input, init) => {
    const url = input instanceof URL ? input.toString() : typeof input === 'string' ? input : input.url;
    const method = init?.method ?? 'GET';
    calls.push(`${method} ${new URL(url).pathname}`);
    const fault = faults.findIndex((candidate) => candidate.match(url, method) && candidate.skip-- === 0);
    if (fault >= 0) throw faults.splice(fault, 1)[0]!.error;
    return fetch(input, init);
  };
  return {
    fetch: fetchThrough,
    /** The next request of `method` to a path starting with `path` (after `skip` such requests) fails with a connection reset, never sent. */
    failNext: (method: string, path: string, skip = 0) =>
      faults.push({ match: (url, m) => m === method && new URL(url).pathname.startsWith(path), error: Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNRESET' } }), skip }),
    calls: () => [...calls],
  };
}

export type KiteStack = {
  network: ReturnType<typeof faultyNetwork>;
  /** The quotes StrikeDesk's own market reads (the bot engine decides on them); Kite's prices are the test server's. */
  market: ScriptedMarket;
  kite: KiteTestServer;
  /** The Upstox test server on the same clock, when the stack was asked for one (`withUpstox`). */
  upstox: UpstoxTestServer | null;
  server: TestServer;
  call: ContractCall;
  services: Services;
  /** The server's key for values sealed at rest (a second instance on the same database needs it too). */
  secretKey: Buffer;
  /** Opens a value the server sealed at rest. */
  unseal: (sealed: string) => string;
  close: () => Promise<void>;
};

/** Both servers on one clock; `limits` replaces Kite's published ones (rate-limit tests). */
export async function startKiteStack(
  backend: TestBackend,
  options: { clockStart?: Date; database?: Database; limits?: KiteLimits; timeoutMs?: number; ticker?: TickerTuning; withUpstox?: boolean; dhan?: DhanEndpoints; noren?: ServerOptions['noren'] } = {},
): Promise<KiteStack> {
  const clock = manualClock(options.clockStart ?? friday);
  // Kite's own hours, as the live adapter reads them from the exchange calendar: regular orders while the
  // exchange trades, after-market orders outside.
  const kite = await startKiteServer({ clock: clock.now, heartbeatMs: 0, instruments: [], hours: 'exchange' });
  const market = scriptedMarket(clock);
  const secretKey = randomBytes(32);
  const network = faultyNetwork();
  const upstox = options.withUpstox === true ? await startUpstoxServer({ clock: clock.now, instruments: [] }) : null;
  const server = await startTestServer({
    secretKey,
    backend,
    clock,
    market: { seed: 'kite', demo: true, tickMs: 1000 },
    prices: market.source,
    kite: { apiRoot: kite.apiRoot, loginUrl: kite.loginUrl, tickerUrl: kite.tickerUrl },
    kiteClient: {
      ...(options.limits === undefined ? {} : { limits: options.limits }),
      ...(options.ticker === undefined ? {} : { ticker: options.ticker }),
      timeoutMs: options.timeoutMs ?? 5000,
      fetch: network.fetch,
    },
    ...(options.database === undefined ? {} : { database: options.database }),
    ...(options.dhan === undefined ? {} : { dhan: options.dhan }),
    ...(options.noren === undefined ? {} : { noren: options.noren }),
    ...(upstox === null ? {} : { upstox: upstoxEndpointsFromEnv({ UPSTOX_API_ROOT: upstox.apiRoot, UPSTOX_INSTRUMENTS_URL: upstox.instrumentsUrl }) }),
  });
  const call = guardedClient(server.app);
  return {
    network,
    market,
    kite,
    upstox,
    server,
    call,
    services: server.app.getDecorator<Services>(servicesDecorator),
    secretKey,
    unseal: (sealed) => createSecretBox(secretKey).open(sealed),
    close: async () => {
      await server.close();
      await kite.close();
      await upstox?.close();
    },
  };
}

/** Logs into the test server's Kite page as the trader would; answers the request_token of the redirect. */
export async function kiteLoginToken(kite: KiteTestServer, apiKey: string, userId: string, password = 'secret'): Promise<string> {
  const page = await fetch(`${kite.loginUrl}?v=3&api_key=${encodeURIComponent(apiKey)}`);
  expect(page.status).toBe(200);
  const response = await fetch(kite.loginUrl, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ api_key: apiKey, user_id: userId, password, action: 'login' }),
    redirect: 'manual',
  });
  const location = response.headers.get('location');
  expect(response.status, 'the login page redirects back').toBe(302);
  const back = new URL(location ?? '');
  expect(back.pathname).toBe('/app/broker/kite/callback');
  expect(back.searchParams.get('status')).toBe('success');
  return back.searchParams.get('request_token') ?? '';
}

export type KiteDesk = Awaited<ReturnType<typeof openKiteDesk>>;

/** A trader with a Kite account (₹5,00,000 at Kite unless told) logged in, and NIFTY's nearest contracts listed at Kite. */
export async function openKiteDesk(stack: KiteStack, options: { netRupees?: number } = {}) {
  const { kite, call } = stack;
  const { token } = await signedInAccount(call);
  const input = newBrokerAccount({ broker: 'kite', name: 'Zerodha', account_number: `ZR${randomUUID().slice(0, 6).toUpperCase()}` });
  const created = await call<{ broker_accounts: BrokerAccount }>('createBrokerAccount', { token, body: input });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const account = created.body.broker_accounts;
  kite.control.registerApp({ apiKey: input.api_key, apiSecret: input.api_secret, redirectUrl: 'http://127.0.0.1:9/app/broker/kite/callback', userId: input.account_number });
  if (options.netRupees !== undefined) kite.control.setMargins(input.api_key, options.netRupees);

  const logIn = async () => {
    const requestToken = await kiteLoginToken(kite, input.api_key, input.account_number);
    return call<{ broker_accounts: BrokerAccount; message: string }>('loginBrokerAccount', {
      token,
      params: { accountId: account.id },
      body: { request_token: requestToken, broker_name: 'kite' },
    });
  };
  const login = await logIn();
  expect(login.status, JSON.stringify(login.body)).toBe(200);

  const expiries = await call<Schemas['ExpiriesResponse']>('getExpiries', { token, query: { index: 'NIFTY' } });
  const expiry = expiries.body.expiries[0]!.date;
  const listed = await call<Schemas['InstrumentsResponse']>('getInstruments', { token, query: { index: 'NIFTY', expiry } });
  expect(listed.status).toBe(200);
  const lotSize = listed.body.lot_size;
  const strikes = [...new Set(listed.body.instruments.map((instrument) => instrument.strike))].sort((a, b) => a - b);
  const atm = strikes[Math.floor(strikes.length / 2)]!;
  // The index itself (yesterday's close 26,000), now at the middle strike: a live bot chooses its strikes
  // around Kite's level of it.
  kite.control.listInstruments([indexInstrument(256265, 'NIFTY 50', 'NSE', 26000)]);
  kite.control.setPrice('NSE:NIFTY 50', atm);
  kite.control.listInstruments(
    listed.body.instruments.map((instrument) => ({
      instrument_token: instrument.instrument_token,
      exchange_token: instrument.instrument_token >> 8,
      tradingsymbol: instrument.tradingsymbol,
      name: 'NIFTY',
      last_price: 100,
      expiry,
      strike: instrument.strike,
      tick_size: 0.05,
      lot_size: lotSize,
      instrument_type: instrument.instrument_type,
      segment: 'NFO-OPT',
      exchange: 'NFO',
      freeze_quantity: 1800,
    })),
  );
  const symbol = (strike: number, type: 'CE' | 'PE') => {
    const found = listed.body.instruments.find((instrument) => instrument.strike === strike && instrument.instrument_type === type);
    if (found === undefined) throw new Error(`NIFTY ${expiry} ${strike}${type} is not listed`);
    return found.tradingsymbol;
  };
  const accountNumber = account.account_number;

  const trade = <T = OrdersResponse>(operation: string, body: Record<string, unknown>, key: string = randomUUID()) =>
    call<T>(operation, { token, body: { account_number: accountNumber, ...body }, headers: { 'idempotency-key': key } });
  const order = (tradingsymbol: string, side: 'BUY' | 'SELL', quantity: number, extra: Record<string, unknown> = {}) => ({
    tradingsymbol,
    exchange: 'NFO',
    transaction_type: side,
    order_type: 'MARKET',
    product: 'NRML',
    quantity,
    ...extra,
  });
  const place = (orders: Record<string, unknown>[], extra: Record<string, unknown> = {}, key?: string) => trade('placeTrades', { orders, ...extra }, key);
  const orderBook = () => call<Schemas['OrderBookResponse']>('getOrderBook', { token, params: { accountNumber } });
  const positionBook = () => call<Schemas['PositionBookResponse']>('getPositionBook', { token, params: { accountNumber } });
  /** The test server's own record of an order (Kite's side). */
  const atKite = (orderId: string) => kite.control.orders(orderId)[0];

  return { token, input, account, accountNumber, logIn, expiry, lotSize, atm, strikes, symbol, trade, order, place, orderBook, positionBook, atKite };
}

/**
 * A Kite stack and a logged-in desk shared by a file's tests (`live.stack`, `live.desk`), each test in a
 * second of its own: Kite's 10 orders a second are counted on the shared clock.
 */
export function useKiteDesk(backend: TestBackend): { stack: KiteStack; desk: KiteDesk } {
  const live = {} as { stack: KiteStack; desk: KiteDesk };
  beforeAll(async () => {
    live.stack = await startKiteStack(backend);
    live.desk = await openKiteDesk(live.stack);
  });
  afterAll(async () => {
    await live.stack.close();
  });
  beforeEach(() => {
    live.stack.server.clock.advance(1000);
  });
  return live;
}

/**
 * Readies the desk's account for a live bot, as a trader must: a daily loss limit in its risk limits; answers
 * a bot body made live with the account number typed to confirm.
 */
export async function liveBotReady(stack: KiteStack, desk: KiteDesk): Promise<<Body extends object>(body: Body) => Body & { mode: 'live'; live_confirmation: string }> {
  const limits = { max_loss_today: 50_000, profit_lock_from: null, profit_lock_keep_pct: null, max_trades_today: null, max_lots_per_order: null, max_open_positions: null };
  const limited = await stack.call('updateRiskLimits', { token: desk.token, params: { accountNumber: desk.accountNumber }, body: limits });
  expect(limited.status, JSON.stringify(limited.body)).toBe(200);
  return (body) => ({ ...body, mode: 'live', live_confirmation: desk.accountNumber });
}

/**
 * A stack whose Kite ticker runs on `scheduler`'s timers (stale after 5 s silent, reopened after 1 s growing to
 * 4 s), with a logged-in desk, Kite's indices (and `instruments`) listed and the live prices' first pass made (`warn` hears it).
 */
export async function startTickerDesk(
  backend: TestBackend,
  scheduler: ManualScheduler,
  warn: (details: Record<string, unknown>, message: string) => void,
  options: { clockStart?: Date; instruments?: readonly ServerInstrument[] } = {},
): Promise<{ stack: KiteStack; desk: KiteDesk }> {
  const stack = await startKiteStack(backend, { ...(options.clockStart === undefined ? {} : { clockStart: options.clockStart }), ticker: { scheduler, staleAfterMs: 5000, backoff: { initialMs: 1000, maxMs: 4000 } } });
  const desk = await openKiteDesk(stack);
  // The indices and any rows the test lists, before the first pass loads the day's dump.
  stack.kite.control.listInstruments([...defaultInstruments().filter((row) => row.segment === 'INDICES'), ...(options.instruments ?? [])]);
  await stack.services.kite.prices.pass(warn);
  return { stack, desk };
}
