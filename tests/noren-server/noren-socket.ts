// Noren's JSON websocket (NorenRestApiPy's `start_websocket`): the connect message {"t":"c","uid","actid",
// "susertoken"} answered {"t":"ck","s":"OK"} for a live session (else "Not_Ok" and the socket closed); touchline
// {"t":"t","k":"NFO|43919#NSE|26000"} answered with a `tk` frame per instrument, depth {"t":"d"} with `dk`, then
// `tf`/`df` frames of the figures that changed on every price move; `u`/`ud` unsubscribe. The indices' levels are
// kept here (their tokens: NSE|26000 NIFTY 50, NSE|26009 NIFTY BANK).
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { type WebSocket, WebSocketServer } from 'ws';

type Client = { socket: WebSocket; uid: string | null; follows: Map<string, 't' | 'd'>; orders: boolean };
type Levels = { last: (key: string) => number | null };

export function createNorenSocket(sessionOf: (token: string) => { uid: string; ended: boolean } | undefined, levels: Levels) {
  // Pongs are the server's to give (Noren's own client pings every 3 s with `{"t":"h"}`): a silenced server gives none.
  const wss = new WebSocketServer({ noServer: true, autoPong: false });
  const clients = new Set<Client>();
  const received: unknown[] = [];
  let silenced = false;
  let pings = 0;
  const sendTo = (client: Client, message: Record<string, unknown>) => {
    if (!silenced) client.socket.send(JSON.stringify(message));
  };

  function frame(key: string, t: string): Record<string, string> | null {
    const last = levels.last(key);
    if (last === null) return null;
    const [e = '', tk = ''] = key.split('|');
    const base = { t, e, tk, lp: last.toFixed(2), ft: String(Math.floor(Date.now() / 1000)) };
    // Depth frames carry the best bid and ask a tick either side; the index's touchline its close.
    return t.startsWith('d') ? { ...base, bp1: (last - 0.05).toFixed(2), sp1: (last + 0.05).toFixed(2), bq1: '650', sq1: '1300', v: '98250', oi: '1234500' } : { ...base, c: e === 'NSE' ? '26000.00' : '0' };
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
        const ack = frame(key, message.t === 't' ? 'tk' : 'dk');
        if (ack !== null) sendTo(client, ack);
      }
    } else if (message.t === 'u' || message.t === 'ud') {
      for (const key of keys) client.follows.delete(key);
    }
  }

  return {
    handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
      wss.handleUpgrade(request, socket, head, (ws) => {
        const client: Client = { socket: ws, uid: null, follows: new Map(), orders: false };
        clients.add(client);
        ws.on('message', (data) => handle(client, data));
        ws.on('ping', (data) => {
          pings += 1;
          if (!silenced) ws.pong(data);
        });
        ws.on('close', () => clients.delete(client));
      });
    },
    /** A price moved: a `tf`/`df` frame to every socket following it. */
    moved(key: string): void {
      for (const client of clients) {
        const mode = client.follows.get(key);
        const update = mode === undefined ? null : frame(key, mode === 't' ? 'tf' : 'df');
        if (update !== null) sendTo(client, update);
      }
    },
    /** An order of `uid` changed: an `om` frame to the user's sockets that asked for order updates. */
    orderChanged(uid: string, order: { norenordno: string; status: string; tsym: string; qty: string; fillshares: string; avgprc: string; remarks: string }): void {
      for (const client of clients) {
        if (client.uid === uid && client.orders) sendTo(client, { t: 'om', actid: uid, exch: 'NFO', reporttype: order.status === 'COMPLETE' ? 'Fill' : 'New', ...order });
      }
    },
    /** While on, the server sends nothing: no frame, no pong (a dead link TCP has not noticed). */
    silence(on: boolean): void {
      silenced = on;
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
