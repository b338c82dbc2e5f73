// The REST half of the Upstox-compatible server: each route as Upstox documents it (the page is named beside
// it), behind `Authorization: Bearer <token>` except the token exchange. Faults a test asks for: the next
// answer a 429, the next placement booked and its answer dropped (the socket destroyed unanswered).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Accounts, Session } from './accounts.ts';
import type { Calculators } from './calculators.ts';
import { istDate, minuteCandles } from './candles.ts';
import { expiredRoute, type ExpiredState } from './expired.ts';
import type { FeedHub } from './feed-hub.ts';
import type { Holdings } from './holdings.ts';
import { invalidInput, parseJsonBody, readBody, sendJson, sendSuccess, tooManyRequests, UpstoxRefusal } from './http-util.ts';
import { quoteKey, type Market } from './market.ts';
import type { OrderBook } from './order-book.ts';
import type { PortfolioStream } from './portfolio-stream.ts';
import { positionsOf, type Carried } from './positions.ts';

/**
 * `hideNextPlacement`: the next placement's orders are booked but kept out of the book's reads (the order
 * book, an order's details and history, the trades) until `hidden` is emptied: Upstox holding an order its
 * reads do not show yet.
 */
export type Faults = { answer429Next: boolean; dropNextPlaceAnswer: boolean; hideNextPlacement: boolean; hidden: Set<string> };
export type Funds = { used_margin: number; payin_amount: number; span_margin: number; adhoc_margin: number; notional_cash: number; available_margin: number; exposure_margin: number };

export type RestContext = {
  accounts: Accounts;
  market: Market;
  book: OrderBook;
  feed: FeedHub;
  portfolio: PortfolioStream;
  faults: Faults;
  allowOrder: (userId: string) => boolean;
  funds: (userId: string) => Funds;
  calculators: Calculators;
  clock: () => Date;
  baseUrl: () => string;
  expired: ExpiredState;
  /** Every order write that reached the book, for tests that count placements. */
  writes: { path: string; body: unknown; algoName: string | null }[];
  /** Each user's positions carried from the previous session (control.holdOvernight). */
  carried: Map<string, Carried[]>;
  /** Each user's demat holdings (control.setHoldings). */
  holdings: Holdings;
};

type Route = (session: Session, url: URL, body: () => Promise<string>) => Promise<{ data: unknown; metadata?: unknown } | 'dropped'>;

const latency = { latency: 3 };

/** Upstox's answer to an order id it does not know for the user (or does not show yet). */
function unknownOrder(): never {
  throw new UpstoxRefusal(400, 'UDAPI100010', 'Unknown order id | order request rejected');
}

