// The market feed v3 WebSocket. /v3/feed/market-data-feed/authorize answers a one-time address
// (ws://127.0.0.1:<port>/v3/feed/market-data-feed/ws?code=…, single-use, a minute); the socket opens with a
// market_info frame, answers each `sub` or `change_mode` (binary frames of JSON, as Upstox's SDK sends them)
// with an initial_feed snapshot of those instruments, sends a live_feed frame on every price change to the
// sockets that follow it, and pings every `heartbeatMs` (0: only when a test asks). A logged-out token's
// sockets close. https://upstox.com/developer/api-documentation/v3/get-market-data-feed
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer } from 'ws';
import type { Session } from './accounts.ts';
import { createOneTimeCodes } from './one-time-codes.ts';
import { encodeFeeds, encodeMarketInfo, feedEntry, type FeedMode } from './feed-encoder.ts';
import type { Market, Quote } from './market.ts';

type Client = { socket: WebSocket; session: Session; modes: Map<string, FeedMode> };

export function createFeedHub(market: Market, clock: () => Date, heartbeatMs: number) {
  const wss = new WebSocketServer({ noServer: true });
  const codes = createOneTimeCodes<{ session: Session }>(clock);
  const clients = new Set<Client>();
  const received: unknown[] = [];
  const pongWaiters: (() => void)[] = [];
  let silent = false;
  const heartbeat = heartbeatMs > 0 ? setInterval(() => ping(), heartbeatMs) : null;

  function ping(): void {
    if (!silent) for (const client of clients) client.socket.ping();
  }

  function send(client: Client, bytes: Uint8Array): void {
    if (!silent && client.socket.readyState === WebSocket.OPEN) client.socket.send(bytes);
  }

  function feedsFor(client: Client, keys: readonly string[]): Record<string, unknown> {
    const feeds: Record<string, unknown> = {};
    for (const key of keys) {
      const instrument = market.instrument(key);
      const quote = market.quote(key);
      const mode = client.modes.get(key);
      if (instrument && quote && mode) feeds[key] = feedEntry(instrument, quote, mode);
    }
    return feeds;
  }

  function handleMessage(client: Client, data: WebSocket.RawData): void {
    let request: { method?: unknown; data?: { mode?: unknown; instrumentKeys?: unknown } };
    try {
      request = JSON.parse(Buffer.from(Array.isArray(data) ? Buffer.concat(data) : data instanceof ArrayBuffer ? new Uint8Array(data) : data).toString('utf8'));
    } catch {
      return;
    }
    received.push(request);
    const keys = Array.isArray(request.data?.instrumentKeys) ? request.data.instrumentKeys.filter((key): key is string => typeof key === 'string') : [];
    if (request.method === 'unsub') {
      for (const key of keys) client.modes.delete(key);
      return;
    }
    // Upstox's default mode for `sub` is ltpc.
    const mode = request.data?.mode === 'full' || request.data?.mode === 'option_greeks' ? request.data.mode : 'ltpc';
    for (const key of keys) client.modes.set(key, mode);
    send(client, encodeFeeds('initial_feed', feedsFor(client, keys), clock().getTime()));
  }

  market.onChange((key: string, _quote: Quote) => {
    for (const client of clients) if (client.modes.has(key)) send(client, encodeFeeds('live_feed', feedsFor(client, [key]), clock().getTime()));
  });

  return {
    /** The one-time address for a logged-in session. */
    authorize(session: Session, baseUrl: string): string {
      const code = codes.issue({ session });
      return `${baseUrl.replace(/^http/, 'ws')}/v3/feed/market-data-feed/ws?code=${code}`;
    },
    handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
      const issued = codes.take(request, socket);
      if (!issued) return;
      wss.handleUpgrade(request, socket, head, (ws) => {
        const client: Client = { socket: ws, session: issued.session, modes: new Map() };
        clients.add(client);
        ws.on('message', (data) => handleMessage(client, data));
        ws.on('close', () => clients.delete(client));
        ws.on('pong', () => pongWaiters.splice(0).forEach((resolve) => resolve()));
        send(client, encodeMarketInfo({ NSE_FO: 'NORMAL_OPEN', NSE_INDEX: 'NORMAL_OPEN' }, clock().getTime()));
      });
    },
    /** Closes the sockets of sessions that ended (logout, expiry). */
    closeSessions(sessions: readonly Session[]): void {
      for (const client of clients) if (sessions.includes(client.session)) client.socket.close(1000);
    },
    silence(on: boolean): void {
      silent = on;
    },
    ping,
    /** Every socket closes at once, as a network cut does (the client reconnects). */
    dropConnections(): void {
      for (const client of clients) client.socket.terminate();
    },
    /** Resolves at the next pong a client answers a ping with. */
    nextPong: () => new Promise<void>((resolve) => pongWaiters.push(resolve)),
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

export type FeedHub = ReturnType<typeof createFeedHub>;
