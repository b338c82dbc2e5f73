// Dhan's 20-level market depth (https://dhanhq.co/docs/v2/full-market-depth/) for the test server: a WebSocket at
// /twentydepth whose address carries token, clientId and authType=2; and the 200-level one at /twohundreddepth (one
// instrument a connection, subscribed with a flat {RequestCode: 23, ExchangeSegment, SecurityId}, 200 rows a side,
// the header's last field their count). Requests are JSON ({RequestCode: 23,
// InstrumentCount, InstrumentList: [{ExchangeSegment, SecurityId}]}, 24 to leave; at most 50 instruments a
// connection, NSE_EQ and NSE_FNO only); answers are little-endian binary, bids (41) and asks (51) as two packets
// back to back: a 12-byte header (length int16, code byte, segment byte, security id int32, sequence uint32) and
// 20 levels of 16 bytes (price float64, quantity uint32, orders uint32), sent on subscribing and on every price
// move. The levels stand a tick apart from the last price, 65 more contracts and one more order each level down; a
// level that would be at or below zero is empty (all zeros). A token not the client id's gets the disconnection
// packet (50, reason 807) and the socket closes. Written from the documented layout, not with the adapter's decoder.
// Dhan's sockets ping every 10 s; here every `heartbeatMs` (0: never), so a depth quiet between price moves stays
// alive; `silence` stops packets and pings alike (the depth looks dead to its clients).
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer } from 'ws';
import type { Accounts } from './accounts.ts';
import type { Market } from './market.ts';
import { acceptLoggedIn } from './socket-login.ts';

const segmentCodes: Readonly<Record<string, number>> = { NSE_EQ: 1, NSE_FNO: 2 };
type Client = { socket: WebSocket; token: string; followed: Map<string, string> };

/** The levels of one side as the test server quotes them (rupees, units, orders), best first; an empty level is 0s. */
export function serverDepthRows(last: number, side: 'bids' | 'asks', levels: 20 | 200 = 20) {
  return Array.from({ length: levels }, (_, level) => {
    const price = Math.round((side === 'bids' ? last - 0.05 * (level + 1) : last + 0.05 * (level + 1)) * 100) / 100;
    return price > 0 ? { price, quantity: 65 * (level + 1), orders: level + 1 } : { price: 0, quantity: 0, orders: 0 };
  });
}

function sidePacket(code: 41 | 51, segment: string, securityId: string, sequence: number, last: number, levels: 20 | 200): Buffer {
  const bytes = Buffer.alloc(12 + levels * 16);
  bytes.writeUInt16LE(bytes.length, 0);
  bytes.writeUInt8(code, 2);
  bytes.writeUInt8(segmentCodes[segment] ?? 2, 3);
  bytes.writeUInt32LE(Number(securityId), 4);
  // 20 levels: a sequence number; 200: the rows that follow.
  bytes.writeUInt32LE(levels === 200 ? levels : sequence, 8);
  serverDepthRows(last, code === 41 ? 'bids' : 'asks', levels).forEach((row, level) => {
    const at = 12 + level * 16;
    bytes.writeDoubleLE(row.price, at);
    bytes.writeUInt32LE(row.quantity, at + 8);
    bytes.writeUInt32LE(row.orders, at + 12);
  });
  return bytes;
}

function disconnect(reason: number): Buffer {
  const bytes = Buffer.alloc(14);
  bytes.writeUInt16LE(14, 0);
  bytes.writeUInt8(50, 2);
  bytes.writeUInt16LE(reason, 12);
  return bytes;
}

export function createDepth(market: Market, accounts: Accounts, levels: 20 | 200 = 20, heartbeatMs = 0) {
  const wss = new WebSocketServer({ noServer: true });
  const clients = new Set<Client>();
  const received: unknown[] = [];
  let sequence = 0;
  let silent = false;
  const heartbeat = heartbeatMs > 0 ? setInterval(() => !silent && clients.forEach((client) => client.socket.ping()), heartbeatMs) : null;

  function send(client: Client, segment: string, securityId: string): void {
    if (silent || client.socket.readyState !== WebSocket.OPEN) return;
    try {
      accounts.authenticate(client.token);
    } catch {
      client.socket.send(disconnect(807));
      client.socket.close(1000);
      return;
    }
    const last = market.last(securityId);
    sequence += 1;
    client.socket.send(Buffer.concat([sidePacket(41, segment, securityId, sequence, last, levels), sidePacket(51, segment, securityId, sequence, last, levels)]));
  }

  function handleMessage(client: Client, data: WebSocket.RawData): void {
    let request: { RequestCode?: unknown; InstrumentList?: unknown; ExchangeSegment?: unknown; SecurityId?: unknown };
    try {
      request = JSON.parse(Buffer.from(data as Buffer).toString('utf8'));
    } catch {
      return;
    }
    received.push(request);
    // 200 levels: the one instrument flat in the request; a second one on the same connection is not served.
    const flat = levels === 200 && client.followed.size === 0 ? [{ ExchangeSegment: request.ExchangeSegment, SecurityId: request.SecurityId }] : [];
    const list = levels === 200 ? flat : Array.isArray(request.InstrumentList) ? (request.InstrumentList as Array<{ ExchangeSegment?: unknown; SecurityId?: unknown }>) : [];
    const instruments = list.map((i) => ({ segment: String(i.ExchangeSegment), securityId: String(i.SecurityId) })).filter((i) => segmentCodes[i.segment] !== undefined);
    if (request.RequestCode === 24) {
      for (const { securityId } of instruments) client.followed.delete(securityId);
      return;
    }
    if (request.RequestCode !== 23) return;
    for (const { segment, securityId } of instruments) {
      if (client.followed.size >= 50 && !client.followed.has(securityId)) continue;
      client.followed.set(securityId, segment);
      send(client, segment, securityId);
    }
  }

  market.onChange((securityId) => {
    for (const client of clients) {
      const segment = client.followed.get(securityId);
      if (segment !== undefined) send(client, segment, securityId);
    }
  });

  return {
    handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
      const query = new URL(request.url ?? '/', 'http://127.0.0.1').searchParams;
      if (query.get('authType') !== '2') {
        socket.destroy();
        return;
      }
      acceptLoggedIn({
        wss,
        accounts,
        request,
        socket,
        head,
        refusal: () => disconnect(807),
        onOpen: (ws, token) => {
          const client: Client = { socket: ws, token, followed: new Map() };
          clients.add(client);
          ws.on('message', (data) => handleMessage(client, data));
          ws.on('close', () => clients.delete(client));
        },
      });
    },
    /** What clients sent (their JSON requests), oldest first. */
    received: () => [...received],
    connections: () => clients.size,
    /** Nothing is sent (packets nor pings) while on; off, each followed instrument's book is sent again. */
    silence(on: boolean): void {
      silent = on;
      if (!on) for (const client of clients) for (const [securityId, segment] of client.followed) send(client, segment, securityId);
    },
    close(): void {
      if (heartbeat) clearInterval(heartbeat);
      for (const client of clients) client.socket.terminate();
      wss.close();
    },
  };
}
