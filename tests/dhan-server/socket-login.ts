// How the Dhan test server's binary sockets (the market feed, the 20-level depth) take a connection: the token and
// client id in the address, checked once the socket is open, as Dhan answers inside the socket (a disconnection
// packet, then the close) rather than at the handshake.
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { WebSocket, WebSocketServer } from 'ws';
import type { Accounts } from './accounts.ts';

export function acceptLoggedIn(options: {
  wss: WebSocketServer;
  accounts: Accounts;
  request: IncomingMessage;
  socket: Duplex;
  head: Buffer;
  /** The disconnection packet for a refused token (its reason may depend on whether a client id came). */
  refusal: (clientId: string) => Buffer;
  onOpen: (ws: WebSocket, token: string, clientId: string) => void;
}): void {
  const query = new URL(options.request.url ?? '/', 'http://127.0.0.1').searchParams;
  options.wss.handleUpgrade(options.request, options.socket, options.head, (ws) => {
    const token = query.get('token') ?? '';
    const clientId = query.get('clientId') ?? '';
    let refused: boolean;
    try {
      refused = options.accounts.authenticate(token).clientId !== clientId;
    } catch {
      refused = true;
    }
    if (refused) {
      ws.send(options.refusal(clientId));
      ws.close(1000);
      return;
    }
    options.onOpen(ws, token, clientId);
  });
}
