// Noren's JSON websocket (NorenRestApiPy's `start_websocket`): the connect message {"t":"c","uid","actid",
// "susertoken"} answered {"t":"ck","s":"OK"} for a live session (else "Not_Ok" and the socket closed); touchline
// {"t":"t","k":"NFO|43919#NSE|26000"} answered with a `tk` frame per instrument, depth {"t":"d"} with `dk`, then
// `tf`/`df` frames on every price move (a `df` of the fields that changed alone, as Noren documents); `u`/`ud`
// unsubscribe. Depth frames carry Noren's five levels a side (bp1..bp5 prices, bq1..bq5 quantities, bo1..bo5
// orders; sp/sq/so the offers), each a tick (0.05) further from the last price (serverDepthLevels); a level a thin
// premium leaves empty is sent as Noren pads one ("0.00", "0", "0"). The indices' levels are kept here (their
// tokens: NSE|26000 NIFTY 50, NSE|26009 NIFTY BANK). A browser spec that silences the feed or moves a price for one
// user (`uid`) leaves every other user's sockets as they were: specs run side by side on one test server.
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { type WebSocket, WebSocketServer } from 'ws';

type Client = { socket: WebSocket; uid: string | null; follows: Map<string, 't' | 'd'>; orders: boolean; depthSent: Map<string, Record<string, string>> };
type Levels = { last: (key: string) => number | null };

export type ServerDepthLevel = { price: number; quantity: number; orders: number };

/**
 * The five levels a side the server sends for a contract at `last`: level n (1 to 5) a bid at last − 0.05·n for
 * 650·n in n orders, an offer at last + 0.05·n for 1300·n in 2n orders; a bid that would fall below ₹0.05 is empty.
 */
export function serverDepthLevels(last: number): { bids: ServerDepthLevel[]; asks: ServerDepthLevel[] } {
  const level = (n: number, sign: 1 | -1) => Math.round((last + sign * 0.05 * n) * 100) / 100;
  const bids = [1, 2, 3, 4, 5].map((n) => (level(n, -1) >= 0.05 ? { price: level(n, -1), quantity: 650 * n, orders: n } : { price: 0, quantity: 0, orders: 0 }));
  const asks = [1, 2, 3, 4, 5].map((n) => ({ price: level(n, 1), quantity: 1300 * n, orders: 2 * n }));
  return { bids, asks };
}

/** Noren's depth fields of the levels (prices with two decimals, quantities and orders whole, all text). */
function depthFields(last: number): Record<string, string> {
  const { bids, asks } = serverDepthLevels(last);
  const fields: Record<string, string> = {};
  bids.forEach((row, index) => Object.assign(fields, { [`bp${index + 1}`]: row.price.toFixed(2), [`bq${index + 1}`]: String(row.quantity), [`bo${index + 1}`]: String(row.orders) }));
  asks.forEach((row, index) => Object.assign(fields, { [`sp${index + 1}`]: row.price.toFixed(2), [`sq${index + 1}`]: String(row.quantity), [`so${index + 1}`]: String(row.orders) }));
  return fields;
}

