// The test server's ticker: a WebSocket endpoint that authenticates the handshake by api_key and
// access_token (403 otherwise, as Kite does), takes subscribe / unsubscribe / mode messages, answers each
// subscription with a snapshot, pushes a tick on every price change in each connection's mode, sends order
// updates as text frames, and a heartbeat byte every `heartbeatMs`. Tests can silence it (a connection that
// goes quiet without closing), drop every connection, or send heartbeats and errors themselves.
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { KiteOrder } from '../../server/services/brokers/kite/kite-order-types.ts';
import type { TickMode } from '../../server/services/brokers/kite/ticker-packets.ts';
import type { App, Apps } from './apps.ts';
import type { Market } from './market.ts';
import { encodeFrame, encodePacket, heartbeatFrame } from './ticker-encoder.ts';

type Connection = { ws: WebSocket; app: App; accessToken: string; modes: Map<number, TickMode> };

export type TickerHub = ReturnType<typeof createTickerHub>;

const modes: readonly string[] = ['ltp', 'quote', 'full'];
const isMode = (value: unknown): value is TickMode => typeof value === 'string' && modes.includes(value);
const isTokenList = (value: unknown): value is number[] => Array.isArray(value) && value.every((token) => Number.isInteger(token));

export function createTickerHub({ apps, market, heartbeatMs }: { apps: Apps; market: Market; heartbeatMs: number }) {
  const server = new WebSocketServer({ noServer: true });
  const connections = new Set<Connection>();
  const received: unknown[] = [];
  let silent = false;
  const heartbeat = heartbeatMs > 0 ? setInterval(() => sendHeartbeat(), heartbeatMs) : null;

  function send(connection: Connection, data: Uint8Array | string): void {
    if (!silent && connection.ws.readyState === connection.ws.OPEN) connection.ws.send(data, { binary: typeof data !== 'string' });
  }

  function sendTicks(connection: Connection, tokens: readonly number[]): void {
    const packets = tokens.filter((token) => market.find(token)).map((token) => encodePacket(market.tick(token, connection.modes.get(token) ?? 'quote')));
    if (packets.length > 0) send(connection, encodeFrame(packets));
  }

  function handleMessage(connection: Connection, text: string): void {
    let message: unknown;
    try {
      message = JSON.parse(text);
    } catch {
      return;
    }
    received.push(message);
    if (typeof message !== 'object' || message === null || !('a' in message) || !('v' in message)) return;
    const { a: action, v: value } = message;
    if (action === 'subscribe' && isTokenList(value)) {
      for (const token of value) if (!connection.modes.has(token)) connection.modes.set(token, 'quote');
      sendTicks(connection, value);
    } else if (action === 'unsubscribe' && isTokenList(value)) {
      for (const token of value) connection.modes.delete(token);
    } else if (action === 'mode' && Array.isArray(value) && isMode(value[0]) && isTokenList(value[1])) {
      const [mode, tokens] = value;
      const known = tokens.filter((token) => connection.modes.has(token));
      for (const token of known) connection.modes.set(token, mode);
      sendTicks(connection, known);
    }
  }

  function sendHeartbeat(): void {
    for (const connection of connections) send(connection, heartbeatFrame);
  }

  return {
    handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
      const query = new URL(request.url ?? '/', 'http://127.0.0.1').searchParams;
      const apiKey = query.get('api_key') ?? '';
      const accessToken = query.get('access_token') ?? '';
      const app = apps.get(apiKey);
      if (!app || !apps.isLive(apiKey, accessToken)) {
        socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
        return;
      }
      server.handleUpgrade(request, socket, head, (ws) => {
        const connection: Connection = { ws, app, accessToken, modes: new Map() };
        connections.add(connection);
        ws.on('message', (data, isBinary) => {
          if (!isBinary) handleMessage(connection, data.toString());
        });
        ws.on('close', () => connections.delete(connection));
      });
    },
    priceMoved(token: number): void {
      for (const connection of connections) if (connection.modes.has(token)) sendTicks(connection, [token]);
    },
    orderUpdate(app: App, order: KiteOrder): void {
      const data = { ...order, user_id: app.userId, unfilled_quantity: order.pending_quantity, app_id: 1, checksum: '' };
      for (const connection of connections) if (connection.app === app) send(connection, JSON.stringify({ type: 'order', id: '', data }));
    },
    sendError(message: string): void {
      for (const connection of connections) send(connection, JSON.stringify({ type: 'error', data: message }));
    },
    sendHeartbeat,
    setSilent(value: boolean): void {
      silent = value;
    },
    /** Closes every socket whose token is no longer live (Kite drops them when tokens expire). */
    dropExpired(): void {
      for (const connection of connections) if (!apps.isLive(connection.app.apiKey, connection.accessToken)) connection.ws.terminate();
    },
    dropAll(): void {
      for (const connection of connections) connection.ws.terminate();
    },
    connectionCount: () => connections.size,
    received: () => [...received],
    close(): void {
      if (heartbeat) clearInterval(heartbeat);
      for (const connection of connections) connection.ws.terminate();
      server.close();
    },
  };
}
