// The one reconnect watchdog of every live broker's price feed (Kite's ticker, Upstox's market feed v3): a
// WebSocket whose broker talks every second or so (Kite's heartbeat byte, Upstox's ping), so a socket silent for
// `staleAfterMs` is dead even if TCP has not noticed: it is reported stale, dropped and reopened with capped
// exponential backoff (the first delay after the socket was last heard from, doubling to the cap). Each opening
// asks the broker's address afresh (Upstox's is one-time) and the broker replays its subscriptions. A token the
// broker refuses (at the address, or at the handshake) cannot be helped by reconnecting: the socket stops and
// says so. Time comes from an injected scheduler, so tests step it instead of sleeping. The broker's own file
// keeps only its wire: the address, the subscription messages and the frames' decoding. A socket that may stay
// quiet for long (Upstox's portfolio stream between orders) pings the broker itself (`pingEveryMs`): the pong
// is a sign of life, so quiet never reads as dead and a dead socket still does.
import WebSocket from 'ws';

export type FeedScheduler = {
  setTimeout: (callback: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
};

export const systemScheduler: FeedScheduler = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export type FeedBackoff = { initialMs: number; maxMs: number };

/** The watchdog's timers and figures: a broker's defaults unless a test steps them. */
export type FeedTuning = {
  scheduler?: FeedScheduler | undefined;
  staleAfterMs?: number | undefined;
  backoff?: FeedBackoff | undefined;
  /** Pings the broker this often while open (its pong counts as heard); none when absent. */
  pingEveryMs?: number | undefined;
};

export type FeedSocketState = 'idle' | 'connecting' | 'open' | 'waiting' | 'closed';

/** What a market feed's connection tells its owner besides its prices (Dhan's and Upstox's feeds). */
export type FeedEvents = {
  /** What could not be read, and failures that will be retried. */
  onError?: (message: string) => void;
  onConnected?: () => void;
  /** Nothing heard for staleAfterMs: prices shown from this feed are old. */
  onStale?: () => void;
  onFresh?: () => void;
  onReconnectScheduled?: (attempt: number, delayMs: number) => void;
  /** The broker refused the token: log in again; the connection has stopped. */
  onTokenError?: () => void;
  clock?: () => Date;
};

/**
 * A broker's market feed on one socket: instruments followed by the broker's own ids in its modes, the socket
 * this watchdog keeps. `subscribe` moves an instrument from another mode, and throws RangeError past the broker's
 * limits, sending nothing.
 */
export type MarketFeedConnection<Id extends string, Mode> = {
  connect: () => void;
  subscribe: (ids: readonly Id[], mode: Mode) => void;
  unsubscribe: (ids: readonly Id[]) => void;
  close: () => void;
  state: () => FeedSocketState;
  isStale: () => boolean;
  subscriptions: () => ReadonlyMap<Id, Mode>;
};

export type FeedSocketOptions = FeedTuning & {
  /** Where to connect now; may throw (then `tokenError` tells a dead token from a failure worth retrying). */
  address: () => Promise<{ url: string | URL; headers?: Record<string, string> }>;
  /** The handshake status, or the address's error, that means the broker no longer accepts the token. */
  tokenError: (refusal: { status: number } | { error: unknown }) => boolean;
  /** The socket opened: the broker sends its subscriptions again. */
  onOpen: () => void;
  onMessage: (bytes: Buffer, isBinary: boolean) => void;
  /** An address that could not be had (retried with backoff). */
  onError?: ((message: string) => void) | undefined;
  /** Nothing heard for staleAfterMs: prices shown from this feed are old. */
  onStale?: (() => void) | undefined;
  /** Heard again after a stale spell. */
  onFresh?: (() => void) | undefined;
  onReconnectScheduled?: ((attempt: number, delayMs: number) => void) | undefined;
  /** The broker refused the token: log in again; the socket has stopped. */
  onTokenError?: ((status: number) => void) | undefined;
  /**
   * Whether the broker has taken this opening (Noren: it answered the connect message). Until it has, nothing heard
   * is a sign of life: a socket whose broker pongs but never answers the opening (the answer lost while the feed was
   * silent) is dropped at `staleAfterMs` and opened again, never left open and fresh with nothing subscribed. The
   * answer itself counts, once `onMessage` has read it. Absent: every opening is taken.
   */
  taken?: (() => boolean) | undefined;
};

export type FeedSocket = {
  connect: () => void;
  /** Sends now if open; a closed socket drops it (the next opening replays the subscriptions). */
  send: (data: string | Buffer) => void;
  /** Stops for good: no reconnect. */
  close: () => void;
  state: () => FeedSocketState;
  isStale: () => boolean;
};

export function createFeedSocket(options: FeedSocketOptions): FeedSocket {
  const scheduler = options.scheduler ?? systemScheduler;
  const staleAfterMs = options.staleAfterMs ?? 5000;
  const backoff = options.backoff ?? { initialMs: 1000, maxMs: 60_000 };
  let state: FeedSocketState = 'idle';
  let socket: WebSocket | null = null;
  let stale = false;
  let attempts = 0;
  let watchdog: unknown = null;
  let reconnectTimer: unknown = null;
  let pinger: unknown = null;

  function armPing(ws: WebSocket): void {
    const every = options.pingEveryMs;
    if (every === undefined) return;
    pinger = scheduler.setTimeout(() => {
      pinger = null;
      if (socket !== ws || ws.readyState !== WebSocket.OPEN) return;
      ws.ping();
      armPing(ws);
    }, every);
  }

  function stopTimers(): void {
    if (watchdog !== null) scheduler.clearTimeout(watchdog);
    if (pinger !== null) scheduler.clearTimeout(pinger);
    watchdog = pinger = null;
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
    if (options.taken?.() === false) return;
    attempts = 0;
    if (stale) {
      stale = false;
      options.onFresh?.();
    }
    armWatchdog();
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

  // close() may run while the address is asked for: the state is read afresh after each await.
  const isClosed = () => state === 'closed';

  function stopForToken(status: number): void {
    state = 'closed';
    options.onTokenError?.(status);
  }

  async function open(): Promise<void> {
    state = 'connecting';
    let address: Awaited<ReturnType<FeedSocketOptions['address']>>;
    try {
      address = await options.address();
    } catch (error) {
      if (isClosed()) return;
      if (options.tokenError({ error })) return stopForToken(401);
      options.onError?.(`the feed's address could not be had: ${error instanceof Error ? error.message : String(error)}`);
      return scheduleReconnect();
    }
    if (isClosed()) return;
    const ws = new WebSocket(address.url, { headers: address.headers ?? {}, followRedirects: true });
    let refusedStatus: number | null = null;
    socket = ws;
    // The handshake is on the same watch as an open socket: one the broker's side never answers (neither opened
    // nor closed) is dropped at the threshold and tried again, instead of leaving the feed dead, and every
    // price from it marked old, until the process restarts.
    armWatchdog();
    ws.on('open', () => {
      state = 'open';
      armWatchdog();
      armPing(ws);
      options.onOpen();
    });
    ws.on('message', (data: WebSocket.RawData, isBinary: boolean) => {
      heard();
      options.onMessage(Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data instanceof ArrayBuffer ? new Uint8Array(data) : data), isBinary);
      // The broker's answer to the opening is heard once onMessage has read it (the first heard() did not count it).
      if (options.taken !== undefined) heard();
    });
    ws.on('ping', heard);
    ws.on('pong', heard);
    ws.on('unexpected-response', (_request, response) => {
      refusedStatus = response.statusCode ?? 0;
      ws.terminate();
    });
    // Errors are always followed by 'close', which decides what happens next.
    ws.on('error', () => undefined);
    ws.on('close', () => {
      if (socket !== ws) return;
      socket = null;
      stopTimers();
      if (state === 'closed') return;
      if (refusedStatus !== null && options.tokenError({ status: refusedStatus })) return stopForToken(refusedStatus);
      scheduleReconnect();
    });
  }

  return {
    connect() {
      if (state === 'idle') void open();
    },
    send(data) {
      if (socket && socket.readyState === WebSocket.OPEN) socket.send(data);
    },
    close() {
      state = 'closed';
      stopTimers();
      if (reconnectTimer !== null) scheduler.clearTimeout(reconnectTimer);
      reconnectTimer = null;
      socket?.close();
    },
    state: () => state,
    isStale: () => stale,
  };
}
