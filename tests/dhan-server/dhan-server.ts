// A Dhan-compatible server for tests, on 127.0.0.1 only: the API key consent flow (generate consent, the login
// page, consume consent), the v2 REST API's orders (place, slicing, modify, cancel, by id and by correlationId),
// trades, positions, fund limit and profile, the kill switch, the indices' historical candles (charts.ts), the scrip master CSV, the live market feed
// (binary, feed.ts), the order update socket (order-updates.ts) and the postbacks' bodies (postbacks.ts), and `control` to move prices, expire tokens
// and inject faults. Built from DhanHQ v2's published documentation (https://dhanhq.co/docs/v2/: each route names
// its page); see README.md beside this file.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type AppConfig, createAccounts } from './accounts.ts';
import { inputException, parseJsonBody, rateLimited, readBody, sendJson, sendRefusal } from './http-util.ts';
import { createCharts } from './charts.ts';
import { createDepth } from './depth.ts';
import { createFeed } from './feed.ts';
import { handleControl } from './http-control.ts';
import { createMarket, defaultContracts, scripMaster, type FeedFacts, type ServerContract, type ServerIndex } from './market.ts';
import { type Carried, createOrderBook } from './order-book.ts';
import { createHoldings, type HoldingSeed } from './holdings.ts';
import { createOrderUpdates } from './order-updates.ts';
import { createPostbacks } from './postbacks.ts';

/** `heartbeatMs`: the feed's and the 20-level depth's ping period (Dhan's is 10 s); 0, the default, pings only when a test asks. */
export type DhanServerOptions = { port?: number; clock?: () => Date; apps?: AppConfig[]; contracts?: ServerContract[]; heartbeatMs?: number };

export type DhanTestServer = {
  /** http://127.0.0.1:<port>: DHAN_API_ROOT and DHAN_AUTH_ROOT (the server answers both). */
  apiRoot: string;
  /** DHAN_SCRIP_MASTER_URL. */
  scripMasterUrl: string;
  /** DHAN_FEED_URL, DHAN_ORDER_UPDATE_URL and DHAN_DEPTH_URL (ws://127.0.0.1:<port>/feed, /order-update, /twentydepth): what DHAN_API_ROOT alone implies. */
  feedUrl: string;
  orderUpdateUrl: string;
  depthUrl: string;
  fullDepthUrl: string;
  control: DhanControl;
  close: () => Promise<void>;
};

export type DhanControl = ReturnType<typeof startDhanControl>;
type Funds = { availabelBalance: number; utilizedAmount: number; sodLimit: number; collateralAmount: number; receiveableAmount: number; blockedPayoutAmount: number; withdrawableBalance: number };

const scripMasterPath = '/api-data/api-scrip-master.csv';
const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const header = (request: IncomingMessage, name: string) => {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
};

