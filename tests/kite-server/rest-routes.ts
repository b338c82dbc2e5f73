// Kite Connect v3's REST API on the test server. Every request needs `X-Kite-Version: 3`; everything but
// the session exchange needs `Authorization: token api_key:access_token` (403 TokenException otherwise).
// Order writes count against the rate limit; a test can make the next request answer 429, or the next
// order placement happen and then lose its answer (the socket is destroyed without a reply).
import type { Holdings } from './holdings.ts';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isObject } from '../../server/services/brokers/kite/kite-json.ts';
import { AnswerError, inputError } from './answer-error.ts';
import type { App, Apps } from './apps.ts';
import { basketMarginJson, charges, orderMarginJson, type PricedOrder } from './calculators.ts';
import { parseJsonBody, readBody, sendError, sendSuccess } from './http-util.ts';
import type { Historical } from './historical.ts';
import { instrumentsCsv } from './instruments-data.ts';
import type { Market } from './market.ts';
import type { OrderBook } from './order-book.ts';
import { positionsJson } from './positions.ts';
import type { createRateLimiter } from './rate-limit.ts';

export type Faults = { answer429Next: boolean; dropNextPlaceAnswer: boolean };

export type RestContext = {
  apps: Apps;
  market: Market;
  book: OrderBook;
  limiter: ReturnType<typeof createRateLimiter>;
  faults: Faults;
  historical: Historical;
  holdings: Holdings;
};

type Route = { method: string; pattern: RegExp; handle: (args: RouteArgs) => unknown };
type RouteArgs = { app: App; params: string[]; query: URLSearchParams; body: string; context: RestContext };

const tooManyRequests = () => new AnswerError(429, 'NetworkException', 'Too many requests');

function pricedOrders(body: string, market: Market): PricedOrder[] {
  const list = parseJsonBody(body);
  if (!Array.isArray(list)) throw inputError('Expected a list of orders.');
  return list.map((item: unknown) => {
    if (!isObject(item)) throw inputError('Invalid order.');
    const field = (key: string): unknown => item[key];
    const instrument = market.find(`${String(field('exchange'))}:${String(field('tradingsymbol'))}`);
    if (!instrument) throw inputError('Invalid `tradingsymbol`.');
    const side = field('transaction_type') === 'SELL' ? 'SELL' : 'BUY';
    const price = Number(field('price') ?? field('average_price') ?? 0);
    const pricePaise = price > 0 ? Math.round(price * 100) : market.lastPaise(instrument.instrument_token);
    return { instrument, side, quantity: Number(field('quantity') ?? 0), pricePaise };
  });
}

function quoteKeys(query: URLSearchParams, market: Market) {
  return query.getAll('i').flatMap((key) => {
    const instrument = market.find(key);
    return instrument ? [[key, instrument.instrument_token] as const] : [];
  });
}