function routes(context: RestContext, request: IncomingMessage, response: ServerResponse): Record<string, Route> {
  const { book, market, faults } = context;
  const shown = <T extends { order_id: string }>(orders: readonly T[]) => orders.filter((order) => !faults.hidden.has(order.order_id));
  const shownFills = (userId: string) => book.fillsOf(userId).filter((item) => !faults.hidden.has(item.order.order_id));
  const orderWrite = async (session: Session, path: string, text: string) => {
    if (!context.allowOrder(session.userId)) throw tooManyRequests();
    const body = parseJsonBody(text);
    const algo = request.headers['x-algo-name'];
    context.writes.push({ path, body, algoName: typeof algo === 'string' ? algo : null });
    return body;
  };
  return {
    // https://upstox.com/developer/api-documentation/get-profile
    'GET /v2/user/profile': async (s) => ({ data: { email: 'trader@example.com', exchanges: ['NSE', 'NFO', 'BSE', 'BFO'], products: ['D', 'I', 'MTF'], broker: 'UPSTOX', user_id: s.userId, user_name: 'Test Trader', order_types: ['MARKET', 'LIMIT', 'SL', 'SL-M'], user_type: 'individual', poa: false, is_active: true } }),
    // https://upstox.com/developer/api-documentation/get-user-fund-margin
    'GET /v2/user/get-funds-and-margin': async (s) => ({ data: { equity: context.funds(s.userId), commodity: { used_margin: 0, payin_amount: 0, span_margin: 0, adhoc_margin: 0, notional_cash: 0, available_margin: 0, exposure_margin: 0 } } }),
    // https://upstox.com/developer/api-documentation/margin
    'POST /v2/charges/margin': async (_s, _url, body) => ({ data: context.calculators.margin(parseJsonBody(await body())) }),
    // https://upstox.com/developer/api-documentation/brokerage
    'GET /v2/charges/brokerage': async (_s, url) => ({ data: context.calculators.brokerage(url.searchParams) }),
    // https://upstox.com/developer/api-documentation/get-positions
    'GET /v2/portfolio/short-term-positions': async (s) => ({ data: positionsOf(shownFills(s.userId), market, context.carried.get(s.userId)) }),
    // https://upstox.com/developer/api-documentation/get-holdings
    'GET /v2/portfolio/long-term-holdings': async (s) => ({ data: context.holdings.json(s.userId, shownFills(s.userId)) }),
    // https://upstox.com/developer/api-documentation/v3/place-order
    'POST /v3/order/place': async (s, _url, body) => {
      const orders = book.place(s.userId, await orderWrite(s, '/v3/order/place', await body()));
      if (faults.hideNextPlacement) {
        faults.hideNextPlacement = false;
        for (const order of orders) faults.hidden.add(order.order_id);
      }
      if (context.faults.dropNextPlaceAnswer) {
        context.faults.dropNextPlaceAnswer = false;
        response.socket?.destroy();
        return 'dropped';
      }
      return { data: { order_ids: orders.map((order) => order.order_id) }, metadata: latency };
    },
    // https://upstox.com/developer/api-documentation/v3/modify-order
    'PUT /v3/order/modify': async (s, _url, body) => ({ data: { order_id: book.modify(s.userId, await orderWrite(s, '/v3/order/modify', await body())).order_id }, metadata: latency }),
    // https://upstox.com/developer/api-documentation/v3/cancel-order
    'DELETE /v3/order/cancel': async (s, url) => {
      await orderWrite(s, '/v3/order/cancel', JSON.stringify({ order_id: url.searchParams.get('order_id') }));
      return { data: { order_id: book.cancel(s.userId, url.searchParams.get('order_id') ?? '').order_id }, metadata: latency };
    },
    // https://upstox.com/developer/api-documentation/get-order-book
    'GET /v2/order/retrieve-all': async (s) => ({ data: shown(book.ordersOf(s.userId)) }),
    // https://upstox.com/developer/api-documentation/get-order-details
    'GET /v2/order/details': async (s, url) => ({ data: shown([book.order(s.userId, url.searchParams.get('order_id') ?? '')])[0] ?? unknownOrder() }),
    // https://upstox.com/developer/api-documentation/get-order-history (by order_id, or every order with a tag)
    'GET /v2/order/history': async (s, url) => {
      const tag = url.searchParams.get('tag');
      const ids = tag ? shown(book.ordersOf(s.userId)).filter((order) => order.tag === tag).map((order) => order.order_id) : [url.searchParams.get('order_id') ?? ''];
      if (ids.some((id) => faults.hidden.has(id))) unknownOrder();
      return { data: ids.flatMap((id) => book.historyOf(s.userId, id)) };
    },
    // https://upstox.com/developer/api-documentation/get-trade-history
    'GET /v2/order/trades/get-trades-for-day': async (s) => ({ data: shownFills(s.userId).map(trade) }),
    // https://upstox.com/developer/api-documentation/get-trades-by-order
    'GET /v2/order/trades': async (s, url) => ({ data: shownFills(s.userId).filter((item) => item.order.order_id === url.searchParams.get('order_id')).map(trade) }),
    // https://upstox.com/developer/api-documentation/v3/get-ltp
    'GET /v3/market-quote/ltp': async (_s, url) => {
      const data: Record<string, unknown> = {};
      for (const key of (url.searchParams.get('instrument_key') ?? '').split(',')) {
        const instrument = market.instrument(key);
        const quote = market.quote(key);
        if (instrument && quote) data[quoteKey(instrument)] = { last_price: quote.last, instrument_token: key, ltq: 75, volume: quote.volume, cp: quote.close };
      }
      return { data };
    },
    // https://upstox.com/developer/api-documentation/v3/get-market-data-feed-authorize
    'GET /v3/feed/market-data-feed/authorize': async (s) => {
      const uri = context.feed.authorize(s, context.baseUrl());
      return { data: { authorized_redirect_uri: uri, authorizedRedirectUri: uri } };
    },
    // https://upstox.com/developer/api-documentation/get-portfolio-stream-feed-authorize
    'GET /v2/feed/portfolio-stream-feed/authorize': async (s, url) => {
      const uri = context.portfolio.authorize(s, context.baseUrl(), url.searchParams.get('update_types'));
      return { data: { authorized_redirect_uri: uri, authorizedRedirectUri: uri } };
    },
    // https://upstox.com/developer/api-documentation/logout
    'DELETE /v2/login/authorization/logout': async (s) => {
      context.accounts.revoke(s);
      context.feed.closeSessions([s]);
      context.portfolio.closeSessions([s]);
      return { data: true };
    },
  };

  function trade(item: ReturnType<OrderBook['fillsOf']>[number]) {
    const { order } = item;
    return {
      exchange: order.exchange, product: order.product, trading_symbol: order.trading_symbol, tradingsymbol: order.trading_symbol, instrument_token: order.instrument_token,
      order_type: order.order_type, transaction_type: order.transaction_type, quantity: item.quantity, exchange_order_id: order.exchange_order_id,
      order_id: order.order_id, exchange_timestamp: item.at, average_price: item.price, trade_id: item.trade_id, order_ref_id: null, order_timestamp: order.order_timestamp,
    };
  }
}

