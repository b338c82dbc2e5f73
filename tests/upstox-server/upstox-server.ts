// An Upstox-compatible server for tests, on 127.0.0.1 only: the login dialog and token exchange, the REST API
// (v3 orders, v2 books, positions and funds, v3 quotes and candles), the market feed v3 WebSocket with protobuf
// frames, an order book with simple matching, and `control` to move prices, expire tokens and inject faults.
// Built from Upstox's published API documentation (each route names its page); see README.md beside this file.
import { createServer, type Server, type ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { type AppConfig, createAccounts } from './accounts.ts';
import { createCalculators } from './calculators.ts';
import { createFeedHub } from './feed-hub.ts';
import { handleControl } from './http-control.ts';
import { readBody, sendRefusal } from './http-util.ts';
import { showDialog, submitDialog } from './login-dialog.ts';
import { createMarket, defaultInstruments, instrumentFile, type Quote, type ServerInstrument } from './market.ts';
import { createOrderBook } from './order-book.ts';
import { createHoldings, type HoldingSeed } from './holdings.ts';
import { createPortfolioStream, portfolioStreamPath } from './portfolio-stream.ts';
import type { Carried } from './positions.ts';
import { createWebhooks, orderUpdateBody, type Webhooks } from './webhooks.ts';
import { createOrderRateLimiter, createRateLimiter, standardWindows } from './rate-limit.ts';
import type { ExpiredState } from './expired.ts';
import { type Faults, type Funds, handleRest, type RestContext } from './rest-routes.ts';

export type UpstoxServerOptions = {
  /** 0 (the default) picks a free port. */
  port?: number;
  clock?: () => Date;
  apps?: AppConfig[];
  instruments?: ServerInstrument[];
  /** The feed's ping period; 0 (the default) pings only when a test asks (control.pingFeed). */
  heartbeatMs?: number;
};

export type UpstoxTestServer = {
  /** http://127.0.0.1:<port>: UPSTOX_API_ROOT (and the order root: the server answers both). */
  apiRoot: string;
  /** UPSTOX_INSTRUMENTS_URL: the instrument file of the server's contracts. */
  instrumentsUrl: string;
  control: UpstoxControl;
  close: () => Promise<void>;
};

export type UpstoxControl = ReturnType<typeof createControl>;

const defaultFunds: Funds = { used_margin: 0, payin_amount: 0, span_margin: 0, adhoc_margin: 0, notional_cash: 0, available_margin: 500_000, exposure_margin: 0 };

function createControl(context: RestContext & { funds_: Map<string, Funds>; webhooks: Webhooks; requests: string[] }) {
  return {
    registerApp: (config: AppConfig) => context.accounts.register(config),
    /** Lists more contracts (a test's own expiry and strikes): served in the instrument file from now on. */
    listInstruments: (instruments: readonly ServerInstrument[]) => context.market.list(instruments),
    /** Moves a price (and optionally the rest of the quote): the feed sends it, resting orders fill. */
    setQuote: (instrumentKey: string, change: Partial<Quote> & { last: number }) => context.market.setQuote(instrumentKey, change),
    rejectOrder: (orderId: string, message = 'Rejected by the exchange') => context.book.reject(orderId, message),
    /** The exchange rejects slice `index` (0 first) of the next sliced placement. */
    rejectNextSlice: (index: number, message = 'Rejected by the exchange') => context.book.rejectNextSlice(index, message),
    /** Every token (or one app's) answers 401 UDAPI100050 from now on, as after 03:30 IST; its feed sockets close. */
    expireAllTokens(apiKey?: string): void {
      const ended = context.accounts.expireAll(apiKey);
      context.feed.closeSessions(ended);
      context.portfolio.closeSessions(ended);
    },
    setFunds(userId: string, funds: { [K in keyof Funds]?: number | undefined }): void {
      const given = Object.fromEntries(Object.entries(funds).filter(([, value]) => value !== undefined));
      context.funds_.set(userId, { ...context.funds(userId), ...given });
    },
    /** Every token issued (its user, whether it was revoked: a logout or StrikeDesk refusing another user's login). */
    sessions: () => context.accounts.all().map(({ userId, token, revoked }) => ({ userId, token, revoked })),
    answer429Next: () => void (context.faults.answer429Next = true),
    /** The margin and brokerage calculators answer 500 UDAPI100500 ("Something went wrong") while on. */
    calculatorsDown: (on: boolean) => context.calculators.setDown(on),
    /** The next placement is booked, then its socket destroyed unanswered. */
    dropNextPlaceAnswer: () => void (context.faults.dropNextPlaceAnswer = true),
    /** The next placement's orders are booked but left out of the book's reads until `showHeldOrders` (Upstox slow to show them). */
    hideNextPlacement: () => void (context.faults.hideNextPlacement = true),
    showHeldOrders: () => context.faults.hidden.clear(),
    /** Positions the user carried from the previous session (placed anywhere: StrikeDesk knows nothing of them). */
    holdOvernight: (userId: string, positions: readonly Carried[]) => void context.carried.set(userId, [...(context.carried.get(userId) ?? []), ...positions]),
    /** The stocks a user holds in demat (long-term-holdings), replacing those set before, each listed at its last price. */
    setHoldings: (userId: string, rows: readonly HoldingSeed[]) => context.holdings.set(userId, rows),
    /** An order the user placed in Upstox's own app (no tag, no algo name): booked and matched as any other. */
    placeFromApp: (userId: string, body: Record<string, unknown>) => context.book.place(userId, { validity: 'DAY', disclosed_quantity: 0, price: 0, trigger_price: 0, ...body }),
    /** Every order write that reached the book (placements refused at the door too), oldest first. */
    orderWrites: () => [...context.writes],
    orders: (userId: string) => context.book.ordersOf(userId),
    silenceFeed: (on: boolean) => context.feed.silence(on),
    pingFeed: () => context.feed.ping(),
    nextFeedPong: () => context.feed.nextPong(),
    dropFeedConnections: () => context.feed.dropConnections(),
    feedRequests: () => context.feed.received(),
    feedConnections: () => context.feed.connections(),
    /** The portfolio stream feed: its open sockets, every update it sent, a network cut, a ping. */
    portfolioConnections: () => context.portfolio.connections(),
    portfolioUpdates: () => context.portfolio.sent(),
    dropPortfolioStream: () => context.portfolio.dropConnections(),
    pingPortfolioStream: () => context.portfolio.ping(),
    /** Sends an order update as given on the user's portfolio stream, whatever the book says (a made-up one). */
    pushOrderUpdate: (userId: string, body: Record<string, unknown>) => context.portfolio.orderChanged(userId, { update_type: 'order', user_id: userId, userId, ...body }),
    /** Every REST request that reached the server (`GET /v2/order/retrieve-all`), oldest first. */
    requests: () => [...context.requests],
    /** Every webhook sent (URL, body, the receiver's status), and waiting for their answers. */
    webhookDeliveries: () => context.webhooks.deliveries(),
    settleWebhooks: () => context.webhooks.settle(),
    /** The expired-instrument APIs answer UDAPI1149 (no Upstox Plus plan) while on. */
    requirePlus: (on: boolean) => void (context.expired.requirePlus = on),
    /** Every expired-instrument request that reached the server (path and query). */
    expiredRequests: () => [...context.expired.requests],
  };
}

export async function startUpstoxServer(options: UpstoxServerOptions = {}): Promise<UpstoxTestServer> {
  const clock = options.clock ?? (() => new Date());
  const accounts = createAccounts(clock);
  const market = createMarket(options.instruments ?? defaultInstruments(), clock);
  const feed = createFeedHub(market, clock, options.heartbeatMs ?? 0);
  const limiter = createOrderRateLimiter(clock);
  const faults: Faults = { answer429Next: false, dropNextPlaceAnswer: false, hideNextPlacement: false, hidden: new Set() };
  const historicalLimiter = createRateLimiter(clock, standardWindows);
  const expired: ExpiredState = { requirePlus: false, allow: (key) => historicalLimiter.allow(key), requests: [] };
  const funds = new Map<string, Funds>();
  const webhooks = createWebhooks();
  const portfolio = createPortfolioStream(clock, options.heartbeatMs ?? 0);
  const book = createOrderBook(market, clock, (userId, order) => {
    for (const app of accounts.appsOf(userId)) if (app.webhookUrl) webhooks.deliver(app.webhookUrl, userId, order);
    portfolio.orderChanged(userId, orderUpdateBody(userId, order));
  });
  const requests: string[] = [];
  let baseUrl = '';
  let control: UpstoxControl | null = null;
  const context = {
    accounts, market, book, feed, portfolio, faults, clock, writes: [], requests, carried: new Map<string, Carried[]>(), holdings: createHoldings(market), funds_: funds, webhooks, expired, calculators: createCalculators(market),
    allowOrder: (userId: string) => limiter.allow(userId),
    funds: (userId: string) => funds.get(userId) ?? defaultFunds,
    baseUrl: () => baseUrl,
  };
  for (const app of options.apps ?? []) accounts.register(app);

  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const route = async () => {
      if (url.pathname.startsWith('/__control/') && control) return handleControl(control, request, response, url);
      if (url.pathname === '/v2/login/authorization/dialog' && request.method === 'GET') return showDialog(accounts, url.searchParams, response);
      if (url.pathname === '/v2/login/authorization/dialog' && request.method === 'POST') return submitDialog(accounts, new URLSearchParams(await readBody(request)), response);
      if (url.pathname === instrumentsPath && request.method === 'GET') return sendInstrumentFile(response, market.instruments());
      requests.push(`${request.method} ${url.pathname}`);
      return handleRest(context, request, response, url);
    };
    route().catch((error: unknown) => {
      if (!response.headersSent && !response.destroyed) sendRefusal(response, error);
    });
  });
  server.keepAliveTimeout = 120_000;
  server.on('upgrade', (request, socket, head) => {
    const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
    if (path === '/v3/feed/market-data-feed/ws') feed.handleUpgrade(request, socket, head);
    else if (path === portfolioStreamPath) portfolio.handleUpgrade(request, socket, head);
    else socket.destroy();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  control = createControl(context);
  return {
    apiRoot: baseUrl,
    instrumentsUrl: `${baseUrl}${instrumentsPath}`,
    control,
    async close() {
      feed.close();
      portfolio.close();
      await webhooks.settle();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Where the instrument file is served (UPSTOX_INSTRUMENTS_URL), gzipped as Upstox publishes it. */
const instrumentsPath = '/market-quote/instruments/exchange/complete.json.gz';

function sendInstrumentFile(response: ServerResponse, instruments: readonly ServerInstrument[]): void {
  const body = gzipSync(JSON.stringify(instrumentFile(instruments)));
  response.writeHead(200, { 'Content-Type': 'application/gzip', 'Content-Length': body.length });
  response.end(body);
}
