// One Noren websocket for one session, on the live feeds' one watchdog (../live/feed-socket.ts: a socket silent
// past `staleAfterMs` is stale, dropped and reopened with capped backoff). Noren's JSON protocol, as
// NorenRestApiPy's `start_websocket` speaks it (ShoonyaApi-py, README "Websocket API"): on opening, the connect
// message `{"t":"c","uid","actid","susertoken","source":"API"}` answered `{"t":"ck","s":"OK"}` (anything else:
// the token is refused, and reconnecting cannot help); touchline subscriptions `{"t":"t","k":"NFO|43919#NSE|26000"}`
// answered with each instrument's full touchline (`tk`) and then its changes (`tf`); depth `{"t":"d"}` the same
// with `dk`/`df` (five levels a side: bp1..bp5 prices, bq1..bq5 quantities, bo1..bo5 orders, and sp/sq/so for
// the offers; a `df` carries only what changed, so each contract's fields are kept and merged); `u`/`ud` unsubscribe; order updates `{"t":"o","actid"}` answered
// with an `om` frame per change of the account's orders. Every opening connects and subscribes again.
// Fields are text: lp last, c close, o/h/l the day's, v volume, oi, bp1/sp1 and bq1/sq1 the best bid and ask.
import type { LastPrice } from '../../market/market-service.ts';
import type { DepthRow } from '../live/depth-books.ts';
import { createFeedSocket, type FeedSocketState, type FeedTuning } from '../live/feed-socket.ts';
import { isObject } from './noren-json.ts';

/** `t`: touchline (the last price, the day's figures, the best bid and ask); `d`: depth (five levels). */
export type NorenFeedMode = 't' | 'd';

export type NorenFeedOptions = FeedTuning & {
  url: string;
  uid: string;
  token: string;
  /** Quotes by Noren's "EXCH|token" key, merged by the caller onto what it held (`tf` frames carry changes only). */
  onQuotes: (quotes: ReadonlyArray<readonly [string, LastPrice]>) => void;
  onError?: (message: string) => void;
  onReconnectScheduled?: (attempt: number, delayMs: number) => void;
  /**
   * An order of the account changed (an `om` frame, after the `{"t":"o"}` subscription each opening sends when
   * this is given): a hint, to be confirmed by reading the order book.
   */
  onOrderUpdate?: ((norenordno: string) => void) | undefined;
  /**
   * A depth-mode contract's five levels a side as Noren last sent them (a `dk`, then each `df` merged onto it), by
   * its "EXCH|token" key; null when it is unsubscribed.
   */
  onDepth?: ((key: string, depth: NorenDepth | null) => void) | undefined;
  /** Noren refused the session on the socket: log in again; the socket has stopped. */
  onTokenError?: () => void;
  clock?: () => Date;
};

const round2 = (value: number) => Math.round(value * 100) / 100;

export type NorenDepth = { bids: DepthRow[]; asks: DepthRow[] };

/** Levels a side Noren's depth carries. */
export const norenDepthLevels = 5;

const numberOf = (value: unknown): number => (typeof value === 'number' ? value : typeof value === 'string' && value !== '' ? Number(value) : Number.NaN);

/**
 * A contract's depth from its depth fields (a `dk` with the `df`s since merged on), best first: bids from bp/bq/bo 1
 * to 5, offers from sp/sq/so. A level Noren sent empty ("0.00" and "0", as it pads a thin book) or not at all is
 * left out: the ladder shows only levels Noren sent.
 */
export function depthOfFields(fields: Readonly<Record<string, unknown>>): NorenDepth {
  const side = (price: string, quantity: string, orders: string): DepthRow[] =>
    Array.from({ length: norenDepthLevels }, (_, index) => ({
      price: numberOf(fields[`${price}${index + 1}`]),
      quantity: numberOf(fields[`${quantity}${index + 1}`]),
      orders: numberOf(fields[`${orders}${index + 1}`]),
    })).flatMap((row) => (row.price > 0 && row.quantity > 0 ? [{ ...row, orders: Number.isFinite(row.orders) ? row.orders : 0 }] : []));
  return { bids: side('bp', 'bq', 'bo'), asks: side('sp', 'sq', 'so') };
}

/** A touchline or depth frame's figures as StrikeDesk's quote; only what the frame carries (a `tf` carries changes). */
export function quoteOfFrame(frame: Record<string, unknown>, receivedAt: Date): LastPrice | null {
  const number = (key: string) => {
    const value = frame[key];
    const read = typeof value === 'number' ? value : typeof value === 'string' && value !== '' ? Number(value) : Number.NaN;
    return Number.isFinite(read) ? read : null;
  };
  const last = number('lp');
  const quote: Partial<LastPrice> = { timestamp: receivedAt.toISOString() };
  if (last !== null) quote.last_price = last;
  const close = number('c');
  if (close !== null && close > 0) {
    quote.close = close;
    if (last !== null) {
      quote.change = round2(last - close);
      quote.change_percent = round2(((last - close) / close) * 100);
    }
  }
  for (const [key, field] of [['o', 'open'], ['h', 'high'], ['l', 'low'], ['v', 'volume'], ['oi', 'oi']] as const) {
    const value = number(key);
    if (value !== null) quote[field] = value;
  }
  // An empty side of the book reads 0: no bid is not a bid of zero.
  const bid = number('bp1');
  const ask = number('sp1');
  if (bid !== null && bid > 0 && (number('bq1') ?? 1) > 0) quote.bid = bid;
  if (ask !== null && ask > 0 && (number('sq1') ?? 1) > 0) quote.ask = ask;
  return Object.keys(quote).length > 1 ? (quote as LastPrice) : null;
}

