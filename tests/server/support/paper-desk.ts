// A trading desk for server tests: a real server whose paper broker prices from scripted quotes (each test
// sets the bid, ask and last it needs, then runs the fill engine as a tick would), and a signed-in user
// with a paper account logged in to its broker.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import type { components } from '../../../openapi/main.d.ts';
import { marketAssumptions } from '../../../quant/market-assumptions.ts';
import { servicesDecorator } from '../../../server/app.ts';
import type { Quote } from '../../../server/services/brokers/paper/order-rules.ts';
import type { PriceSource } from '../../../server/services/brokers/paper/price-source.ts';
import type { Services } from '../../../server/services/services.ts';
import { signedInAccount } from './accounts.ts';
import type { ContractCall } from './contract-client.ts';
import type { TestBackend } from './test-database.ts';
import { createBrokerAccount, guardedClient, paperBrokerLogin } from './trading.ts';
import { manualClock, startTestServer, type ManualClock, type TestServer, type TestServerOptions } from './test-server.ts';

export type Order = components['schemas']['Order'];
export type Position = components['schemas']['Position'];
export type OrdersResponse = components['schemas']['OrdersResponse'];
export type Instrument = components['schemas']['OptionInstrument'];

export type ScriptedMarket = {
  source: PriceSource;
  /** Sets a contract's quote, in rupees. */
  set: (tradingsymbol: string, quote: { bid: number; ask: number; last?: number; close?: number }) => void;
  /** Takes a contract's quote away: the contract has no price right now. */
  unset: (tradingsymbol: string) => void;
  /** Sets a contract's quote as it stood at one past instant (quotesAt answers it for exactly that instant, else the current quote). */
  setAt: (tradingsymbol: string, at: Date, quote: { bid: number; ask: number; last?: number }) => void;
  spot: (rupees: number) => void;
  /** A stock's own level (a bot's entry on the stock its alert names picks its strikes around it); the index's spot until set. */
  stockSpot: (symbol: string, rupees: number) => void;
  /** The index's closing value (the average of its last 30 minutes) an expiry settles at; the spot until set. */
  closingValue: (rupees: number | null) => void;
  /** Closed, the exchange opens next at `nextOpen` (orders become after-market orders) having closed at `closedAt`. */
  open: (isOpen: boolean, closed?: { nextOpen: Date | null; closedAt?: Date | null }) => void;
  /** Demo mode on or off (the paper broker reads it; the scripted market is open whenever `open` says). */
  demo: (on: boolean) => void;
};

/** Friday 20 November 2026, 10:00 IST: the scripted desks' morning (NIFTY's nearest expiry is Monday 23 November). */
export const scriptedFriday = new Date('2026-11-20T04:30:00Z');

/**
 * A server on the demo market whose paper broker prices from quotes the test scripts, its clock stopped at
 * `at` (Friday 10:00 IST unless said), and a client that checks every call against the contract.
 */
export async function startScriptedServer(
  backend: TestBackend,
  { at = scriptedFriday, ...options }: { at?: Date } & Omit<TestServerOptions, 'backend' | 'clock' | 'market' | 'prices'> = {},
): Promise<{ server: TestServer; market: ScriptedMarket; call: ContractCall }> {
  const clock = manualClock(at);
  const market = scriptedMarket(clock);
  const server = await startTestServer({ ...options, backend, clock, market: { seed: 'paper', demo: true, tickMs: 1000 }, prices: market.source });
  return { server, market, call: guardedClient(server.app) };
}

export type ScriptedServer = Awaited<ReturnType<typeof startScriptedServer>>;

/** One scripted server for a test file: started before its tests (`use` receives it), closed after them. */
export function scriptedServerPerFile(backend: TestBackend, use: (started: ScriptedServer) => void): void {
  let started: ScriptedServer | undefined;
  beforeAll(async () => {
    started = await startScriptedServer(backend);
    use(started);
  });
  afterAll(async () => {
    await started?.server.close();
  });
}

