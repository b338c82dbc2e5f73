// A Noren-compatible server for tests, on 127.0.0.1 only, in one of two configurations: Shoonya's (the OAuth
// login page /OAuthlogin/authorize/oauth?client_id=, the code exchanged at /GenAcsTok with jData {code,
// checksum = SHA-256 of client id + secret + code}, the token then sent as `Authorization: Bearer`) or
// Flattrade's (the login page /?app_key=, a redirect with ?code=&client=, the code exchanged at /trade/apitoken
// with JSON {api_key, request_code, api_secret = SHA-256 of api_key + request_code + api_secret}, the token then
// sent as jKey). The REST calls under the API root (/NorenWClientTP or /PiConnectTP) take `jData=<json>` as
// NorenRestApiPy sends it and answer Noren's JSON: orders (PlaceOrder with remarks, ModifyOrder, CancelOrder,
// OrderBook, SingleOrdHist), TradeBook, PositionBook, Limits, GetQuotes (the last price), GetOrderMargin, the indices' candles (TPSeries,
// EODChartData: charts.ts); a refusal is {"stat":"Not_Ok",
// "emsg"}, an ended session "Session Expired :  Invalid Session Key". The NFO scrip master is served zipped.
// `control` moves prices, ends sessions and injects faults. See README.md beside this file.
import { createHash, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readBody, sendJson } from '../kite-server/http-util.ts';
import { chartAnswer } from './charts.ts';
import { createNorenBook, defaultContracts, NotOk, symbolsFile, tsymOf, type Carried, type NorenOrderRecord, type ServerContract } from './noren-book.ts';
import { createHoldings, type HoldingSeed } from './holdings.ts';
import { handleNorenControl } from './http-control.ts';
import { createNorenSocket } from './noren-socket.ts';
import { spanCalc } from './span-calc.ts';
import { zipOne } from './zip.ts';

export type Flavor = 'shoonya' | 'flattrade';
export type AppConfig = { apiKey: string; apiSecret: string; redirectUrl: string; userId: string; password?: string };
/** `port`: a fixed one (the browser suite's, beside the reference server); a free one by default. */
export type NorenServerOptions = { flavor: Flavor; clock?: () => Date; contracts?: ServerContract[]; port?: number };

export type NorenTestServer = {
  /** http://127.0.0.1:<port>: the auth root (login page, token call). */
  root: string;
  /** The REST root: root + /NorenWClientTP (Shoonya) or /PiConnectTP (Flattrade). */
  apiRoot: string;
  scripMasterUrl: string;
  control: NorenControl;
  close: () => Promise<void>;
};

const sessionExpired = 'Session Expired :  Invalid Session Key';
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const loginPath = { shoonya: '/OAuthlogin/authorize/oauth', flattrade: '/' } as const;
const apiPrefix = { shoonya: '/NorenWClientTP', flattrade: '/PiConnectTP' } as const;
const socketPath = { shoonya: '/NorenWSTP/', flattrade: '/PiConnectWSTp/' } as const;
/** The feed's keys of the indices the server moves (NSE|26000 NIFTY 50, NSE|26009 NIFTY BANK). */
const indexKeys: Record<string, string> = { NIFTY: 'NSE|26000', BANKNIFTY: 'NSE|26009' };

