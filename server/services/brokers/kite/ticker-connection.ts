// One Kite ticker WebSocket for one access token. Kite sends a heartbeat byte every second when nothing else
// is happening, so a socket silent for `staleAfterMs` is dead even if TCP has not noticed: it is reported
// stale, dropped and reopened with capped exponential backoff, and every subscription is replayed. A
// handshake refused with 403 means the access token is no longer valid: reconnecting cannot help, so the
// connection stops and says so. Time comes from an injected scheduler, so tests step it instead of sleeping.
import WebSocket from 'ws';
import type { KiteOrderUpdate } from './kite-order-types.ts';
import { type KiteTick, parseTickerFrame, parseTickerText, type TickMode } from './ticker-packets.ts';

export type TickerScheduler = {
  setTimeout: (callback: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
};

export const systemScheduler: TickerScheduler = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

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

export type TickerConnectionOptions = TickerCallbacks & {
  /** wss://ws.kite.trade, or the test server's ticker URL. */
  url: string;
  apiKey: string;
  accessToken: string;
  staleAfterMs?: number;
  backoff?: { initialMs: number; maxMs: number };
  scheduler?: TickerScheduler;
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
  const scheduler = options.scheduler ?? systemScheduler;
  const staleAfterMs = options.staleAfterMs ?? 5000;
  const backoff = options.backoff ?? { initialMs: 1000, maxMs: 60_000 };
  const subscribed = new Map<number, TickMode>();
  let state: TickerState = 'idle';
  let socket: WebSocket | null = null;
  let stale = false;
  let attempts = 0;
  let watchdog: unknown = null;
  let reconnectTimer: unknown = null;

  function send(message: unknown): void {
    if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
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
    if (subscribed.size === 0) return;
    send({ a: 'subscribe', v: [...subscribed.keys()] });
    for (const mode of ['ltp', 'quote', 'full'] as const) {
      const tokens = [...subscribed].filter(([, tokenMode]) => tokenMode === mode).map(([token]) => token);
      if (tokens.length > 0) send({ a: 'mode', v: [mode, tokens] });
    }
  }

  function handleMessage(data: WebSocket.RawData, isBinary: boolean): void {
    heard();
    const bytes = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data instanceof ArrayBuffer ? new Uint8Array(data) : data);
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

  function scheduleReconnect(): void {
    attempts += 1;
    const delayMs = Math.min(backoff.maxMs, backoff.initialMs * 2 ** (attempts - 1));
    state = 'waiting';
    options.onReconnectScheduled?.(attempts, delayMs);
    reconnectTimer = scheduler.setTimeout(() => {
      reconnectTimer = null;
      open();
    }, delayMs);
  }

  function open(): void {
    state = 'connecting';
    const url = new URL(options.url);
    url.searchParams.set('api_key', options.apiKey);
    url.searchParams.set('access_token', options.accessToken);
    const ws = new WebSocket(url, { headers: { 'X-Kite-Version': '3' } });
    let refusedStatus: number | null = null;
    socket = ws;
    ws.on('open', () => {
      state = 'open';
      armWatchdog();
      options.onConnected?.();
      replaySubscriptions();
    });
    ws.on('message', handleMessage);
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
      if (refusedStatus === 403) {
        state = 'closed';
        options.onTokenError?.(refusedStatus);
        return;
      }
      scheduleReconnect();
    });
  }

  return {
    connect() {
      if (state === 'idle') open();
    },
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
