// One Dhan market depth connection for one access token (20 levels, up to 50 instruments; or 200 levels, one), on the live feeds' one watchdog
// (../live/feed-socket.ts: a socket silent past `staleAfterMs` is stale, dropped and reopened with capped backoff).
// What is Dhan's: the token and client id in the address (…/twentydepth?token=…&clientId=…&authType=2), the JSON
// subscriptions (depth-packets.ts) replayed on every opening, at most 50 instruments, and the binary packets, one
// side of one instrument each. A disconnection packet for the token (807, 808, 809, as on the market feed) stops
// the connection and says so.
import { createFeedSocket, type FeedSocketState, type FeedTuning } from '../live/feed-socket.ts';
import { tokenRefusals } from './feed-packets.ts';
import { decodeDepthMessage, depthLevels, depthRequest, fullDepthLevels, fullDepthRequest, maxDepthInstruments, type DepthPacket } from './depth-packets.ts';

export type DhanDepthOptions = FeedTuning & {
  /** wss://depth-api-feed.dhan.co/twentydepth, or …/twohundreddepth for 200 (a test server's address in tests). */
  url: string;
  /** 20 (the default) or 200 levels, which Dhan serves one instrument a connection. */
  levels?: 20 | 200;
  clientId: string;
  accessToken: string;
  onPackets: (packets: DepthPacket[]) => void;
  onError?: (message: string) => void;
  /** Dhan refused the token: log in again; the connection has stopped. */
  onTokenError?: () => void;
};

export type DhanDepthConnection = {
  connect: () => void;
  /** Follows these NSE instruments ("NSE_FNO" and a security id); throws RangeError past 50 (past 1 at 200 levels). */
  subscribe: (instruments: ReadonlyArray<{ segment: string; securityId: string }>) => void;
  unsubscribe: (instruments: ReadonlyArray<{ segment: string; securityId: string }>) => void;
  close: () => void;
  state: () => FeedSocketState;
  isStale: () => boolean;
};

export function createDhanDepthConnection(options: DhanDepthOptions): DhanDepthConnection {
  const full = options.levels === fullDepthLevels;
  const most = full ? 1 : maxDepthInstruments;
  const request = (instruments: ReadonlyArray<{ segment: string; securityId: string }>, subscribe: boolean) =>
    full ? instruments.map((instrument) => fullDepthRequest(instrument)) : [depthRequest(instruments, subscribe)];
  const followed = new Map<string, { segment: string; securityId: string }>();
  const keyOf = (instrument: { segment: string; securityId: string }) => `${instrument.segment}:${instrument.securityId}`;
  const socket = createFeedSocket({
    staleAfterMs: 15_000,
    ...options,
    address: async () => {
      const address = new URL(options.url);
      address.searchParams.set('token', options.accessToken);
      address.searchParams.set('clientId', options.clientId);
      address.searchParams.set('authType', '2');
      return { url: address };
    },
    tokenError: (refusal) => 'status' in refusal && refusal.status === 401,
    onTokenError: () => options.onTokenError?.(),
    onOpen: () => {
      if (followed.size > 0) for (const message of request([...followed.values()], true)) socket.send(message);
    },
    onMessage: (bytes, isBinary) => {
      if (!isBinary) return;
      let packets: DepthPacket[];
      try {
        packets = decodeDepthMessage(bytes, full ? fullDepthLevels : depthLevels);
      } catch (error) {
        options.onError?.(error instanceof Error ? error.message : String(error));
        return;
      }
      const disconnect = packets.find((packet) => packet.kind === 'disconnect');
      if (disconnect !== undefined && disconnect.kind === 'disconnect') {
        options.onError?.(`Dhan closed the depth feed (reason ${disconnect.reason})`);
        if (tokenRefusals.has(disconnect.reason)) {
          socket.close();
          options.onTokenError?.();
          return;
        }
      }
      options.onPackets(packets.filter((packet) => packet.kind !== 'disconnect'));
    },
  });

  return {
    connect: socket.connect,
    subscribe(instruments) {
      const fresh = instruments.filter((instrument) => !followed.has(keyOf(instrument)));
      if (followed.size + fresh.length > most) throw new RangeError(`Dhan's ${full ? 200 : 20}-level depth carries at most ${most} instruments a connection`);
      for (const instrument of fresh) followed.set(keyOf(instrument), instrument);
      if (fresh.length > 0) for (const message of request(fresh, true)) socket.send(message);
    },
    unsubscribe(instruments) {
      const gone = instruments.filter((instrument) => followed.delete(keyOf(instrument)));
      // A 200-level connection is left by closing it (its one instrument is its whole purpose).
      if (gone.length > 0 && !full) socket.send(depthRequest(gone, false));
    },
    close: socket.close,
    state: socket.state,
    isStale: socket.isStale,
  };
}
