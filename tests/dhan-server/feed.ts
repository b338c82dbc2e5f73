// Dhan's live market feed v2 (https://dhanhq.co/docs/v2/live-market-feed/): a WebSocket at /feed whose address
// carries version=2, token, clientId and authType=2. Requests are JSON ({RequestCode, InstrumentCount,
// InstrumentList: [{ExchangeSegment, SecurityId}]}, 15/17/21 to subscribe in ticker, quote or full mode, 16/18/22
// to leave them); answers are little-endian binary packets with the 8-byte header (code, length, segment,
// security id): on subscribing, the previous close (6) and the mode's packet (ticker 2, quote 4, full 8); on every
// price move, the mode's packet to the sockets that follow it. A token that is unknown, expired or not the
// client id's gets the disconnection packet (50) with reason 807 and the socket closes, as Dhan answers inside
// the socket rather than at the handshake. Packets are written here from the documented layouts, not with the
// adapter's decoder. Dhan pings every 10 s; here every `heartbeatMs` (0, the default: only when a test asks, `ping`).
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer } from 'ws';
import type { Accounts } from './accounts.ts';
import type { Market } from './market.ts';
import { acceptLoggedIn } from './socket-login.ts';

const segmentCodes: Readonly<Record<string, number>> = { IDX_I: 0, NSE_EQ: 1, NSE_FNO: 2, BSE_EQ: 4, BSE_FNO: 8 };
type Mode = 'ticker' | 'quote' | 'full';
const modeOf: Readonly<Record<number, Mode>> = { 15: 'ticker', 17: 'quote', 21: 'full' };

type Client = { socket: WebSocket; clientId: string; token: string; modes: Map<string, { segment: string; mode: Mode }> };

function header(code: number, length: number, segment: string, securityId: string): Buffer {
  const bytes = Buffer.alloc(length);
  bytes.writeUInt8(code, 0);
  bytes.writeInt16LE(length, 1);
  bytes.writeUInt8(segmentCodes[segment] ?? 0, 3);
  bytes.writeUInt32LE(Number(securityId), 4);
  return bytes;
}

export function disconnectPacket(reason: number): Buffer {
  const bytes = header(50, 10, 'IDX_I', '0');
  bytes.writeUInt16LE(reason, 8);
  return bytes;
}

