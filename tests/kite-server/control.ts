// What tests can do to the Kite test server, in process (`server.control`) or over HTTP
// (POST/GET /__control/<name> with a JSON body) for browser tests that run it as a separate process.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { KiteErrorType } from '../../server/services/brokers/kite/kite-errors.ts';
import { inputError } from './answer-error.ts';
import type { ExchangeHours, HoursMode } from './exchange-hours.ts';
import type { Historical } from './historical.ts';
import { type AppConfig, type Apps, defaultMargins } from './apps.ts';
import { parseJsonBody, readBody, sendError, sendJson } from './http-util.ts';
import type { Holdings, HoldingSeed } from './holdings.ts';
import type { ServerInstrument } from './instruments-data.ts';
import type { Market } from './market.ts';
import type { OrderBook } from './order-book.ts';
import type { Postbacks } from './postbacks.ts';
import type { Faults } from './rest-routes.ts';
import type { TickerHub } from './ticker-hub.ts';

type ControlDeps = { apps: Apps; market: Market; book: OrderBook; hub: TickerHub; postbacks: Postbacks; faults: Faults; hours: ExchangeHours; clock: () => Date; historical: Historical; holdings: Holdings };

export type KiteControl = ReturnType<typeof createControl>;

export function createControl({ apps, market, book, hub, postbacks, faults, hours, clock, historical, holdings }: ControlDeps) {
  return {
    /** The server's "now" (the browser tests put each browser on it: tests/e2e/support/test.ts). */
    now: () => clock().toISOString(),
    /** Kite's hours ('exchange') or a market that never closes ('always'). */
    setHours: (mode: HoursMode) => hours.setMode(mode),
    registerApp: (config: AppConfig) => apps.register(config),
    /** Lists more contracts (with their freeze quantity), e.g. those the server under test offers. */
    listInstruments: (rows: readonly ServerInstrument[]) => market.list(rows),
    /** The stocks a user holds in demat (GET /portfolio/holdings), replacing those set before. */
    setHoldings: (userId: string, rows: readonly HoldingSeed[]) => holdings.set(userId, rows),
    /** Moves an instrument's last price (rupees): ticks go out and resting orders it reaches fill. */
    setPrice(instrument: number | string, lastPrice: number): void {
      const row = market.find(instrument);
      if (!row) throw inputError(`Unknown instrument ${instrument}`);
      market.setPrice(row.instrument_token, lastPrice);
      book.priceMoved(row.instrument_token);
      hub.priceMoved(row.instrument_token);
    },
    /** Fills a working order, all of it by default, at its limit (or the last price). */
    fillOrder: (orderId: string, fill: { quantity?: number; price?: number } = {}) => book.fill(orderId, fill.quantity, fill.price),
    rejectOrder: (orderId: string, message = 'Rejected by the exchange.') => book.reject(orderId, message),
    /**
     * Every access token stops working now (TokenException), or only those of the app with `apiKey` (browser
     * tests share one test server: one spec's lost session must not end another's), and their ticker sockets close.
     */
    expireAllTokens(apiKey?: string): void {
      apps.expireAll(apiKey);
      hub.dropExpired();
    },
    /** The next autosliced placement refuses its child number `index` (0-based). */
    failAutosliceChild(index: number, errorType: KiteErrorType = 'MarginException', message = 'Insufficient funds.'): void {
      book.failNextSlice({ index, errorType, message });
    },
    /** While on, no order fills by itself: each rests OPEN until a test fills, rejects or cancels it. */
    holdFills: (on = true) => book.holdFills(on),
    /** While on, a cancellation rests CANCEL PENDING (a test may still fill the order); off confirms each. */
    holdCancels: (on = true) => book.holdCancels(on),
    /** The placement after the next `skip` ones is refused at the door with a Kite error (nothing booked). */
    refusePlacement(skip: number, errorType: KiteErrorType = 'MarginException', message = 'Insufficient funds.'): void {
      book.refusePlacement({ skip, errorType, message });
    },
    /** Every place request that reached the order book (`POST /orders/:variety`), oldest first: how many calls an order took. */
    placeCalls: () => book.placeCalls(),
    /** The next placement happens, then its connection is destroyed without an answer. */
    dropNextPlaceAnswer(): void {
      faults.dropNextPlaceAnswer = true;
    },
    /** The next authenticated API request is answered 429 Too many requests. */
    answer429Next(): void {
      faults.answer429Next = true;
    },
    /** What GET /user/margins answers: a whole Kite margins object, or the equity net in rupees. */
    setMargins(apiKey: string, margins: unknown): void {
      const app = apps.get(apiKey);
      if (!app) throw inputError(`Unknown api_key ${apiKey}`);
      app.margins = typeof margins === 'number' ? defaultMargins(margins) : margins;
    },
    /** Off: historical candles answer 403 PermissionException, as for a Kite app without the historical-data add-on. */
    setHistoricalPermitted: (on: boolean) => historical.setPermitted(on),
    /** Every historical request answered, with the server's time (windows and pacing). */
    historicalRequests: () => historical.requests(),
    postbackDeliveries: () => postbacks.deliveries(),
    settlePostbacks: () => postbacks.settle(),
    orders: (orderId?: string) => (book.releaseDue(), orderId ? [book.find(orderId)].filter(Boolean) : apps.all().flatMap((app) => book.orders(app.account))),
    silenceTicker: (silent = true) => hub.setSilent(silent),
    sendTickerHeartbeat: () => hub.sendHeartbeat(),
    sendTickerError: (message: string) => hub.sendError(message),
    dropTickerConnections: () => hub.dropAll(),
    tickerConnectionCount: () => hub.connectionCount(),
    tickerMessages: () => hub.received(),
  };
}

