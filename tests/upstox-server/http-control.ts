// The test server's control over HTTP, for browser tests that run it as a separate process:
// POST /__control/<name> with a JSON body (GET for the reads). Names and bodies:
//   apps {apiKey, apiSecret, redirectUri, userId?, password?} · quote {instrument_key, last, close?, volume?, oi?, iv?}
//   reject {order_id, message?} · expire-tokens {apiKey?} · funds {user_id, available_margin…}
//   answer-429-next · drop-next-place-answer · feed-silence {on} · feed-drop · orders {user_id} · order-writes
//   sessions (every token issued: userId, token, revoked) ·
//   webhooks (what was POSTed to the apps' webhook URLs) · portfolio-drop (the portfolio stream's sockets cut) ·
//   portfolio-update {user_id, …order fields} (sent on the user's portfolio stream as given) ·
//   instruments {instruments: ServerInstrument[]} (lists more contracts) ·
//   hold-overnight {user_id, positions: [{instrument_key, product, quantity, average_price}]} (carried from an earlier session) ·
//   place-from-app {user_id, instrument_token, transaction_type, order_type, product, quantity, price?} (an order from Upstox's own app) ·
//   holdings {user_id, holdings: [{isin, trading_symbol, quantity, t1_quantity?, average_price, last}]} (the user's demat holdings)
import type { HoldingSeed } from './holdings.ts';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { invalidInput, parseJsonBody, readBody, sendJson, sendRefusal } from './http-util.ts';
import type { ServerInstrument } from './market.ts';
import type { Carried } from './positions.ts';
import type { UpstoxControl } from './upstox-server.ts';

type Body = Record<string, unknown>;

const text = (body: Body, key: string) => (typeof body[key] === 'string' ? body[key] : undefined);
const number = (body: Body, key: string) => (typeof body[key] === 'number' ? body[key] : undefined);

function required(value: string | undefined, name: string): string {
  if (value === undefined || value === '') throw invalidInput(`${name} is required`);
  return value;
}

export async function handleControl(control: UpstoxControl, request: IncomingMessage, response: ServerResponse, url: URL): Promise<void> {
  try {
    const raw = request.method === 'POST' ? await readBody(request) : '';
    const body: Body = raw ? parseJsonBody(raw) : {};
    const actions: Record<string, () => unknown> = {
      apps: () => {
        const app = control.registerApp({
          apiKey: required(text(body, 'apiKey'), 'apiKey'),
          apiSecret: required(text(body, 'apiSecret'), 'apiSecret'),
          redirectUri: required(text(body, 'redirectUri'), 'redirectUri'),
          webhookUrl: text(body, 'webhookUrl') ?? null,
        });
        if (text(body, 'userId')) app.userId = text(body, 'userId') ?? app.userId;
        if (text(body, 'password')) app.password = text(body, 'password') ?? app.password;
        return { api_key: app.apiKey };
      },
      quote: () => {
        const change = { last: number(body, 'last') ?? Number.NaN, close: number(body, 'close'), volume: number(body, 'volume'), oi: number(body, 'oi'), iv: number(body, 'iv') };
        if (!Number.isFinite(change.last)) throw invalidInput('last is required');
        const defined = Object.fromEntries(Object.entries(change).filter(([, value]) => value !== undefined));
        control.setQuote(required(text(body, 'instrument_key'), 'instrument_key'), { ...defined, last: change.last });
      },
      reject: () => control.rejectOrder(required(text(body, 'order_id'), 'order_id'), text(body, 'message')),
      'expire-tokens': () => control.expireAllTokens(text(body, 'apiKey')),
      funds: () => control.setFunds(required(text(body, 'user_id'), 'user_id'), { available_margin: number(body, 'available_margin'), used_margin: number(body, 'used_margin') }),
      'answer-429-next': () => control.answer429Next(),
      'drop-next-place-answer': () => control.dropNextPlaceAnswer(),
      'feed-silence': () => control.silenceFeed(body.on !== false),
      'feed-drop': () => control.dropFeedConnections(),
      orders: () => control.orders(required(text(body, 'user_id') ?? url.searchParams.get('user_id') ?? undefined, 'user_id')),
      'order-writes': () => control.orderWrites(),
      sessions: () => control.sessions(),
      webhooks: () => control.webhookDeliveries(),
      'portfolio-drop': () => control.dropPortfolioStream(),
      'portfolio-update': () => control.pushOrderUpdate(required(text(body, 'user_id'), 'user_id'), body),
      'hold-overnight': () => {
        if (!Array.isArray(body.positions)) throw invalidInput('positions is required');
        control.holdOvernight(required(text(body, 'user_id'), 'user_id'), body.positions as Carried[]);
      },
      'place-from-app': () => control.placeFromApp(required(text(body, 'user_id'), 'user_id'), body).map((order) => order.order_id),
      holdings: () => {
        if (!Array.isArray(body.holdings)) throw invalidInput('holdings is required');
        control.setHoldings(required(text(body, 'user_id'), 'user_id'), body.holdings as HoldingSeed[]);
      },
      instruments: () => {
        if (!Array.isArray(body.instruments)) throw invalidInput('instruments is required');
        control.listInstruments(body.instruments as ServerInstrument[]);
      },
    };
    const action = actions[url.pathname.slice('/__control/'.length)];
    if (!action) return sendJson(response, 404, { status: 'error', errors: [{ errorCode: 'CONTROL', message: `No control named ${url.pathname}` }] });
    sendJson(response, 200, { status: 'success', data: action() ?? null });
  } catch (error) {
    sendRefusal(response, error);
  }
}