export function createFeed(market: Market, accounts: Accounts, clock: () => Date, heartbeatMs = 0) {
  const wss = new WebSocketServer({ noServer: true });
  const clients = new Set<Client>();
  const received: unknown[] = [];
  let silent = false;
  const heartbeat = heartbeatMs > 0 ? setInterval(() => ping(), heartbeatMs) : null;

  function ping(): void {
    if (!silent) for (const client of clients) client.socket.ping();
  }

  /** The instrument's packet in `mode` (an index has only ticker packets, whatever was asked). */
  function packet(segment: string, securityId: string, mode: Mode): Buffer {
    const last = market.last(securityId);
    const facts = market.facts(securityId);
    const seconds = Math.floor(clock().getTime() / 1000);
    if (segment === 'IDX_I' || mode === 'ticker') {
      const bytes = header(2, 16, segment, securityId);
      bytes.writeFloatLE(last, 8);
      bytes.writeUInt32LE(seconds, 12);
      return bytes;
    }
    const full = mode === 'full';
    const bytes = header(full ? 8 : 4, full ? 162 : 50, segment, securityId);
    bytes.writeFloatLE(last, 8);
    bytes.writeUInt16LE(65, 12); // last traded quantity
    bytes.writeUInt32LE(seconds, 14);
    bytes.writeFloatLE(last, 18); // average traded price
    bytes.writeUInt32LE(facts.volume, 22);
    bytes.writeUInt32LE(1300, 26); // total sell quantity
    bytes.writeUInt32LE(1950, 30); // total buy quantity
    // The day's open, (day) close, high and low: opened at yesterday's close, the close 0 until the session ends.
    const ohlc = [facts.prevClose, 0, Math.max(facts.prevClose, last), Math.min(facts.prevClose, last)];
    if (!full) {
      ohlc.forEach((value, i) => bytes.writeFloatLE(value, 34 + i * 4));
      return bytes;
    }
    bytes.writeUInt32LE(facts.oi, 34);
    bytes.writeUInt32LE(facts.oi, 38);
    bytes.writeUInt32LE(facts.oi, 42);
    ohlc.forEach((value, i) => bytes.writeFloatLE(value, 46 + i * 4));
    // Five levels a tick apart either side of the last price, 650 and 975 contracts deep.
    for (let level = 0; level < 5; level += 1) {
      const at = 62 + level * 20;
      bytes.writeUInt32LE(650, at);
      bytes.writeUInt32LE(975, at + 4);
      bytes.writeUInt16LE(3, at + 8);
      bytes.writeUInt16LE(4, at + 10);
      bytes.writeFloatLE(Math.round((last - 0.05 * (level + 1)) * 100) / 100, at + 12);
      bytes.writeFloatLE(Math.round((last + 0.05 * (level + 1)) * 100) / 100, at + 16);
    }
    return bytes;
  }

  function prevClose(segment: string, securityId: string): Buffer {
    const bytes = header(6, 16, segment, securityId);
    bytes.writeFloatLE(market.facts(securityId).prevClose, 8);
    bytes.writeUInt32LE(market.facts(securityId).prevOi, 12);
    return bytes;
  }

  function send(client: Client, bytes: Buffer): void {
    if (silent || client.socket.readyState !== WebSocket.OPEN) return;
    // A revoked or expired token's socket is told so and closed, as at the next packet Dhan would send.
    try {
      accounts.authenticate(client.token);
    } catch {
      client.socket.send(disconnectPacket(807));
      client.socket.close(1000);
      return;
    }
    client.socket.send(bytes);
  }

  function handleMessage(client: Client, data: WebSocket.RawData): void {
    let request: { RequestCode?: unknown; InstrumentList?: unknown };
    try {
      request = JSON.parse(Buffer.from(Array.isArray(data) ? Buffer.concat(data) : data instanceof ArrayBuffer ? new Uint8Array(data) : data).toString('utf8'));
    } catch {
      return;
    }
    received.push(request);
    const code = Number(request.RequestCode);
    const list = Array.isArray(request.InstrumentList) ? (request.InstrumentList as Array<{ ExchangeSegment?: unknown; SecurityId?: unknown }>) : [];
    const instruments = list.map((i) => ({ segment: String(i.ExchangeSegment), securityId: String(i.SecurityId) }));
    const subscribing = modeOf[code];
    if (subscribing === undefined) {
      if (modeOf[code - 1] !== undefined) for (const { securityId } of instruments) client.modes.delete(securityId);
      return;
    }
    const packets: Buffer[] = [];
    for (const { segment, securityId } of instruments) {
      client.modes.set(securityId, { segment, mode: subscribing });
      packets.push(prevClose(segment, securityId), packet(segment, securityId, subscribing));
    }
    // Several packets in one message, back to back, as Dhan may send them.
    if (packets.length > 0) send(client, Buffer.concat(packets));
  }

  market.onChange((securityId) => {
    for (const client of clients) {
      const followed = client.modes.get(securityId);
      if (followed !== undefined) send(client, packet(followed.segment, securityId, followed.mode));
    }
  });

  return {
    handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
      const query = new URL(request.url ?? '/', 'http://127.0.0.1').searchParams;
      if (query.get('version') !== '2' || query.get('authType') !== '2') {
        socket.destroy();
        return;
      }
      acceptLoggedIn({
        wss,
        accounts,
        request,
        socket,
        head,
        refusal: (clientId) => disconnectPacket(clientId ? 807 : 808),
        onOpen: (ws, token, clientId) => {
          const client: Client = { socket: ws, clientId, token, modes: new Map() };
          clients.add(client);
          ws.on('message', (data) => handleMessage(client, data));
          ws.on('close', () => clients.delete(client));
        },
      });
    },
    /** Nothing is sent (packets nor pings) while on: the feed looks dead to its clients. */
    silence(on: boolean): void {
      silent = on;
    },
    ping,
    /** Every socket closes at once, as a network cut does. */
    dropConnections(): void {
      for (const client of clients) client.socket.terminate();
    },
    /** What clients sent (subscriptions), oldest first. */
    received: () => [...received],
    connections: () => clients.size,
    close(): void {
      if (heartbeat) clearInterval(heartbeat);
      for (const client of clients) client.socket.terminate();
      wss.close();
    },
  };
}

export type Feed = ReturnType<typeof createFeed>;