/**
 * A scripted server for the test file and, before each test, a new desk on it in demo mode with its at-the-money
 * call quoted (openQuotedDesk): `use` receives the server's parts with the desk and that call.
 */
export function quotedDeskPerTest(backend: TestBackend, use: (started: ScriptedServer & { desk: Desk; atmCall: string }) => void): void {
  let started: ScriptedServer;
  scriptedServerPerFile(backend, (server) => {
    started = server;
  });
  beforeEach(async () => {
    started.market.demo(true);
    use({ ...started, ...(await openQuotedDesk(started)) });
  });
}

const paise = (rupees: number) => Math.round(rupees * 100);

/** Quotes a test scripts; margin priced at a flat 12 % volatility around the scripted spot. */
export function scriptedMarket(clock: ManualClock): ScriptedMarket {
  const quotes = new Map<string, Quote>();
  const pastQuotes = new Map<string, Quote>();
  const quoteOf = ({ bid, ask, last, close }: { bid: number; ask: number; last?: number; close?: number }): Quote => {
    const lastPaise = paise(last ?? (bid + ask) / 2);
    return { bidPaise: paise(bid), askPaise: paise(ask), lastPaise, closePaise: paise(close ?? last ?? bid) };
  };
  let spotPaise = 2_605_000;
  const stockSpots = new Map<string, number>();
  let isOpen = true;
  let closingPaise: number | null = null;
  let closedState: { nextOpen: Date | null; closedAt: Date | null } = { nextOpen: null, closedAt: null };
  const source: PriceSource = {
    quotes: async (keys) => new Map(keys.flatMap((key) => (quotes.has(key) ? [[key, quotes.get(key)!] as const] : []))),
    quotesAt: async (keys, at) =>
      new Map(
        keys.flatMap((key) => {
          const quote = pastQuotes.get(`${key}@${at.toISOString()}`) ?? quotes.get(key);
          return quote === undefined ? [] : [[key, quote] as const];
        }),
      ),
    spotPaise: async (index) => stockSpots.get(index) ?? spotPaise,
    closingValuePaise: async () => closingPaise ?? spotPaise,
    pricing: async () => ({ spot: spotPaise / 100, rate: marketAssumptions.rate, nowMs: clock.now().getTime(), volatility: () => 0.12 }),
    marketOpen: async () => isOpen,
    session: async () => (isOpen ? { open: true, nextOpen: null, closedAt: null } : { open: false, ...closedState }),
    demo: true,
  };
  return {
    source,
    set: (tradingsymbol, quote) => {
      quotes.set(`NFO:${tradingsymbol}`, quoteOf(quote));
    },
    unset: (tradingsymbol) => {
      quotes.delete(`NFO:${tradingsymbol}`);
    },
    setAt: (tradingsymbol, at, quote) => {
      pastQuotes.set(`NFO:${tradingsymbol}@${at.toISOString()}`, quoteOf(quote));
    },
    spot: (rupees) => {
      spotPaise = paise(rupees);
    },
    stockSpot: (symbol, rupees) => {
      stockSpots.set(symbol, paise(rupees));
    },
    closingValue: (rupees) => {
      closingPaise = rupees === null ? null : paise(rupees);
    },
    open: (value, closed) => {
      isOpen = value;
      closedState = { nextOpen: closed?.nextOpen ?? null, closedAt: closed?.closedAt ?? null };
    },
    demo: (on) => {
      source.demo = on;
    },
  };
}

export type Desk = Awaited<ReturnType<typeof openDesk>>;