const routes: Route[] = [
  { method: 'GET', pattern: /^\/user\/profile$/, handle: ({ app }) => ({
    user_id: app.userId, user_type: 'individual', email: `${app.userId.toLowerCase()}@example.com`, user_name: app.userName,
    user_shortname: app.userName.split(' ')[0], broker: 'ZERODHA', exchanges: ['NSE', 'NFO', 'BFO', 'BSE'],
    products: ['CNC', 'NRML', 'MIS'], order_types: ['MARKET', 'LIMIT', 'SL', 'SL-M'], avatar_url: null, meta: { demat_consent: 'physical' },
  }) },
  { method: 'GET', pattern: /^\/user\/margins$/, handle: ({ app }) => app.margins },
  { method: 'POST', pattern: /^\/orders\/(\w+)$/, handle: ({ app, params, body, context }) => context.book.place(app.account, params[0] ?? '', new URLSearchParams(body)) },
  { method: 'PUT', pattern: /^\/orders\/(\w+)\/(\d+)$/, handle: ({ app, params, body, context }) => context.book.modify(app.account, params[0] ?? '', params[1] ?? '', new URLSearchParams(body)) },
  { method: 'DELETE', pattern: /^\/orders\/(\w+)\/(\d+)$/, handle: ({ app, params, context }) => context.book.cancel(app.account, params[0] ?? '', params[1] ?? '') },
  { method: 'GET', pattern: /^\/orders$/, handle: ({ app, context }) => context.book.orders(app.account) },
  { method: 'GET', pattern: /^\/orders\/(\d+)$/, handle: ({ app, params, context }) => context.book.history(app.account, params[0] ?? '') },
  { method: 'GET', pattern: /^\/orders\/(\d+)\/trades$/, handle: ({ app, params, context }) => {
    context.book.history(app.account, params[0] ?? '');
    return context.book.trades(app.account).filter((row) => row.trade.order_id === params[0]).map((row) => row.trade);
  } },
  { method: 'GET', pattern: /^\/trades$/, handle: ({ app, context }) => context.book.trades(app.account).map((row) => row.trade) },
  { method: 'GET', pattern: /^\/portfolio\/holdings$/, handle: ({ app, context }) => context.holdings.json(app.account.userId, context.book.trades(app.account), context.market) },
  { method: 'GET', pattern: /^\/portfolio\/positions$/, handle: ({ app, context }) => positionsJson(context.book.trades(app.account), context.market) },
  { method: 'POST', pattern: /^\/margins\/orders$/, handle: ({ body, context }) => pricedOrders(body, context.market).map(orderMarginJson) },
  { method: 'POST', pattern: /^\/margins\/basket$/, handle: ({ body, context }) => basketMarginJson(pricedOrders(body, context.market)) },
  { method: 'POST', pattern: /^\/charges\/orders$/, handle: ({ body, context }) => {
    const list = parseJsonBody(body);
    return pricedOrders(body, context.market).map((order, index) => {
      const raw: unknown = Array.isArray(list) ? list[index] : undefined;
      const field = (key: string) => (isObject(raw) && typeof raw[key] === 'string' ? raw[key] : '');
      return {
        transaction_type: order.side, tradingsymbol: order.instrument.tradingsymbol, exchange: order.instrument.exchange,
        variety: field('variety') || 'regular', product: field('product') || 'NRML', order_type: field('order_type') || 'MARKET',
        quantity: order.quantity, price: order.pricePaise / 100, charges: charges(order),
      };
    });
  } },
  { method: 'GET', pattern: /^\/quote$/, handle: ({ query, context }) =>
    Object.fromEntries(quoteKeys(query, context.market).map(([key, token]) => [key, context.market.quote(token)])) },
  { method: 'GET', pattern: /^\/instruments\/historical\/(\d+)\/(\w+)$/, handle: ({ app, params, query, context }) =>
    context.historical.answer(app.apiKey, params[0] ?? '', params[1] ?? '', query) },
  { method: 'GET', pattern: /^\/quote\/ltp$/, handle: ({ query, context }) =>
    Object.fromEntries(quoteKeys(query, context.market).map(([key, token]) => [key, { instrument_token: token, last_price: context.market.lastPaise(token) / 100 }])) },
];

export async function handleRest(context: RestContext, request: IncomingMessage, response: ServerResponse, url: URL): Promise<void> {
  const method = request.method ?? 'GET';
  const body = await readBody(request);
  const isPlace = method === 'POST' && /^\/orders\/\w+$/.test(url.pathname);
  const isOrderWrite = isPlace || ((method === 'PUT' || method === 'DELETE') && url.pathname.startsWith('/orders/'));
  try {
    if (request.headers['x-kite-version'] !== '3') throw inputError('Missing or unsupported `X-Kite-Version` header: send 3.');
    if (url.pathname === '/session/token') {
      if (method === 'POST') return sendSuccess(response, context.apps.createSession(new URLSearchParams(body)));
      if (method === 'DELETE') {
        context.apps.invalidate(url.searchParams.get('api_key') ?? '', url.searchParams.get('access_token') ?? '');
        return sendSuccess(response, true);
      }
    }
    const app = context.apps.authenticate(request.headers.authorization);
    // Kite sends the AMOs it holds to the exchange at the open: the first request from then on sees them sent.
    context.book.releaseDue();
    if (context.faults.answer429Next) {
      context.faults.answer429Next = false;
      throw tooManyRequests();
    }
    if (isOrderWrite && !context.limiter.allow(app.apiKey)) throw tooManyRequests();
    if (method === 'GET' && /^\/instruments(\/\w+)?$/.test(url.pathname)) {
      const exchange = url.pathname.split('/')[2];
      const rows = context.market.instruments.filter((row) => !exchange || row.exchange === exchange);
      response.writeHead(200, { 'Content-Type': 'text/csv' });
      response.end(instrumentsCsv(rows));
      return;
    }
    const route = routes.find((candidate) => candidate.method === method && candidate.pattern.test(url.pathname));
    if (!route) throw new AnswerError(404, 'GeneralException', 'Route not found');
    const params = (route.pattern.exec(url.pathname) ?? []).slice(1);
    const data = route.handle({ app, params, query: url.searchParams, body, context });
    if (isPlace && context.faults.dropNextPlaceAnswer) {
      // The order exists now; its answer is lost on the way back.
      context.faults.dropNextPlaceAnswer = false;
      request.socket.destroy();
      return;
    }
    sendSuccess(response, data);
  } catch (error) {
    sendError(response, error);
  }
}