export function createNorenFeed(options: NorenFeedOptions) {
  const clock = options.clock ?? (() => new Date());
  const subscribed = new Map<string, NorenFeedMode>();
  /** Each depth-mode contract's fields as Noren last sent them, `df` changes merged onto its `dk`. */
  const depthFields = new Map<string, Record<string, unknown>>();
  let refused = false;
  // Subscriptions wait for the connect's answer: Noren takes none before it.
  let connected = false;
  const send = (message: Record<string, unknown>) => socket.send(JSON.stringify(message));
  const subscribe = (keys: readonly string[], mode: NorenFeedMode) => {
    if (keys.length > 0) send({ t: mode, k: keys.join('#') });
  };

  const socket = createFeedSocket({
    // Noren's own client pings every 3 s (NorenRestApiPy: run_forever(ping_interval=3, ping_payload='{"t":"h"}')):
    // the pong counts as heard, so a socket quiet between price moves (a contract nobody trades) stays fresh.
    pingEveryMs: 3000,
    ...options,
    address: async () => {
      if (refused) throw new Error('Noren refused the session on the websocket');
      return { url: options.url };
    },
    tokenError: (refusal) => refused || ('status' in refusal && refusal.status === 401),
    // An opening is live once Noren answers its connect: one it never answers (the answer lost while the feed was
    // silent) is dropped and opened again, though its pings are ponged, instead of staying open subscribed to nothing.
    taken: () => connected,
    onTokenError: () => options.onTokenError?.(),
    onOpen: () => {
      connected = false;
      send({ t: 'c', uid: options.uid, actid: options.uid, susertoken: options.token, source: 'API' });
    },
    onMessage: (bytes) => {
      let frame: unknown;
      try {
        frame = JSON.parse(bytes.toString('utf8'));
      } catch {
        options.onError?.('a frame that is not JSON');
        return;
      }
      if (!isObject(frame)) return;
      if (frame.t === 'ck') {
        if (frame.s !== 'OK') {
          refused = true;
          socket.close();
          options.onTokenError?.();
          return;
        }
        connected = true;
        if (options.onOrderUpdate !== undefined) send({ t: 'o', actid: options.uid });
        for (const mode of ['t', 'd'] as const) subscribe([...subscribed].filter(([, m]) => m === mode).map(([key]) => key), mode);
        return;
      }
      if (frame.t === 'om' && typeof frame.norenordno === 'string') {
        options.onOrderUpdate?.(frame.norenordno);
        return;
      }
      if (!['tk', 'tf', 'dk', 'df'].includes(String(frame.t)) || typeof frame.e !== 'string' || typeof frame.tk !== 'string') return;
      const key = `${frame.e}|${frame.tk}`;
      const quote = quoteOfFrame({ ...frame }, clock());
      if (quote !== null) options.onQuotes([[key, quote]]);
      if (frame.t === 'dk' || frame.t === 'df') {
        // A `dk` (each subscription's, every opening's) is the whole book; a `df` only what changed.
        const fields = frame.t === 'dk' ? { ...frame } : { ...depthFields.get(key), ...frame };
        depthFields.set(key, fields);
        options.onDepth?.(key, depthOfFields(fields));
      }
    },
  });

  return {
    connect: socket.connect,
    subscribe(keys: readonly string[], mode: NorenFeedMode) {
      const added = keys.filter((key) => subscribed.get(key) !== mode);
      for (const key of added) subscribed.set(key, mode);
      if (connected && socket.state() === 'open') subscribe(added, mode);
    },
    unsubscribe(keys: readonly string[]) {
      const dropped = keys.filter((key) => subscribed.has(key));
      for (const mode of ['t', 'd'] as const) {
        const of = dropped.filter((key) => subscribed.get(key) === mode);
        if (of.length > 0) send({ t: mode === 't' ? 'u' : 'ud', k: of.join('#') });
      }
      for (const key of dropped) {
        subscribed.delete(key);
        if (depthFields.delete(key)) options.onDepth?.(key, null);
      }
    },
    close: socket.close,
    state: (): FeedSocketState => socket.state(),
    isStale: socket.isStale,
    subscriptions: (): ReadonlyMap<string, NorenFeedMode> => subscribed,
  };
}