/** A user with a paper account (₹5,00,000 unless told) logged in to its broker, and NIFTY's nearest contracts. */
export async function openDesk(server: TestServer, call: ContractCall, capital = 500000) {
  const { token } = await signedInAccount(call);
  const { input, account } = await createBrokerAccount(call, token, { capital });
  /** Logs in to the broker again (sessions end at 06:00 IST each morning, as Kite's). */
  const logIn = async () => {
    const login = await call('loginBrokerAccount', {
      token,
      params: { accountId: account.id },
      body: { request_token: await paperBrokerLogin(server.app, input), broker_name: 'paper' },
    });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
  };
  await logIn();
  const expiries = await call<components['schemas']['ExpiriesResponse']>('getExpiries', { token, query: { index: 'NIFTY' } });
  const expiry = expiries.body.expiries[0]!.date;
  const listed = await call<components['schemas']['InstrumentsResponse']>('getInstruments', { token, query: { index: 'NIFTY', expiry } });
  expect(listed.status).toBe(200);
  const contract = (strike: number, type: 'CE' | 'PE'): Instrument => {
    const found = listed.body.instruments.find((instrument) => instrument.strike === strike && instrument.instrument_type === type);
    if (found === undefined) throw new Error(`NIFTY ${expiry} ${strike}${type} is not listed`);
    return found;
  };
  const strikes = [...new Set(listed.body.instruments.map((instrument) => instrument.strike))];
  const atm = strikes[Math.floor(strikes.length / 2)]!;
  const accountNumber = account.account_number;

  const trade = <T = OrdersResponse>(operation: string, body: Record<string, unknown>, key: string = randomUUID()) =>
    call<T>(operation, { token, body: { account_number: accountNumber, ...body }, headers: { 'idempotency-key': key } });

  const order = (symbol: string, side: 'BUY' | 'SELL', quantity: number, extra: Record<string, unknown> = {}) => ({
    tradingsymbol: symbol,
    exchange: 'NFO',
    transaction_type: side,
    order_type: 'MARKET',
    product: 'NRML',
    quantity,
    ...extra,
  });

  /** One order through place_trades; answers the order as the broker left it. */
  const place = async (symbol: string, side: 'BUY' | 'SELL', quantity: number, extra: Record<string, unknown> = {}): Promise<Order> => {
    const res = await trade('placeTrades', { orders: [order(symbol, side, quantity, extra)] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.orders).toHaveLength(1);
    return res.body.orders[0]!;
  };

  const orderBook = async () => {
    const res = await call<components['schemas']['OrderBookResponse']>('getOrderBook', { token, params: { accountNumber } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };

  const positionBook = async () => {
    const res = await call<components['schemas']['PositionBookResponse']>('getPositionBook', { token, params: { accountNumber } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.position_book;
  };

  const services = server.app.getDecorator<Services>(servicesDecorator);
  /** What the leader does after a tick: fill what the scripted quotes reached, settle what expired. */
  const tick = () => services.paperTrading.onTick(server.clock.now());

  return { token, account, accountNumber, expiry, contract, atm, lotSize: listed.body.lot_size, trade, order, place, orderBook, positionBook, tick, services, logIn };
}

/**
 * The usual start of a paper-broker test: a minute on (the order rate limits stay out of the way), the market
 * open with NIFTY at 26,050, a new desk, and its at-the-money call quoted 120 / 120.50 (last 120.25, close 110).
 */
export async function openQuotedDesk({ server, market, call }: ScriptedServer): Promise<{ desk: Desk; atmCall: string }> {
  server.clock.advance(60_000);
  market.open(true);
  market.spot(26050);
  const desk = await openDesk(server, call);
  const atmCall = desk.contract(desk.atm, 'CE').tradingsymbol;
  market.set(atmCall, { bid: 120, ask: 120.5, last: 120.25, close: 110 });
  return { desk, atmCall };
}

/** Runs `during` with the clock at `instant`, then puts the clock back and the market open again. */
export async function atInstant({ server, market }: Pick<ScriptedServer, 'server' | 'market'>, instant: string, during: () => Promise<void>): Promise<void> {
  const start = server.clock.now().getTime();
  server.clock.advance(Date.parse(instant) - start);
  try {
    await during();
  } finally {
    server.clock.advance(start - server.clock.now().getTime());
    market.open(true);
  }
}
