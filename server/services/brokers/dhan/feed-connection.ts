// One Dhan live market feed connection for one access token, on the live feeds' one watchdog
// (../live/feed-socket.ts: a socket silent past `staleAfterMs`, no packet and no ping, is stale, dropped and
// reopened with capped backoff). What is Dhan's: the token and client id travel in the address
// (wss://api-feed.dhan.co?version=2&token=…&clientId=…&authType=2); subscriptions are JSON messages
// (feed-packets.ts), replayed on every opening; answers are binary packets. Dhan pings every 10 seconds (the
// socket's automatic pong answers), so a socket silent for 15 is dead. A disconnection packet for the token
// (807 expired, 808 client id, 809 authentication) stops the connection and says so; 806 (no data plan)
// stops it too, as reconnecting cannot help; 805 (too many connections) is retried with backoff.
import { createFeedSocket, type FeedEvents, type FeedTuning, type MarketFeedConnection } from '../live/feed-socket.ts';
import { decodeFeedMessage, maxInstrumentsPerConnection, subscriptionMessages, tokenRefusals, type FeedMode, type FeedPacket } from './feed-packets.ts';

/** "NSE_FNO:43919": an instrument as the feed names it (segment and security id). */
export type FeedId = string;

export const feedIdOf = (segment: string, securityId: string): FeedId => `${segment}:${securityId}`;

/** `onError`: packets that could not be read, and disconnections Dhan asked for. */
export type DhanFeedOptions = FeedTuning & FeedEvents & {
  /** wss://api-feed.dhan.co (a test server's address in tests). */
  url: string;
  clientId: string;
  accessToken: string;
  onPackets?: (packets: FeedPacket[], receivedAt: Date) => void;
};

/** Instruments followed by Dhan's segment and security id; at most 5,000 on a connection. */
export type DhanFeedConnection = MarketFeedConnection<FeedId, FeedMode>;

const instrumentOf = (id: FeedId) => {
  const colon = id.indexOf(':');
  return { segment: id.slice(0, colon), securityId: id.slice(colon + 1) };
};

export function dhanFeedAddress(url: string, clientId: string, accessToken: string): URL {
  const address = new URL(url);
  address.searchParams.set('version', '2');
  address.searchParams.set('token', accessToken);
  address.searchParams.set('clientId', clientId);
  address.searchParams.set('authType', '2');
  return address;
}

export function createDhanFeedConnection(options: DhanFeedOptions): DhanFeedConnection {
  const clock = options.clock ?? (() => new Date());
  const subscribed = new Map<FeedId, FeedMode>();
  const socket = createFeedSocket({
    staleAfterMs: 15_000,
    ...options,
    address: async () => ({ url: dhanFeedAddress(options.url, options.clientId, options.accessToken) }),
    // Dhan answers a refused token inside the socket (a disconnection packet), not at the handshake.
    tokenError: (refusal) => 'status' in refusal && refusal.status === 401,
    onTokenError: () => options.onTokenError?.(),
    onOpen: () => {
      options.onConnected?.();
      for (const mode of ['ticker', 'quote', 'full'] as const) {
        send([...subscribed].filter(([, held]) => held === mode).map(([id]) => id), mode, true);
      }
    },
    onMessage: (bytes, isBinary) => {
      if (!isBinary) return;
      let packets: FeedPacket[];
      try {
        packets = decodeFeedMessage(bytes);
      } catch (error) {
        options.onError?.(error instanceof Error ? error.message : String(error));
        return;
      }
      const disconnect = packets.find((packet) => packet.kind === 'disconnect');
      if (disconnect !== undefined && disconnect.kind === 'disconnect') {
        options.onError?.(`Dhan closed the feed (reason ${disconnect.reason})`);
        if (tokenRefusals.has(disconnect.reason)) {
          socket.close();
          options.onTokenError?.();
          return;
        }
        if (disconnect.reason === 806) socket.close();
      }
      options.onPackets?.(packets.filter((packet) => packet.kind !== 'disconnect'), clock());
    },
  });

  function send(ids: readonly FeedId[], mode: FeedMode, subscribe: boolean): void {
    for (const message of subscriptionMessages(ids.map(instrumentOf), mode, subscribe)) socket.send(message);
  }

  return {
    connect: socket.connect,
    subscribe(ids, mode) {
      const added = ids.filter((id) => !subscribed.has(id));
      if (subscribed.size + added.length > maxInstrumentsPerConnection) throw new RangeError(`Dhan's market feed carries at most ${maxInstrumentsPerConnection} instruments a connection`);
      // Dhan keeps one mode per instrument: a move is an unsubscription from the old mode, then the new one.
      const moving = new Map<FeedMode, FeedId[]>();
      for (const id of ids) {
        const held = subscribed.get(id);
        if (held !== undefined && held !== mode) moving.set(held, [...(moving.get(held) ?? []), id]);
      }
      for (const [held, moved] of moving) send(moved, held, false);
      const fresh = ids.filter((id) => subscribed.get(id) !== mode);
      for (const id of ids) subscribed.set(id, mode);
      send(fresh, mode, true);
    },
    unsubscribe(ids) {
      const byMode = new Map<FeedMode, FeedId[]>();
      for (const id of ids) {
        const held = subscribed.get(id);
        if (held === undefined) continue;
        subscribed.delete(id);
        byMode.set(held, [...(byMode.get(held) ?? []), id]);
      }
      for (const [mode, gone] of byMode) send(gone, mode, false);
    },
    close: socket.close,
    state: socket.state,
    isStale: socket.isStale,
    subscriptions: () => subscribed,
  };
}
