// One Upstox market feed v3 connection for one access token. Each (re)connection first asks
// /v3/feed/market-data-feed/authorize for a one-time wss address, then subscribes with binary frames holding
// JSON ({guid, method: "sub" | "change_mode" | "unsub", data: {mode, instrumentKeys}}). Frames are protobuf
// FeedResponses (feed-frames.ts). A socket silent for `staleAfterMs` (no frame, no ping) is reported stale,
// dropped and reopened with capped exponential backoff, every subscription replayed. An authorize refused as
// an invalid token (401, UDAPI100050) means reconnecting cannot help: the connection stops and says so. Time
// comes from an injected scheduler and clock, so tests step them instead of sleeping.
// https://upstox.com/developer/api-documentation/v3/get-market-data-feed
import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import { decodeFeedFrame, type FeedFrame } from './feed-frames.ts';
import { limitBreach, type SubscribeMode } from './feed-limits.ts';
import { isTokenInvalid } from './upstox-errors.ts';

export type FeedScheduler = {
  setTimeout: (callback: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
};

const systemScheduler: FeedScheduler = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export type FeedConnectionOptions = {
  /** Asks Upstox for the one-time wss address (authorizeMarketFeed with the account's token). */
  authorize: () => Promise<string>;
  onFrame?: (frame: FeedFrame, receivedAt: Date) => void;
  /** Frames that could not be read, and failed authorizations that will be retried. */
  onError?: (message: string) => void;
  onConnected?: () => void;
  /** No frame and no ping for staleAfterMs: prices shown from this feed are old. */
  onStale?: () => void;
  onFresh?: () => void;
  onReconnectScheduled?: (attempt: number, delayMs: number) => void;
  /** Upstox refused the token: log in again; the connection has stopped. */
  onTokenError?: () => void;
  staleAfterMs?: number;
  backoff?: { initialMs: number; maxMs: number };
  scheduler?: FeedScheduler;
  clock?: () => Date;
};

export type FeedState = 'idle' | 'connecting' | 'open' | 'waiting' | 'closed';

export type FeedConnection = {
  connect: () => void;
  /** Subscribes (or moves) instruments to a mode; throws RangeError past Upstox's limits, sending nothing. */
  subscribe: (instrumentKeys: readonly string[], mode: SubscribeMode) => void;
  unsubscribe: (instrumentKeys: readonly string[]) => void;
  close: () => void;
  state: () => FeedState;
  isStale: () => boolean;
  subscriptions: () => ReadonlyMap<string, SubscribeMode>;
};

export function createFeedConnection(options: FeedConnectionOptions): FeedConnection {
  const scheduler = options.scheduler ?? systemScheduler;
  const clock = options.clock ?? (() => new Date());
  const staleAfterMs = options.staleAfterMs ?? 5000;
  const backoff = options.backoff ?? { initialMs: 1000, maxMs: 60_000 };
  const subscribed = new Map<string, SubscribeMode>();
  let state: FeedState = 'idle';
  let socket: WebSocket | null = null;
  let stale = false;
  let attempts = 0;
  let watchdog: unknown = null;
  let reconnectTimer: unknown = null;

  function send(method: 'sub' | 'change_mode' | 'unsub', instrumentKeys: readonly string[], mode?: SubscribeMode): void {
    if (!socket || socket.readyState !== WebSocket.OPEN || instrumentKeys.length === 0) return;
    const data = mode === undefined ? { instrumentKeys } : { mode, instrumentKeys };
    socket.send(Buffer.from(JSON.stringify({ guid: randomUUID(), method, data })));
  }

  function armWatchdog(): void {
    if (watchdog !== null) scheduler.clearTimeout(watchdog);
    watchdog = scheduler.setTimeout(() => {
      watchdog = null;
      if (!stale) {
        stale = true;
        options.onStale?.();
      }
      socket?.terminate();
    }, staleAfterMs);
  }

  function heard(): void {
    attempts = 0;
    if (stale) {
      stale = false;
      options.onFresh?.();
    }
    armWatchdog();
  }

  function replaySubscriptions(): void {
    for (const mode of ['ltpc', 'option_greeks', 'full'] as const) {
      send('sub', [...subscribed].filter(([, keyMode]) => keyMode === mode).map(([key]) => key), mode);
    }
  }

  function handleMessage(data: WebSocket.RawData): void {
    heard();
    const bytes = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data instanceof ArrayBuffer ? new Uint8Array(data) : data);
    try {
      options.onFrame?.(decodeFeedFrame(bytes), clock());
    } catch (error) {
      options.onError?.(error instanceof Error ? error.message : String(error));
    }
  }

  function scheduleReconnect(): void {
    attempts += 1;
    const delayMs = Math.min(backoff.maxMs, backoff.initialMs * 2 ** (attempts - 1));
    state = 'waiting';
    options.onReconnectScheduled?.(attempts, delayMs);
    reconnectTimer = scheduler.setTimeout(() => {
      reconnectTimer = null;
      void open();
    }, delayMs);
  }

  // close() may run while the authorize call is out: read the state afresh after each await.
  function isClosed(): boolean {
    return state === 'closed';
  }

  function stopForToken(): void {
    state = 'closed';
    options.onTokenError?.();
  }

  async function open(): Promise<void> {
    state = 'connecting';
    let url: string;
    try {
      url = await options.authorize();
    } catch (error) {
      if (isClosed()) return;
      if (isTokenInvalid(error)) return stopForToken();
      options.onError?.(`Upstox's feed authorization failed: ${error instanceof Error ? error.message : String(error)}`);
      return scheduleReconnect();
    }
    if (isClosed()) return;
    const ws = new WebSocket(url, { followRedirects: true });
    let refusedStatus: number | null = null;
    socket = ws;
    ws.on('open', () => {
      state = 'open';
      armWatchdog();
      options.onConnected?.();
      replaySubscriptions();
    });
    ws.on('message', handleMessage);
    ws.on('ping', heard);
    ws.on('unexpected-response', (_request, response) => {
      refusedStatus = response.statusCode ?? 0;
      ws.terminate();
    });
    // Errors are always followed by 'close', which decides what happens next.
    ws.on('error', () => undefined);
    ws.on('close', () => {
      if (socket !== ws) return;
      socket = null;
      if (watchdog !== null) scheduler.clearTimeout(watchdog);
      watchdog = null;
      if (state === 'closed') return;
      // A refused handshake is retried through a fresh authorize, which tells a dead token from a used address.
      if (refusedStatus === 401) return stopForToken();
      scheduleReconnect();
    });
  }

  return {
    connect() {
      if (state === 'idle') void open();
    },
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
      const known = instrumentKeys.filter((key) => subscribed.delete(key));
      send('unsub', known);
    },
    close() {
      state = 'closed';
      if (watchdog !== null) scheduler.clearTimeout(watchdog);
      if (reconnectTimer !== null) scheduler.clearTimeout(reconnectTimer);
      watchdog = reconnectTimer = null;
      socket?.close();
    },
    state: () => state,
    isStale: () => stale,
    subscriptions: () => subscribed,
  };
}