/** /v3/historical-candle/intraday/:key/minutes/:n and /v3/historical-candle/:key/minutes/:n/:to/:from. */
function candles(context: RestContext, path: string): { data: unknown } | null {
  const intraday = /^\/v3\/historical-candle\/intraday\/([^/]+)\/minutes\/(\d+)$/.exec(path);
  const historical = /^\/v3\/historical-candle\/([^/]+)\/minutes\/(\d+)\/(\d{4}-\d{2}-\d{2})\/(\d{4}-\d{2}-\d{2})$/.exec(path);
  const match = intraday ?? historical;
  if (!match) return null;
  const key = decodeURIComponent(match[1] ?? '');
  const quote = context.market.quote(key);
  if (!quote) throw invalidInput('Invalid instrument key.');
  const now = context.clock();
  const today = istDate(now);
  const [from, to] = intraday ? [today, today] : [match[4] ?? '', match[3] ?? ''];
  // https://upstox.com/developer/api-documentation/v3/get-historical-candle-data: finished days only; today is the intraday call's.
  const until = intraday ? to : to >= today ? istDate(new Date(Date.parse(`${today}T00:00:00Z`) - 86_400_000)) : to;
  return { data: { candles: minuteCandles(quote.close, from, until, now, Number(match[2])) } };
}

export async function handleRest(context: RestContext, request: IncomingMessage, response: ServerResponse, url: URL): Promise<void> {
  const body = () => readBody(request);
  if (request.method === 'POST' && url.pathname === '/v2/login/authorization/token') {
    // https://upstox.com/developer/api-documentation/get-token: the profile and the token at the top level, no `data`.
    const session = context.accounts.exchange(new URLSearchParams(await body()));
    const { app, userId, token } = session;
    return sendJson(response, 200, {
      email: 'trader@example.com', exchanges: ['NSE', 'NFO', 'BSE', 'BFO'], products: ['D', 'I', 'MTF'], broker: 'UPSTOX', user_id: userId, user_name: 'Test Trader',
      order_types: ['MARKET', 'LIMIT', 'SL', 'SL-M'], user_type: 'individual', poa: false, is_active: true, access_token: token, extended_token: null, client_id: app.apiKey,
    });
  }
  const session = context.accounts.authenticate(request.headers.authorization);
  if (context.faults.answer429Next) {
    context.faults.answer429Next = false;
    throw tooManyRequests();
  }
  const route = routes(context, request, response)[`${request.method} ${url.pathname}`];
  if (route) {
    const answer = await route(session, url, body);
    if (answer !== 'dropped') sendSuccess(response, answer.data, answer.metadata);
    return;
  }
  const candleAnswer = request.method === 'GET' ? candles(context, url.pathname) : null;
  if (candleAnswer) return sendSuccess(response, candleAnswer.data);
  const expiredAnswer = request.method === 'GET' ? expiredRoute(context.expired, session.userId, url, context.clock()) : null;
  if (expiredAnswer) return sendSuccess(response, expiredAnswer.data);
  throw new UpstoxRefusal(404, 'UDAPI10000', 'This request is not supported by Upstox API');
}