export function createNorenSocket(sessionOf: (token: string) => { uid: string; ended: boolean } | undefined, levels: Levels) {
  // Pongs are the server's to give (Noren's own client pings every 3 s with `{"t":"h"}`): a silenced server gives none.
  const wss = new WebSocketServer({ noServer: true, autoPong: false });
  const clients = new Set<Client>();
  const received: unknown[] = [];
  let silencedAll = false;
  const silencedUsers = new Set<string>();
  const isSilenced = (client: Client) => silencedAll || (client.uid !== null && silencedUsers.has(client.uid));
  /** One user's own last prices (by key), over the book's: what `setLastFor` moved for that user's sockets alone. */
  const ownLast = new Map<string, Map<string, number>>();
  let pings = 0;
  const sendTo = (client: Client, message: Record<string, unknown>) => {
    if (!isSilenced(client)) client.socket.send(JSON.stringify(message));
  };

  function frame(client: Client, key: string, t: string): Record<string, string> | null {
    const last = (client.uid === null ? undefined : ownLast.get(client.uid)?.get(key)) ?? levels.last(key);
    if (last === null) return null;
    const [e = '', tk = ''] = key.split('|');
    const base = { t, e, tk, lp: last.toFixed(2), ft: String(Math.floor(Date.now() / 1000)) };
    // Depth frames carry five levels a side; the index's touchline its close.
    return t.startsWith('d') ? { ...base, ...depthFields(last), v: '98250', oi: '1234500' } : { ...base, c: e === 'NSE' ? '26000.00' : '0' };
  }

  /** A `df` of what changed since the client was last sent the contract's depth (null: nothing did). */
  function depthChange(client: Client, key: string): Record<string, string> | null {
    const whole = frame(client, key, 'df');
    if (whole === null) return null;
    const sent = client.depthSent.get(key) ?? {};
    // A silenced server sends nothing, so what the client holds is what it had.
    if (!isSilenced(client)) client.depthSent.set(key, whole);
    const changed = Object.fromEntries(Object.entries(whole).filter(([field, value]) => ['t', 'e', 'tk'].includes(field) || sent[field] !== value));
    return Object.keys(changed).length > 3 ? changed : null;
  }

  function handle(client: Client, data: unknown): void {
    let message: Record<string, unknown>;
    try {
      message = JSON.parse(String(data)) as Record<string, unknown>;
    } catch {
      return;
    }
    received.push(message);
    if (message.t === 'c') {
      const session = sessionOf(String(message.susertoken ?? ''));
      if (!session || session.ended || session.uid !== message.uid) {
        sendTo(client, { t: 'ck', s: 'Not_Ok', emsg: 'Invalid Session Key' });
        client.socket.close(1000);
        return;
      }
      client.uid = session.uid;
      sendTo(client, { t: 'ck', s: 'OK', uid: session.uid });
      return;
    }
    if (client.uid === null) return;
    const keys = String(message.k ?? '').split('#').filter((key) => key !== '');
    if (message.t === 'o') {
      client.orders = message.actid === client.uid;
      sendTo(client, { t: 'ok' });
      return;
    }
    if (message.t === 't' || message.t === 'd') {
      for (const key of keys) {
        client.follows.set(key, message.t);
        const ack = frame(client, key, message.t === 't' ? 'tk' : 'dk');
        if (ack !== null) sendTo(client, ack);
        if (ack !== null && message.t === 'd' && !isSilenced(client)) client.depthSent.set(key, ack);
      }
    } else if (message.t === 'u' || message.t === 'ud') {
      for (const key of keys) {
        client.follows.delete(key);
        client.depthSent.delete(key);
      }
    }
  }

  return {
    handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
      wss.handleUpgrade(request, socket, head, (ws) => {
        const client: Client = { socket: ws, uid: null, follows: new Map(), orders: false, depthSent: new Map() };
        clients.add(client);
        ws.on('message', (data) => handle(client, data));
        ws.on('ping', (data) => {
          pings += 1;
          if (!isSilenced(client)) ws.pong(data);
        });
        ws.on('close', () => clients.delete(client));
      });
    },
    /** A price moved: a `tf`/`df` frame to every socket following it (of `uid` alone when given). */
    moved(key: string, uid?: string): void {
      for (const client of clients) {
        if (uid !== undefined && client.uid !== uid) continue;
        const mode = client.follows.get(key);
        const update = mode === undefined ? null : mode === 't' ? frame(client, key, 'tf') : depthChange(client, key);
        if (update !== null) sendTo(client, update);
      }
    },
    /** `key` at `price` on `uid`'s sockets only (the book and other users' sockets keep theirs). */
    setLastFor(uid: string, key: string, price: number): void {
      const own = ownLast.get(uid) ?? new Map<string, number>();
      own.set(key, price);
      ownLast.set(uid, own);
      this.moved(key, uid);
    },
    /** An order of `uid` changed: an `om` frame to the user's sockets that asked for order updates. */
    orderChanged(uid: string, order: { norenordno: string; status: string; tsym: string; qty: string; fillshares: string; avgprc: string; remarks: string }): void {
      for (const client of clients) {
        if (client.uid === uid && client.orders) sendTo(client, { t: 'om', actid: uid, exch: 'NFO', reporttype: order.status === 'COMPLETE' ? 'Fill' : 'New', ...order });
      }
    },
    /** While on, the server sends nothing (to `uid`'s sockets alone when given): no frame, no pong (a dead link TCP has not noticed). */
    silence(on: boolean, uid?: string): void {
      if (uid === undefined) silencedAll = on;
      else if (on) silencedUsers.add(uid);
      else silencedUsers.delete(uid);
    },
    /** How many pings the clients sent. */
    pings: () => pings,
    /** What clients sent (connects, subscriptions), oldest first. */
    received: () => [...received],
    close(): void {
      for (const client of clients) client.socket.terminate();
      wss.close();
    },
  };
}