function startDhanControl(state: ReturnType<typeof createState>) {
  const { accounts, market, book, faults, feed, orderUpdates } = state;
  return {
    registerApp: (config: AppConfig) => void accounts.register(config),
    /** Lists more contracts in the scrip master (a browser test lists the desk's). */
    listContracts: (contracts: ServerContract[]) => market.list(contracts),
    /** A token as web.dhan.co's "Access DhanHQ APIs" generates it (the access-token alternative). */
    issueToken: (clientId: string) => accounts.issueToken(clientId).token,
    /** Moves a price (an option's, or an index's: NIFTY is 13): the feed sends it, resting orders it reaches fill. */
    setLast(securityId: string, price: number): void {
      market.setLast(securityId, price);
      book.priceMoved();
    },
    /** Volume, OI and yesterday's close as the feed tells them from the next packet on. */
    setFeedFacts: (securityId: string, facts: Partial<FeedFacts>) => market.setFacts(securityId, facts),
    /** The feed sends nothing (packets nor pings) while on. */
    silenceFeed: (on: boolean) => feed.silence(on),
    pingFeed: () => feed.ping(),
    dropFeed: () => feed.dropConnections(),
    /** What feed clients sent (their JSON subscriptions), oldest first. */
    feedRequests: () => feed.received(),
    feedConnections: () => feed.connections(),
    /** An order alert sent on the client's order update sockets as written, whatever the book says. */
    announceOrder: (clientId: string, message: Record<string, unknown>) => orderUpdates.announce(clientId, message),
    orderUpdateLogins: () => orderUpdates.logins(),
    orderUpdateConnections: () => orderUpdates.connections(),
    /** Every postback body Dhan would have sent (one per change of an order), oldest first. */
    postbacks: () => state.postbacks.sent(),
    /** The order update sockets stay open but send no order's change while on (lost alerts). */
    silenceOrderUpdates: (on: boolean) => orderUpdates.silence(on),
    /** Every order update socket closes at once, as a network cut does. */
    dropOrderUpdates: () => orderUpdates.dropConnections(),
    /** What 20-level depth clients sent (their JSON requests), oldest first. */
    depthRequests: () => state.depth.received(),
    depthConnections: () => state.depth.connections(),
    /** The 20-level depth sends nothing (packets nor pings) while on. */
    silenceDepth: (on: boolean) => state.depth.silence(on),
    /** The same of the 200-level socket. */
    fullDepthRequests: () => state.fullDepth.received(),
    fullDepthConnections: () => state.fullDepth.connections(),
    /** Lists an index in the scrip master under this security id, charted from `level`. */
    listIndex: (index: ServerIndex, level: number) => {
      state.market.listIndex(index);
      state.charts.chartIndex(index.securityId, level);
    },
    /** The client's Data API plan (on unless turned off): without it the charts answer DH-902. */
    setDataPlan: (clientId: string, on: boolean) => state.charts.setDataPlan(clientId, on),
    /** Every chart request (path and body), oldest first. */
    chartRequests: () => state.charts.asked(),
    /** The client's kill switch as Dhan holds it. */
    killSwitch: (clientId: string) => state.killSwitches.has(clientId),
    /** Every token (or one client's) answers 401 DH-901 from now on. */
    expireAllTokens: (clientId?: string) => accounts.expireAll(clientId),
    setFunds: (clientId: string, funds: Partial<Funds>) => void state.funds.set(clientId, { ...state.fundsOf(clientId), ...funds }),
    answer429Next: () => void (faults.answer429Next = true),
    /** The next placement is booked, then its socket destroyed unanswered. */
    dropNextPlaceAnswer: () => void (faults.dropNextPlaceAnswer = true),
    /** The stocks a client holds in demat (GET /v2/holdings), replacing those set before; each at its last price. */
    setHoldings(clientId: string, rows: HoldingSeed[]): void {
      state.holdings.set(clientId, rows);
      for (const row of rows) market.setLast(row.securityId, row.lastTradedPrice);
    },
    /** Positions carried from an earlier session (an order of Dhan's own app, or StrikeDesk's of yesterday). */
    carry: (clientId: string, positions: Carried[]) => book.carry(clientId, positions),
    /** An order placed in Dhan's own app (no correlationId). */
    placeFromApp: (clientId: string, body: Record<string, unknown>) => book.place(clientId, { exchangeSegment: 'NSE_FNO', validity: 'DAY', ...body }),
    orders: (clientId: string) => book.orders(clientId),
    /** Every order write (method, path, body) that reached the server, oldest first. */
    orderWrites: () => [...state.writes],
    sessions: () => accounts.all(),
    requests: () => [...state.requests],
  };
}

function createState(clock: () => Date, contracts: readonly ServerContract[], heartbeatMs: number) {
  const market = createMarket(contracts);
  const funds = new Map<string, Funds>();
  const accounts = createAccounts(clock);
  const holdings = createHoldings();
  const book = createOrderBook(market, clock, holdings.stock);
  const orderUpdates = createOrderUpdates(accounts);
  book.onChange(orderUpdates.orderChanged);
  const postbacks = createPostbacks();
  book.onChange(postbacks.orderChanged);
  return {
    postbacks,
    accounts,
    market,
    book,
    holdings,
    feed: createFeed(market, accounts, clock, heartbeatMs),
    charts: createCharts((securityId) => market.contract(securityId)?.strike),
    depth: createDepth(market, accounts, 20, heartbeatMs),
    fullDepth: createDepth(market, accounts, 200),
    orderUpdates,
    /** Clients whose kill switch is on for the day. */
    killSwitches: new Set<string>(),
    funds,
    fundsOf: (clientId: string): Funds => funds.get(clientId) ?? { availabelBalance: 500_000, utilizedAmount: 0, sodLimit: 500_000, collateralAmount: 0, receiveableAmount: 0, blockedPayoutAmount: 0, withdrawableBalance: 500_000 },
    faults: { answer429Next: false, dropNextPlaceAnswer: false },
    writes: [] as Array<{ method: string; path: string; body: Record<string, unknown> }>,
    requests: [] as string[],
  };
}