function createState(flavor: Flavor, clock: () => Date, contracts: readonly ServerContract[]) {
  const sessions = new Map<string, { uid: string; ended: boolean }>();
  let orderChanged = (_order: NorenOrderRecord) => undefined as void;
  const holdings = createHoldings();
  const book = createNorenBook(contracts, clock, (order) => orderChanged(order), holdings.stockOfTsym);
  const indices = new Map<string, number>([['NSE|26000', 26000], ['NSE|26009', 59200]]);
  const socket = createNorenSocket((token) => sessions.get(token), { last: (key) => indices.get(key) ?? (key.startsWith('NFO|') && book.contracts().some((c) => c.token === key.slice(4)) ? book.last(key.slice(4)) : null) });
  orderChanged = (order) => socket.orderChanged(order.uid, order);
  return {
    socket,
    indices,
    flavor,
    clock,
    apps: new Map<string, Required<AppConfig>>(),
    codes: new Map<string, { app: Required<AppConfig>; issuedAt: number }>(),
    sessions,
    book,
    holdings,
    faults: { answer429Next: false, dropNextPlaceAnswer: false, refuseNextPlace: null as string | null, refuseNextSpanCalc: null as string | null, refuseNextChart: null as string | null },
    /** Every SpanCalc's jData, as the server read it. */
    spanCalcs: [] as Array<Record<string, unknown>>,
    writes: [] as Array<{ name: string; data: Record<string, unknown> }>,
    /** Every TPSeries and EODChartData call's jData, oldest first. */
    chartCalls: [] as Array<{ name: string; data: Record<string, unknown> }>,
    quoteCalls: [] as Array<Record<string, unknown>>,
    /** NSE tokens whose GetQuotes is refused (Not_Ok "no data"), as for a stock with no trade. */
    unquoted: new Set<string>(),
    /** Every token exchange's body, as the server read it (tests check the checksum travelled). */
    exchanges: [] as Array<Record<string, unknown>>,
  };
}
type State = ReturnType<typeof createState>;
export type NorenControl = ReturnType<typeof controlOf>;

function controlOf(state: State) {
  return {
    registerApp: (config: AppConfig) => void state.apps.set(config.apiKey, { password: 'secret', ...config }),
    /** A contract's last price: the book's, or (with `uid`) on that user's feed alone, the book's left as it is. */
    setLast: (token: string, price: number, uid?: string) => {
      if (uid !== undefined) return state.socket.setLastFor(uid, `NFO|${token}`, price);
      state.book.setLast(token, price);
      state.socket.moved(`NFO|${token}`);
    },
    /** An index's level on the feed (NSE|26000: NIFTY 50). */
    setIndex: (key: string, level: number) => {
      state.indices.set(key, level);
      state.socket.moved(key);
    },
    /** The websocket sends nothing while on (to `uid`'s sockets alone when given): no frame, no pong. */
    silenceFeed: (on: boolean, uid?: string) => state.socket.silence(on, uid),
    /** How many pings the websocket's clients sent. */
    feedPings: () => state.socket.pings(),
    /** What the websocket's clients sent, oldest first. */
    socketMessages: () => state.socket.received(),
    /** Every session (or one user's) answers "Session Expired" from now on. */
    endSessions: (uid?: string) => {
      for (const session of state.sessions.values()) if (uid === undefined || session.uid === uid) session.ended = true;
    },
    answer429Next: () => void (state.faults.answer429Next = true),
    /** The next placement is refused with Noren's Not_Ok and these words (its RMS, say). */
    refuseNextPlace: (emsg: string) => void (state.faults.refuseNextPlace = emsg),
    /** The next SpanCalc is refused with Noren's Not_Ok and these words. */
    refuseNextSpanCalc: (emsg: string) => void (state.faults.refuseNextSpanCalc = emsg),
    spanCalcs: () => [...state.spanCalcs],
    /** Lists more contracts in the scrip master (a browser test lists the desk's). */
    listContracts: (contracts: ServerContract[]) => state.book.list(contracts),
    /** The next TPSeries or EODChartData is refused with Noren's Not_Ok and these words. */
    refuseNextChart: (emsg: string) => void (state.faults.refuseNextChart = emsg),
    /** The next placement is booked, then its socket destroyed unanswered. */
    dropNextPlaceAnswer: () => void (state.faults.dropNextPlaceAnswer = true),
    carry: (uid: string, positions: Carried[]) => state.book.carry(uid, positions),
    /** The stocks a user holds in demat (Holdings), replacing those set before; each at its last price. */
    setHoldings: (uid: string, rows: HoldingSeed[]) => {
      state.holdings.set(uid, rows);
      for (const row of rows) state.book.setLast(row.token, row.last);
    },
    /** An order placed in the broker's own app (no remarks). */
    placeFromApp: (uid: string, data: Record<string, unknown>) => state.book.place(uid, { exch: 'NFO', ret: 'DAY', ...data }),
    /** The same, naming the contract by its token (a browser test knows the desk's tokens, not Noren's symbols). */
    placeFromAppByToken: (uid: string, token: string, data: Record<string, unknown>) => {
      const contract = state.book.contracts().find((c) => c.token === token);
      if (!contract) throw new NotOk(`No contract ${token}`);
      return state.book.place(uid, { exch: 'NFO', ret: 'DAY', tsym: tsymOf(contract), ...data });
    },
    orders: (uid: string) => state.book.orders(uid),
    orderWrites: () => [...state.writes],
    /** Every GetQuotes asked (its jData). */
    quoteCalls: () => [...state.quoteCalls],
    /** GetQuotes of this NSE token answers Not_Ok "no data" from now on. */
    refuseQuote: (token: string) => void state.unquoted.add(token),
    tokens: () => [...state.sessions.keys()],
    exchanges: () => [...state.exchanges],
    chartCalls: () => [...state.chartCalls],
  };
}

