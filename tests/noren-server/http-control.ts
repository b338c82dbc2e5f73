// The test server's control over HTTP, for browser tests that run it beside the reference server
// (tests/e2e/support/start-server.ts): POST /__control/<name> with a JSON body, answered {data}. Names and bodies:
//   apps {apiKey, apiSecret, redirectUrl, userId} · contracts {contracts: ServerContract[]} (lists more) ·
//   last {token, price, uid?} (with uid: on that user's feed alone) · orders {uid} · end-sessions {uid?} · holdings {uid, holdings: HoldingSeed[]} (the user's demat holdings) ·
//   from-app {uid, token, trantype, qty, prd?} (a MARKET order placed in the broker's own app, no remarks) ·
//   silence-feed {on, uid?} (while on, the websocket sends nothing to every user, or to `uid` alone: no price, no answer, no pong)
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody, sendJson } from '../kite-server/http-util.ts';
import type { HoldingSeed } from './holdings.ts';
import type { ServerContract } from './noren-book.ts';
import type { NorenControl } from './noren-server.ts';

type Body = Record<string, unknown>;

class ControlRefusal extends Error {}

function text(body: Body, key: string): string {
  const value = body[key];
  if (typeof value !== 'string' || value === '') throw new ControlRefusal(`${key} is required`);
  return value;
}

export async function handleNorenControl(control: NorenControl, request: IncomingMessage, response: ServerResponse, url: URL): Promise<void> {
  try {
    const raw = request.method === 'POST' ? await readBody(request) : '';
    const body = (raw === '' ? {} : JSON.parse(raw)) as Body;
    const actions: Record<string, () => unknown> = {
      apps: () => control.registerApp({ apiKey: text(body, 'apiKey'), apiSecret: text(body, 'apiSecret'), redirectUrl: text(body, 'redirectUrl'), userId: text(body, 'userId') }),
      contracts: () => control.listContracts(body.contracts as ServerContract[]),
      last: () => control.setLast(text(body, 'token'), Number(body.price), typeof body.uid === 'string' ? body.uid : undefined),
      orders: () => control.orders(text(body, 'uid')),
      'from-app': () =>
        control.placeFromAppByToken(text(body, 'uid'), text(body, 'token'), { trantype: text(body, 'trantype'), qty: text(body, 'qty'), prd: typeof body.prd === 'string' ? body.prd : 'M', prctyp: 'MKT' }).norenordno,
      'silence-feed': () => control.silenceFeed(body.on === true, typeof body.uid === 'string' ? body.uid : undefined),
      'end-sessions': () => control.endSessions(typeof body.uid === 'string' ? body.uid : undefined),
      holdings: () => {
        if (!Array.isArray(body.holdings)) throw new ControlRefusal('holdings (tsym, token, isin, holdqty, upldprc, last) is required');
        control.setHoldings(text(body, 'uid'), body.holdings as HoldingSeed[]);
        return { held: body.holdings.length };
      },
    };
    const action = actions[url.pathname.slice('/__control/'.length)];
    if (action === undefined) return sendJson(response, 404, { stat: 'Not_Ok', emsg: `No control ${url.pathname}` });
    sendJson(response, 200, { data: action() ?? null });
  } catch (error) {
    sendJson(response, 400, { stat: 'Not_Ok', emsg: error instanceof Error ? error.message : String(error) });
  }
}