function loginPage(consentAppId: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Dhan login (test server)</title></head><body>
<form method="post"><input type="hidden" name="consentAppId" value="${escape(consentAppId)}">
<label>Client ID <input name="client_id" value=""></label>
<label>PIN <input name="password" type="password" value=""></label>
<button type="submit">Login</button></form></body></html>`;
}

type State = ReturnType<typeof createState>;

/** The consent flow's three steps (https://dhanhq.co/docs/v2/authentication, "API key & secret"). */
async function handleAuth(state: State, request: IncomingMessage, response: ServerResponse, url: URL): Promise<boolean> {
  const appHeaders = { app_id: header(request, 'app_id'), app_secret: header(request, 'app_secret') };
  if (url.pathname === '/app/generate-consent' && request.method === 'POST') {
    const consentAppId = state.accounts.generateConsent(appHeaders, url.searchParams.get('client_id') ?? '');
    sendJson(response, 200, { consentAppId, consentAppStatus: 'GENERATED', status: 'success' });
    return true;
  }
  if (url.pathname === '/login/consentApp-login' && request.method === 'GET') {
    const consentAppId = url.searchParams.get('consentAppId') ?? '';
    if (state.accounts.consentOf(consentAppId) === null) {
      sendJson(response, 400, { status: 'error', message: 'Invalid or expired consentAppId' });
    } else {
      response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      response.end(loginPage(consentAppId));
    }
    return true;
  }
  if (url.pathname === '/login/consentApp-login' && request.method === 'POST') {
    const form = new URLSearchParams(await readBody(request));
    const done = state.accounts.logIn(form.get('consentAppId') ?? '', form.get('client_id') ?? '', form.get('password') ?? '');
    if (done === null) {
      sendJson(response, 400, { status: 'error', message: 'Login failed' });
    } else {
      const back = new URL(done.app.redirectUrl);
      back.searchParams.set('tokenId', done.tokenId);
      response.writeHead(302, { Location: back.toString() });
      response.end();
    }
    return true;
  }
  if (url.pathname === '/app/consumeApp-consent' && request.method === 'GET') {
    const session = state.accounts.consume(appHeaders, url.searchParams.get('tokenId') ?? '');
    // Dhan's expiryTime is IST without an offset, e.g. "2025-09-23T12:37:23".
    const expiryTime = new Date(session.expiresAt + 330 * 60_000).toISOString().slice(0, 19);
    sendJson(response, 200, { dhanClientId: session.clientId, dhanClientName: 'TEST TRADER', dhanClientUcc: `UCC${session.clientId.slice(-4)}`, givenPowerOfAttorney: false, accessToken: session.token, expiryTime });
    return true;
  }
  return false;
}

/** The v2 REST API (https://dhanhq.co/docs/v2/orders/, /portfolio/, /funds/). */
async function handleRest(state: State, request: IncomingMessage, response: ServerResponse, url: URL): Promise<void> {
  const session = state.accounts.authenticate(header(request, 'access-token'));
  const clientId = session.clientId;
  const { book, faults } = state;
  const write = request.method !== 'GET';
  // The kill switch's POST has no body (Dhan's page: "No Body").
  const body = (request.method === 'POST' || request.method === 'PUT') && url.pathname !== '/v2/killswitch' ? parseJsonBody(await readBody(request)) : {};
  if (write && url.pathname !== '/v2/margincalculator' && !url.pathname.startsWith('/v2/charts/')) state.writes.push({ method: request.method ?? '', path: url.pathname, body });
  if (faults.answer429Next) {
    faults.answer429Next = false;
    throw rateLimited();
  }
  if (write && body.dhanClientId !== undefined && body.dhanClientId !== clientId) throw new Error('dhanClientId is not the token\'s');
  const path = url.pathname;
  const id = path.split('/')[3] ?? '';
  if (path === '/v2/killswitch') return killSwitch(state, request, response, url, clientId);
  if (write && state.killSwitches.has(clientId) && path.startsWith('/v2/orders') && request.method === 'POST') {
    return sendJson(response, 400, { errorType: 'Order_Error', errorCode: 'DH-906', errorMessage: 'Kill switch is active for the day: no new orders' });
  }
  if (request.method === 'POST' && (path === '/v2/orders' || path === '/v2/orders/slicing')) {
    const placed = path === '/v2/orders' ? [book.place(clientId, body)] : book.placeSliced(clientId, body);
    if (faults.dropNextPlaceAnswer) {
      faults.dropNextPlaceAnswer = false;
      request.socket.destroy();
      return;
    }
    const answers = placed.map((o) => ({ orderId: o.orderId, orderStatus: o.orderStatus }));
    return sendJson(response, 200, path === '/v2/orders' ? answers[0] : answers);
  }
  if (request.method === 'POST' && path === '/v2/margincalculator') return sendJson(response, 200, margin(state, clientId, body));
  const chart = request.method === 'POST' ? state.charts.answer(clientId, path, body) : null;
  if (chart !== null) return sendJson(response, 200, chart);
  if (request.method === 'PUT' && /^\/v2\/orders\/\d+$/.test(path)) {
    const order = book.modify(clientId, id, body);
    return sendJson(response, 200, { orderId: order.orderId, orderStatus: order.orderStatus });
  }
  if (request.method === 'DELETE' && /^\/v2\/orders\/\d+$/.test(path)) {
    const order = book.cancel(clientId, id);
    return sendJson(response, 200, { orderId: order.orderId, orderStatus: order.orderStatus });
  }
  if (request.method !== 'GET') return sendJson(response, 404, { errorType: 'Others', errorCode: 'DH-910', errorMessage: `No route ${request.method} ${path}` });
  if (path === '/v2/orders') return sendJson(response, 200, book.orders(clientId));
  if (path.startsWith('/v2/orders/external/')) {
    const correlationId = decodeURIComponent(path.slice('/v2/orders/external/'.length));
    const found = book.orders(clientId).filter((o) => o.correlationId === correlationId);
    if (found.length === 0) return sendJson(response, 404, { errorType: 'Data_Error', errorCode: 'DH-907', errorMessage: 'No order found for the correlationId' });
    // Dhan's page shows one order's object: a sliced call's orders share the correlationId, the first is answered.
    return sendJson(response, 200, found[0]);
  }
  if (/^\/v2\/orders\/\d+$/.test(path)) return sendJson(response, 200, book.order(clientId, id));
  if (path === '/v2/trades') return sendJson(response, 200, book.trades(clientId));
  if (path === '/v2/positions') return sendJson(response, 200, book.positions(clientId));
  if (path === '/v2/holdings') return sendJson(response, 200, state.holdings.json(clientId, (securityId) => book.soldToday(clientId, securityId), state.market.last));
  if (path === '/v2/fundlimit') return sendJson(response, 200, { dhanClientId: clientId, ...state.fundsOf(clientId) });
  if (path === '/v2/profile') {
    return sendJson(response, 200, { dhanClientId: clientId, tokenValidity: '', activeSegment: 'Equity, Derivative', ddpi: 'Deactive', mtf: 'Deactive', dataPlan: 'Deactive', dataValidity: '' });
  }
  sendJson(response, 404, { errorType: 'Others', errorCode: 'DH-910', errorMessage: `No route GET ${path}` });
}

/**
 * The kill switch (https://dhanhq.co/docs/v2/traders-control/): POST ?killSwitchStatus=ACTIVATE turns trading off
 * for the day, and only once every position is closed and no order is pending (Dhan's note; refused here as
 * DH-905 otherwise, a stand-in: Dhan publishes no code for it); DEACTIVATE turns it back on; GET answers ACTIVATE
 * or DEACTIVATE. While on, every new order is refused (DH-906, a stand-in).
 */
function killSwitch(state: State, request: IncomingMessage, response: ServerResponse, url: URL, clientId: string): void {
  if (request.method === 'GET') return sendJson(response, 200, { dhanClientId: clientId, killSwitchStatus: state.killSwitches.has(clientId) ? 'ACTIVATE' : 'DEACTIVATE' });
  const wanted = url.searchParams.get('killSwitchStatus');
  if (request.method !== 'POST' || (wanted !== 'ACTIVATE' && wanted !== 'DEACTIVATE')) throw inputException('killSwitchStatus must be ACTIVATE or DEACTIVATE');
  if (wanted === 'DEACTIVATE') {
    state.killSwitches.delete(clientId);
    return sendJson(response, 200, { dhanClientId: clientId, killSwitchStatus: 'Kill Switch has been successfully deactivated' });
  }
  const pending = state.book.orders(clientId).some((order) => order.orderStatus === 'PENDING' || order.orderStatus === 'TRANSIT');
  const open = state.book.positions(clientId).some((position) => position.netQty !== 0);
  if (pending || open) throw inputException('Close all positions and cancel pending orders before activating the kill switch');
  state.killSwitches.add(clientId);
  sendJson(response, 200, { dhanClientId: clientId, killSwitchStatus: 'Kill Switch has been successfully activated' });
}

/**
 * One order's margin (https://dhanhq.co/docs/v2/funds/, "Margin Calculator"), stand-in figures: a bought option
 * its premium at its price (or the last price), a sold one 11% of its strike's value; brokerage ₹20 an order.
 */
function margin(state: State, clientId: string, body: Record<string, unknown>) {
  const contract = state.market.contract(String(body.securityId ?? ''));
  const quantity = Number(body.quantity);
  if (!contract || !Number.isSafeInteger(quantity) || quantity <= 0) throw inputException('Invalid securityId or quantity');
  const price = Number(body.price) > 0 ? Number(body.price) : state.market.last(contract.securityId);
  const totalMargin = body.transactionType === 'SELL' ? Math.round(contract.strike * quantity * 0.11 * 100) / 100 : price * quantity;
  const available = state.fundsOf(clientId).availabelBalance;
  return { totalMargin, spanMargin: totalMargin, exposureMargin: 0, availableBalance: available, variableMargin: 0, insufficientBalance: Math.max(0, totalMargin - available), brokerage: 20, leverage: '1.00' };
}

export async function startDhanServer(options: DhanServerOptions = {}): Promise<DhanTestServer> {
  const clock = options.clock ?? (() => new Date());
  const state = createState(clock, options.contracts ?? defaultContracts, options.heartbeatMs ?? 0);
  for (const app of options.apps ?? []) state.accounts.register(app);
  const control = startDhanControl(state);
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const route = async () => {
      if (url.pathname.startsWith('/__control/')) return handleControl(control, request, response, url);
      if (url.pathname === scripMasterPath && request.method === 'GET') {
        response.writeHead(200, { 'Content-Type': 'text/csv' });
        response.end(scripMaster(state.market.contracts(), state.market.indices()));
        return;
      }
      if (await handleAuth(state, request, response, url)) return;
      state.requests.push(`${request.method} ${url.pathname}`);
      await handleRest(state, request, response, url);
    };
    route().catch((error: unknown) => {
      if (!response.headersSent && !response.destroyed) sendRefusal(response, error);
    });
  });
  server.on('upgrade', (request, socket, head) => {
    const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
    if (path === '/feed') state.feed.handleUpgrade(request, socket, head);
    else if (path === '/order-update') state.orderUpdates.handleUpgrade(request, socket, head);
    else if (path === '/twentydepth') state.depth.handleUpgrade(request, socket, head);
    else if (path === '/twohundreddepth') state.fullDepth.handleUpgrade(request, socket, head);
    else socket.destroy();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    apiRoot: baseUrl,
    scripMasterUrl: `${baseUrl}${scripMasterPath}`,
    feedUrl: `${baseUrl.replace(/^http/, 'ws')}/feed`,
    orderUpdateUrl: `${baseUrl.replace(/^http/, 'ws')}/order-update`,
    depthUrl: `${baseUrl.replace(/^http/, 'ws')}/twentydepth`,
    fullDepthUrl: `${baseUrl.replace(/^http/, 'ws')}/twohundreddepth`,
    control,
    async close() {
      state.feed.close();
      state.orderUpdates.close();
      state.depth.close();
      state.fullDepth.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
