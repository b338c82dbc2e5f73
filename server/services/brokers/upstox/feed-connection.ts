// One Upstox market feed v3 connection for one access token, on the live feeds' one watchdog
// (../live/feed-socket.ts: a socket silent for `staleAfterMs`, no frame and no ping, is stale, dropped and
// reopened with capped backoff). What is Upstox's: each (re)connection first asks
// /v3/feed/market-data-feed/authorize for a one-time wss address, then subscribes with binary frames holding
// JSON ({guid, method: "sub" | "change_mode" | "unsub", data: {mode, instrumentKeys}}), replayed on every
// opening; frames are protobuf FeedResponses (feed-frames.ts). An authorize refused as an invalid token (401,
// UDAPI100050) or a handshake refused with 401 means reconnecting cannot help: the connection stops and says
// so. A refused handshake otherwise is retried through a fresh authorize, which tells a dead token from a used
// address. https://upstox.com/developer/api-documentation/v3/get-market-data-feed
import { randomUUID } from 'node:crypto';
import { createFeedSocket, type FeedEvents, type FeedSocketState, type FeedTuning, type MarketFeedConnection } from '../live/feed-socket.ts';
import { decodeFeedFrame, type FeedFrame } from './feed-frames.ts';
import { limitBreach, type SubscribeMode } from './feed-limits.ts';
import { isSocketTokenRefusal } from './upstox-errors.ts';

/** `onError`: frames that could not be read, and failed authorizations that will be retried; stale: no frame and no ping. */
export type FeedConnectionOptions = FeedTuning & FeedEvents & {
  /** Asks Upstox for the one-time wss address (authorizeMarketFeed with the account's token). */
  authorize: () => Promise<string>;
  onFrame?: (frame: FeedFrame, receivedAt: Date) => void;
};

export type FeedState = FeedSocketState;

/** Instruments followed by Upstox's instrument keys, within Upstox's limits a mode. */
export type FeedConnection = MarketFeedConnection<string, SubscribeMode>;

export function createFeedConnection(options: FeedConnectionOptions): FeedConnection {
  const clock = options.clock ?? (() => new Date());
  const subscribed = new Map<string, SubscribeMode>();
  const socket = createFeedSocket({
    ...options,
    address: async () => ({ url: await options.authorize() }),
    tokenError: isSocketTokenRefusal,
    onTokenError: () => options.onTokenError?.(),
    onOpen: () => {
      options.onConnected?.();
      for (const mode of ['ltpc', 'option_greeks', 'full'] as const) {
        send('sub', [...subscribed].filter(([, keyMode]) => keyMode === mode).map(([key]) => key), mode);
      }
    },
    onMessage: (bytes) => {
      try {
        options.onFrame?.(decodeFeedFrame(bytes), clock());
      } catch (error) {
        options.onError?.(error instanceof Error ? error.message : String(error));
      }
    },
  });

  function send(method: 'sub' | 'change_mode' | 'unsub', instrumentKeys: readonly string[], mode?: SubscribeMode): void {
    if (instrumentKeys.length === 0) return;
    const data = mode === undefined ? { instrumentKeys } : { mode, instrumentKeys };
    socket.send(Buffer.from(JSON.stringify({ guid: randomUUID(), method, data })));
  }

  return {
    connect: socket.connect,
    subscribe(instrumentKeys, mode) {
      const next = new Map(subscribed);
      for (const key of instrumentKeys) next.set(key, mode);
      const breach = limitBreach(next);
      if (breach) throw new RangeError(breach);
      const moved = instrumentKeys.filter((key) => subscribed.has(key) && subscribed.get(key) !== mode);
      const added = instrumentKeys.filter((key) => !subscribed.has(key));
      for (const key of instrumentKeys) subscribed.set(key, mode);
      send('sub', added, mode);
      send('change_mode', moved, mode);
    },
    unsubscribe(instrumentKeys) {
      send('unsub', instrumentKeys.filter((key) => subscribed.delete(key)));
    },
    close: socket.close,
    state: socket.state,
    isStale: socket.isStale,
    subscriptions: () => subscribed,
  };
}
