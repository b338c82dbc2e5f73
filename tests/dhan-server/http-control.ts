// The test server's control over HTTP, for browser tests that run it beside the reference server
// (tests/e2e/support/start-server.ts): POST /__control/<name> with a JSON body, answered {data}. Names and bodies:
//   apps {appId, appSecret, redirectUrl, clientId} · contracts {contracts: ServerContract[]} (lists more) ·
//   last {security_id, price} · orders {client_id} · issue-token {client_id} (a token as web.dhan.co generates it) ·
//   expire-tokens {client_id?} · kill-switch {client_id} · silence-depth {on} (the 20-level depth sends nothing while on) ·
//   holdings {client_id, holdings: HoldingSeed[]} (the client's demat holdings) · order-writes {} (every order write, as sent) ·
//   silence-order-updates {on} (the order sockets send no order's change while on) · postbacks {client_id} (the bodies
//   Dhan would have posted for that client's orders, oldest first)
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { DhanControl } from './dhan-server.ts';
import { inputException, parseJsonBody, readBody, sendJson, sendRefusal } from './http-util.ts';
import type { HoldingSeed } from './holdings.ts';
import type { ServerContract } from './market.ts';

type Body = Record<string, unknown>;

function text(body: Body, key: string): string {
  const value = body[key];
  if (typeof value !== 'string' || value === '') throw inputException(`${key} is required`);
  return value;
}

export async function handleControl(control: DhanControl, request: IncomingMessage, response: ServerResponse, url: URL): Promise<void> {
  try {
    const raw = request.method === 'POST' ? await readBody(request) : '';
    const body: Body = raw ? parseJsonBody(raw) : {};
    const actions: Record<string, () => unknown> = {
      apps: () => control.registerApp({ appId: text(body, 'appId'), appSecret: text(body, 'appSecret'), redirectUrl: text(body, 'redirectUrl'), clientId: text(body, 'clientId') }),
      contracts: () => control.listContracts(body.contracts as ServerContract[]),
      last: () => control.setLast(text(body, 'security_id'), Number(body.price)),
      orders: () => control.orders(text(body, 'client_id')),
      'issue-token': () => control.issueToken(text(body, 'client_id')),
      'expire-tokens': () => control.expireAllTokens(typeof body.client_id === 'string' ? body.client_id : undefined),
      'kill-switch': () => control.killSwitch(text(body, 'client_id')),
      'silence-depth': () => control.silenceDepth(body.on === true),
      'order-writes': () => control.orderWrites(),
      'silence-order-updates': () => control.silenceOrderUpdates(body.on === true),
      postbacks: () => control.postbacks().filter((sent) => sent.dhanClientId === text(body, 'client_id')),
      holdings: () => {
        if (!Array.isArray(body.holdings)) throw inputException('holdings (securityId, tradingSymbol, isin, totalQty, avgCostPrice, lastTradedPrice) is required');
        control.setHoldings(text(body, 'client_id'), body.holdings as HoldingSeed[]);
        return { held: body.holdings.length };
      },
    };
    const action = actions[url.pathname.slice('/__control/'.length)];
    if (action === undefined) return sendJson(response, 404, { errorType: 'Others', errorCode: 'DH-910', errorMessage: `No control ${url.pathname}` });
    sendJson(response, 200, { data: action() ?? null });
  } catch (error) {
    sendRefusal(response, error);
  }
}
