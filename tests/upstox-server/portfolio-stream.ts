// The portfolio stream feed: GET /v2/feed/portfolio-stream-feed/authorize?update_types=order,position,…
// answers a one-time address (ws://127.0.0.1:<port>/v2/feed/portfolio-stream-feed/ws?code=…, single-use, a
// minute) for the token's user; the socket then carries, as JSON text, every change of that user's orders (each
// state) in the webhook's shape (`update_type: "order"`, `user_id`, the order's record), when `order` is among
// the update types asked. It pings every `heartbeatMs` (0: only when a test asks). A logged-out or expired
// token's sockets close. https://upstox.com/developer/api-documentation/get-portfolio-stream-feed-authorize
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer } from 'ws';
import type { Session } from './accounts.ts';
import { invalidInput } from './http-util.ts';
import { createOneTimeCodes } from './one-time-codes.ts';

export const portfolioStreamPath = '/v2/feed/portfolio-stream-feed/ws';
const updateTypes = new Set(['order', 'position', 'holding', 'gtt_order']);

type Client = { socket: WebSocket; session: Session; types: ReadonlySet<string> };

export function createPortfolioStream(clock: () => Date, heartbeatMs: number) {
  const wss = new WebSocketServer({ noServer: true });
  const codes = createOneTimeCodes<{ session: Session; types: ReadonlySet<string> }>(clock);
  const clients = new Set<Client>();
  const sent: Record<string, unknown>[] = [];
  const heartbeat = heartbeatMs > 0 ? setInterval(() => ping(), heartbeatMs) : null;

  function ping(): void {
    for (const client of clients) client.socket.ping();
  }

  function send(userId: string, type: string, body: Record<string, unknown>): void {
    for (const client of clients) {
      if (client.session.userId !== userId || !client.types.has(type) || client.socket.readyState !== WebSocket.OPEN) continue;
      client.socket.send(JSON.stringify(body));
      sent.push(body);
    }
  }

  return {
    /** The one-time address for a logged-in session; `update_types` as Upstox takes it (comma separated; order by default). */
    authorize(session: Session, baseUrl: string, asked: string | null): string {
      const types = new Set((asked ?? 'order').split(',').map((type) => type.trim()));
      const unknown = [...types].find((type) => !updateTypes.has(type));
      if (unknown !== undefined) throw invalidInput(`Invalid update_types: ${unknown}`);
      const code = codes.issue({ session, types });
      return `${baseUrl.replace(/^http/, 'ws')}${portfolioStreamPath}?code=${code}`;
    },
    handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
      const issued = codes.take(request, socket);
      if (!issued) return;
      wss.handleUpgrade(request, socket, head, (ws) => {
        const client: Client = { socket: ws, session: issued.session, types: issued.types };
        clients.add(client);
        ws.on('close', () => clients.delete(client));
      });
    },
    /** An order of `userId` changed (the book's every state): its update goes to the user's sockets. */
    orderChanged: (userId: string, body: Record<string, unknown>) => send(userId, 'order', body),
    closeSessions(sessions: readonly Session[]): void {
      for (const client of clients) if (sessions.includes(client.session)) client.socket.close(1000);
    },
    ping,
    /** Every socket closes at once, as a network cut does (the client reconnects). */
    dropConnections(): void {
      for (const client of clients) client.socket.terminate();
    },
    connections: () => clients.size,
    /** Every update sent, oldest first. */
    sent: () => [...sent],
    close(): void {
      if (heartbeat) clearInterval(heartbeat);
      for (const client of clients) client.socket.terminate();
      wss.close();
    },
  };
}

export type PortfolioStream = ReturnType<typeof createPortfolioStream>;