function loginPage(flavor: Flavor, apiKey: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${flavor} login (test server)</title></head><body>
<form method="post"><input type="hidden" name="api_key" value="${escape(apiKey)}">
<label>User ID <input name="user_id" value=""></label>
<label>Password <input name="password" type="password" value=""></label>
<button type="submit">Login</button></form></body></html>`;
}

/** `jData=<json>&jKey=<token>` as Noren's clients send it (the JSON unencoded). */
function readNorenBody(text: string): { data: Record<string, unknown>; jKey: string | null } {
  if (!text.startsWith('jData=')) throw new NotOk('Invalid Input : jData is missing');
  const keyAt = text.lastIndexOf('&jKey=');
  const json = text.slice('jData='.length, keyAt < 0 ? undefined : keyAt);
  try {
    const data: unknown = JSON.parse(json);
    if (typeof data === 'object' && data !== null && !Array.isArray(data)) return { data: { ...data }, jKey: keyAt < 0 ? null : text.slice(keyAt + '&jKey='.length) };
  } catch {
    // answered below
  }
  throw new NotOk('Invalid Input : jData is not JSON');
}

async function handleLogin(state: State, request: IncomingMessage, response: ServerResponse, url: URL): Promise<boolean> {
  const { flavor } = state;
  if (url.pathname === loginPath[flavor] && request.method === 'GET') {
    const apiKey = url.searchParams.get(flavor === 'shoonya' ? 'client_id' : 'app_key') ?? '';
    if (!state.apps.has(apiKey)) sendJson(response, 400, { stat: 'Not_Ok', emsg: 'Invalid App Key' });
    else {
      response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      response.end(loginPage(flavor, apiKey));
    }
    return true;
  }
  if (url.pathname === loginPath[flavor] && request.method === 'POST') {
    const form = new URLSearchParams(await readBody(request));
    const app = state.apps.get(form.get('api_key') ?? '');
    if (!app || form.get('user_id') !== app.userId || form.get('password') !== app.password) {
      sendJson(response, 400, { stat: 'Not_Ok', emsg: 'Invalid user id or password' });
      return true;
    }
    const code = randomUUID();
    state.codes.set(code, { app, issuedAt: state.clock().getTime() });
    const back = new URL(app.redirectUrl);
    back.searchParams.set('code', code);
    if (flavor === 'flattrade') back.searchParams.set('client', app.userId);
    response.writeHead(302, { Location: back.toString() });
    response.end();
    return true;
  }
  const exchangePath = flavor === 'shoonya' ? '/GenAcsTok' : '/trade/apitoken';
  if (url.pathname === exchangePath && request.method === 'POST') {
    const text = await readBody(request);
    const body: Record<string, unknown> = flavor === 'shoonya' ? readNorenBody(text).data : (JSON.parse(text) as Record<string, unknown>);
    state.exchanges.push(body);
    const code = String(flavor === 'shoonya' ? body.code : body.request_code);
    const issued = state.codes.get(code);
    state.codes.delete(code);
    const refuse = (emsg: string) => sendJson(response, 200, flavor === 'shoonya' ? { stat: 'Not_Ok', emsg } : { status: 'Not_Ok', emsg, token: '', client: '' });
    if (!issued || state.clock().getTime() - issued.issuedAt > 5 * 60_000) return (refuse('Invalid Input : INVALID_VERIFIER'), true);
    const { app } = issued;
    if (flavor === 'flattrade' && body.api_key !== app.apiKey) return (refuse('Invalid API key'), true);
    const expected = flavor === 'shoonya' ? sha256(`${app.apiKey}${app.apiSecret}${code}`) : sha256(`${app.apiKey}${code}${app.apiSecret}`);
    const given = flavor === 'shoonya' ? body.checksum : body.api_secret;
    if (given !== expected) return (refuse('Invalid Input : Checksum mismatch'), true);
    const token = randomUUID().replaceAll('-', '') + randomUUID().replaceAll('-', '');
    state.sessions.set(token, { uid: app.userId, ended: false });
    if (flavor === 'shoonya') {
      // expires_in as the epoch second Noren's samples show: the day's end here, 23:59:59 IST.
      const ist = new Date(state.clock().getTime() + 330 * 60_000).toISOString().slice(0, 10);
      const end = Math.floor((Date.parse(`${ist}T23:59:59+05:30`)) / 1000);
      sendJson(response, 200, { stat: 'Ok', request_time: '09:30:00 16-01-2026', USERID: app.userId, uid: app.userId, actid: app.userId, uname: 'TEST TRADER', access_token: token, refresh_token: randomUUID(), expires_in: String(end), brkname: 'SHOONYA' });
    } else {
      sendJson(response, 200, { status: 'Ok', request_code: code, token, client: app.userId, emsg: '' });
    }
    return true;
  }
  return false;
}

async function handleApi(state: State, request: IncomingMessage, response: ServerResponse, name: string): Promise<void> {
  const { book, faults } = state;
  const { data, jKey } = readNorenBody(await readBody(request));
  const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
  const token = state.flavor === 'shoonya' ? bearer : jKey;
  const session = state.sessions.get(token ?? '');
  if (!session) return sendJson(response, state.flavor === 'shoonya' && token === undefined ? 401 : 200, { stat: 'Not_Ok', emsg: sessionExpired });
  if (session.ended) return sendJson(response, 200, { stat: 'Not_Ok', emsg: sessionExpired });
  const uid = session.uid;
  if (data.uid !== undefined && data.uid !== uid) throw new NotOk('Invalid Input : uid does not match the session');
  const write = ['PlaceOrder', 'ModifyOrder', 'CancelOrder'].includes(name);
  if (write) state.writes.push({ name, data });
  if (faults.answer429Next) {
    faults.answer429Next = false;
    return sendJson(response, 429, { stat: 'Not_Ok', emsg: 'Too many requests' });
  }
  const ok = (fields: Record<string, unknown>) => sendJson(response, 200, { stat: 'Ok', request_time: '09:30:00 16-01-2026', ...fields });
  const list = (rows: unknown[]) => (rows.length === 0 ? sendJson(response, 200, { stat: 'Not_Ok', emsg: 'no data' }) : sendJson(response, 200, rows));
  switch (name) {
    case 'PlaceOrder': {
      if (faults.refuseNextPlace !== null) {
        const emsg = faults.refuseNextPlace;
        faults.refuseNextPlace = null;
        throw new NotOk(emsg);
      }
      const order = book.place(uid, data);
      if (faults.dropNextPlaceAnswer) {
        faults.dropNextPlaceAnswer = false;
        request.socket.destroy();
        return;
      }
      return ok({ norenordno: order.norenordno });
    }
    case 'ModifyOrder':
      return ok({ result: book.modify(uid, data).norenordno });
    case 'CancelOrder':
      return ok({ result: book.cancel(uid, String(data.norenordno ?? '')).norenordno });
    case 'OrderBook':
      return list([...book.orders(uid)].reverse());
    case 'SingleOrdHist':
      return list(book.history(uid, String(data.norenordno ?? '')));
    case 'TradeBook':
      return list(book.trades(uid));
    case 'PositionBook':
      return list(book.positions(uid));
    case 'Holdings':
      if (data.prd !== 'C') throw new NotOk('Invalid Input : prd');
      return list(state.holdings.json(uid, (token) => book.soldToday(uid, token)));
    case 'Limits':
      return ok({ actid: uid, prfname: 'SHOONYA1', cash: '500000.00', payin: '0.00', payout: '0.00', brkcollamt: '0.00', marginused: String(usedMargin(state, uid).toFixed(2)) });
    case 'SpanCalc':
      if (faults.refuseNextSpanCalc !== null) {
        const emsg = faults.refuseNextSpanCalc;
        faults.refuseNextSpanCalc = null;
        throw new NotOk(emsg);
      }
      state.spanCalcs.push(data);
      return ok(spanCalc(data, book.contracts(), (underlying) => state.indices.get(indexKeys[underlying] ?? '') ?? 0));
    case 'GetQuotes': {
      state.quoteCalls.push(data);
      // A held stock on NSE (NorenRestApiPy get_quotes('NSE', token)): its last price, `lp`, as for a contract.
      if (data.exch === 'NSE') {
        const token = String(data.token ?? '');
        const stock = state.holdings.stockOfToken(token);
        if (!stock || state.unquoted.has(token)) throw new NotOk('no data');
        return ok({ exch: 'NSE', tsym: stock.tsym, token, lp: book.last(token).toFixed(2) });
      }
      const contract = book.contracts().find((c) => c.token === String(data.token ?? ''));
      if (!contract) throw new NotOk('Invalid Input : no such token');
      return ok({ exch: 'NFO', tsym: tsymOf(contract), token: contract.token, lp: book.last(contract.token).toFixed(2) });
    }
    case 'GetOrderMargin':
      return ok({ remarks: 'Order Success', cash: '500000.00', marginused: '0.00', ordermargin: orderMargin(state, data).toFixed(2) });
    default: {
      const candles = chartAnswer(name, data, (token) => book.contracts().find((c) => c.token === token)?.strike);
      if (candles === null) throw new NotOk(`No route ${name}`);
      state.chartCalls.push({ name, data });
      if (faults.refuseNextChart !== null) {
        const emsg = faults.refuseNextChart;
        faults.refuseNextChart = null;
        throw new NotOk(emsg);
      }
      return list(candles);
    }
  }
}

/** Stand-in figures: a bought option its premium, a sold one 11% of its strike's value. */
function orderMargin(state: State, data: Record<string, unknown>): number {
  const contract = state.book.contractOfTsym(String(data.tsym ?? ''));
  const quantity = Number(data.qty);
  if (!contract || !Number.isSafeInteger(quantity) || quantity <= 0) throw new NotOk('Invalid Input : tsym or qty');
  const price = Number(data.prc) > 0 ? Number(data.prc) : state.book.last(contract.token);
  return data.trantype === 'S' ? contract.strike * quantity * 0.11 : price * quantity;
}

function usedMargin(state: State, uid: string): number {
  return state.book.positions(uid).reduce((sum, p) => sum + Math.abs(Number(p.netqty)) * Number(p.lp), 0);
}

export async function startNorenServer(options: NorenServerOptions): Promise<NorenTestServer> {
  const clock = options.clock ?? (() => new Date());
  const state = createState(options.flavor, clock, options.contracts ?? defaultContracts);
  const prefix = apiPrefix[options.flavor];
  const control = controlOf(state);
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const route = async () => {
      if (url.pathname.startsWith('/__control/')) return handleNorenControl(control, request, response, url);
      if (url.pathname === '/NFO_symbols.txt.zip' && request.method === 'GET') {
        response.writeHead(200, { 'Content-Type': 'application/zip' });
        response.end(zipOne('NFO_symbols.txt', symbolsFile(state.book.contracts())));
        return;
      }
      if (await handleLogin(state, request, response, url)) return;
      if (request.method === 'POST' && url.pathname.startsWith(`${prefix}/`)) return handleApi(state, request, response, url.pathname.slice(prefix.length + 1));
      sendJson(response, 404, { stat: 'Not_Ok', emsg: `No route ${request.method} ${url.pathname}` });
    };
    route().catch((error: unknown) => {
      if (response.headersSent || response.destroyed) return;
      if (error instanceof NotOk) sendJson(response, 200, { stat: 'Not_Ok', emsg: error.message });
      else sendJson(response, 500, { stat: 'Not_Ok', emsg: 'Internal Server Error' });
    });
  });
  server.on('upgrade', (request, socket, head) => {
    if (new URL(request.url ?? '/', 'http://127.0.0.1').pathname === socketPath[options.flavor]) state.socket.handleUpgrade(request, socket, head);
    else socket.destroy();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const root = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    root,
    apiRoot: `${root}${prefix}`,
    scripMasterUrl: `${root}/NFO_symbols.txt.zip`,
    control,
    async close() {
      state.socket.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