type Body = Record<string, unknown>;
const text = (body: Body, key: string) => (typeof body[key] === 'string' ? body[key] : undefined);
const number = (body: Body, key: string) => (typeof body[key] === 'number' ? body[key] : undefined);

/** Controls the process that runs this server adds for a server of its own beside it (tests/e2e/support/start-server.ts). */
export type ExtraControls = Record<string, (body: Record<string, unknown>) => unknown>;

export async function handleControl(control: KiteControl, request: IncomingMessage, response: ServerResponse, url: URL, extra: ExtraControls = {}): Promise<void> {
  try {
    const raw = request.method === 'POST' ? await readBody(request) : '';
    const parsed = raw ? parseJsonBody(raw) : {};
    const body: Body = typeof parsed === 'object' && parsed !== null ? { ...parsed } : {};
    const name = url.pathname.slice('/__control/'.length);
    const actions: Record<string, () => unknown> = {
      apps: () => {
        const [apiKey, apiSecret, redirectUrl] = [text(body, 'apiKey'), text(body, 'apiSecret'), text(body, 'redirectUrl')];
        if (!apiKey || !apiSecret || !redirectUrl) throw inputError('apiKey, apiSecret and redirectUrl are required');
        const config: AppConfig = { apiKey, apiSecret, redirectUrl, postbackUrl: text(body, 'postbackUrl') ?? null };
        for (const key of ['userId', 'password', 'userName'] as const) if (text(body, key)) config[key] = text(body, key);
        control.registerApp(config);
        return { api_key: apiKey };
      },
      price: () => control.setPrice(number(body, 'instrument_token') ?? text(body, 'instrument') ?? '', number(body, 'last_price') ?? 0),
      fill: () => control.fillOrder(text(body, 'order_id') ?? '', { quantity: number(body, 'quantity'), price: number(body, 'price') }),
      reject: () => control.rejectOrder(text(body, 'order_id') ?? '', text(body, 'message')),
      instruments: () => {
        if (!Array.isArray(body.instruments)) throw inputError('instruments (an array of Kite instrument rows with freeze_quantity) is required');
        control.listInstruments(body.instruments as ServerInstrument[]);
        return { listed: body.instruments.length };
      },
      holdings: () => {
        if (!Array.isArray(body.holdings)) throw inputError('holdings (an array of holdings.json rows: tradingsymbol, exchange, instrument_token, isin, quantity, average_price) is required');
        control.setHoldings(text(body, 'userId') ?? 'AB1234', body.holdings as HoldingSeed[]);
        return { held: body.holdings.length };
      },
      'expire-tokens': () => control.expireAllTokens(text(body, 'apiKey')),
      'fail-autoslice-child': () => control.failAutosliceChild(number(body, 'index') ?? 0),
      'refuse-placement': () => control.refusePlacement(number(body, 'skip') ?? 0),
      'hold-fills': () => control.holdFills(body.on !== false),
      'drop-next-place-answer': () => control.dropNextPlaceAnswer(),
      'answer-429-next': () => control.answer429Next(),
      margins: () => control.setMargins(text(body, 'api_key') ?? '', body.margins ?? number(body, 'net')),
      postbacks: () => control.postbackDeliveries(),
      orders: () => control.orders(),
      'place-calls': () => control.placeCalls(),
      'ticker-silence': () => control.silenceTicker(body.silent !== false),
      'ticker-drop': () => control.dropTickerConnections(),
      now: () => control.now(),
      'historical-permission': () => control.setHistoricalPermitted(body.permitted !== false),
      'historical-requests': () => control.historicalRequests(),
    };
    const own = extra[name];
    const action = actions[name] ?? (own === undefined ? undefined : () => own(body));
    if (!action) return sendJson(response, 404, { error: `No control ${name}` });
    sendJson(response, 200, { result: (await action()) ?? null });
  } catch (error) {
    sendError(response, error);
  }
}
