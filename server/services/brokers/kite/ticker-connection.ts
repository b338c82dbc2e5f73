// One Kite ticker WebSocket for one access token, on the live feeds' one watchdog (../live/feed-socket.ts: a
// socket silent for `staleAfterMs` is stale, dropped and reopened with capped backoff; Kite sends a heartbeat
// byte every second when nothing else is happening). What is Kite's: its address (api_key and access token in
// the query), its subscription messages, replayed on every opening, and its frames. A handshake refused with
// 403 means the access token is no longer valid: the connection stops and says so.
import { createFeedSocket, type FeedScheduler, type FeedTuning } from '../live/feed-socket.ts';
import type { KiteOrderUpdate } from './kite-order-types.ts';
import { type KiteTick, parseTickerFrame, parseTickerText, type TickMode } from './ticker-packets.ts';

export type TickerScheduler = FeedScheduler;

export type TickerCallbacks = {
  onTicks?: (ticks: KiteTick[]) => void;
  onOrderUpdate?: (order: KiteOrderUpdate) => void;
  /** Kite's text errors, and frames that could not be read. */
  onError?: (message: string) => void;
  onConnected?: () => void;
  /** No frame, not even a heartbeat, for staleAfterMs: prices shown from this feed are old. */
  onStale?: () => void;
  /** Frames flow again after a stale spell. */
  onFresh?: () => void;
  onReconnectScheduled?: (attempt: number, delayMs: number) => void;
  /** The handshake was refused (403): log in again; the connection has stopped. */
  onTokenError?: (status: number) => void;
};

export type TickerConnectionOptions = TickerCallbacks &
  FeedTuning & {
    /** wss://ws.kite.trade, or the test server's ticker URL. */
    url: string;
    apiKey: string;
    accessToken: string;
  };

export type TickerState = 'idle' | 'connecting' | 'open' | 'waiting' | 'closed';

export type TickerConnection = {
  connect: () => void;
  /** Subscribes and sets the mode (Kite's default is quote). */
  subscribe: (tokens: readonly number[], mode?: TickMode) => void;
  unsubscribe: (tokens: readonly number[]) => void;
  setMode: (mode: TickMode, tokens: readonly number[]) => void;
  /** Stops for good: no reconnect. */
  close: () => void;
  state: () => TickerState;
  isStale: () => boolean;
  subscriptions: () => ReadonlyMap<number, TickMode>;
};

/** Kite's limit for one connection. */
export const maxInstrumentsPerConnection = 3000;

export function createTickerConnection(options: TickerConnectionOptions): TickerConnection {
  const subscribed = new Map<number, TickMode>();
  const socket = createFeedSocket({
    ...options,
    address: async () => {
      const url = new URL(options.url);
      url.searchParams.set('api_key', options.apiKey);
      url.searchParams.set('access_token', options.accessToken);
      return { url, headers: { 'X-Kite-Version': '3' } };
    },
    tokenError: (refusal) => 'status' in refusal && refusal.status === 403,
    onOpen: () => {
      options.onConnected?.();
      replaySubscriptions();
    },
    onMessage: handleMessage,
  });

  function send(message: unknown): void {
    socket.send(JSON.stringify(message));
  }

  function replaySubscriptions(): void {
    if (subscribed.size === 0) return;
    send({ a: 'subscribe', v: [...subscribed.keys()] });
    for (const mode of ['ltp', 'quote', 'full'] as const) {
      const tokens = [...subscribed].filter(([, tokenMode]) => tokenMode === mode).map(([token]) => token);
      if (tokens.length > 0) send({ a: 'mode', v: [mode, tokens] });
    }
  }

  function handleMessage(bytes: Buffer, isBinary: boolean): void {
    try {
      if (isBinary) {
        const ticks = parseTickerFrame(bytes);
        if (ticks.length > 0) options.onTicks?.(ticks);
        return;
      }
      const text = parseTickerText(bytes.toString('utf8'));
      if (text.type === 'order') options.onOrderUpdate?.(text.order);
      else if (text.type === 'error') options.onError?.(text.message);
    } catch (error) {
      options.onError?.(error instanceof Error ? error.message : String(error));
    }
  }

  return {
    connect: socket.connect,
    subscribe(tokens, mode = 'quote') {
      const added = tokens.filter((token) => !subscribed.has(token)).length;
      if (subscribed.size + added > maxInstrumentsPerConnection) {
        throw new RangeError(`A Kite ticker connection carries at most ${maxInstrumentsPerConnection} instruments`);
      }
      for (const token of tokens) subscribed.set(token, mode);
      send({ a: 'subscribe', v: tokens });
      send({ a: 'mode', v: [mode, tokens] });
    },
    unsubscribe(tokens) {
      for (const token of tokens) subscribed.delete(token);
      send({ a: 'unsubscribe', v: tokens });
    },
    setMode(mode, tokens) {
      const known = tokens.filter((token) => subscribed.has(token));
      for (const token of known) subscribed.set(token, mode);
      send({ a: 'mode', v: [mode, known] });
    },
    close: socket.close,
    state: socket.state,
    isStale: socket.isStale,
    subscriptions: () => subscribed,
  };
}
