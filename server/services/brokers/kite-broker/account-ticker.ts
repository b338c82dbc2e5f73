// One live account's Kite ticker: a WebSocket with the account's api_key and access token (ticker-connection.ts
// watches its heartbeat and reconnects with capped backoff), subscribed in full mode to what the account's
// price streams watch, and the last quote of each instrument it ticked. Kite caps a connection at 3,000
// instruments: the indices come first, then the streams' instruments in the order they asked; what is left
// over gets no live price (the stream leaves it out rather than show the simulator's for a live account).
// Kite also sends the account's order updates on this socket: they are handed on as they come.
import type { Queryable } from '../../../db/database.ts';
import type { Clock } from '../../clock.ts';
import type { LastPrice } from '../../market/market-service.ts';
import type { KiteOrderUpdate } from '../kite/kite-order-types.ts';
import { createTickerConnection, maxInstrumentsPerConnection, type TickerScheduler } from '../kite/ticker-connection.ts';
import { kiteTokensOf } from './instrument-store.ts';
import { quoteOfTick } from './tick-quotes.ts';

export type TickerTuning = { scheduler?: TickerScheduler | undefined; staleAfterMs?: number | undefined; backoff?: { initialMs: number; maxMs: number } | undefined };

export type AccountTickerOptions = TickerTuning & {
  db: Queryable;
  clock: Clock;
  url: string;
  apiKey: string;
  accessToken: string;
  /** Instruments that ticked ("EXCHANGE:TRADINGSYMBOL"), their quotes already held. */
  onPrices: (moved: string[]) => void;
  /** Kite refused the access token at the handshake: the connection has stopped. */
  onTokenError: () => void;
  /** An order update Kite sent on the socket (the postback's fields). */
  onOrderUpdate?: ((update: KiteOrderUpdate) => void) | undefined;
  onReconnect?: ((attempt: number, delayMs: number) => void) | undefined;
};

export function createAccountTicker(options: AccountTickerOptions) {
  const { db, clock } = options;
  const prices = new Map<string, LastPrice>();
  const keyOfToken = new Map<number, string>();
  let lastReconnect: { attempt: number; delayMs: number } | null = null;
  const connection = createTickerConnection({
    url: options.url,
    apiKey: options.apiKey,
    accessToken: options.accessToken,
    scheduler: options.scheduler,
    staleAfterMs: options.staleAfterMs,
    backoff: options.backoff,
    onTicks: (ticks) => {
      const moved: string[] = [];
      for (const tick of ticks) {
        const key = keyOfToken.get(tick.instrument_token);
        if (key === undefined) continue;
        // Merged onto what was held: Kite answers a (re)subscription in quote mode before the full mode
        // applies, and a quote that lost its bid and ask for a moment would make every stream resync.
        prices.set(key, { ...prices.get(key), ...quoteOfTick(tick, clock()) });
        moved.push(key);
      }
      if (moved.length > 0) options.onPrices(moved);
    },
    onTokenError: options.onTokenError,
    onOrderUpdate: options.onOrderUpdate,
    onReconnectScheduled: (attempt, delayMs) => {
      lastReconnect = { attempt, delayMs };
      options.onReconnect?.(attempt, delayMs);
    },
  });

  /** Subscribes to `wanted` (in priority order, up to Kite's cap) and drops what is no longer wanted. */
  async function follow(wanted: readonly string[]): Promise<void> {
    const tokens = await kiteTokensOf(db, wanted);
    const chosen = new Map<number, string>();
    for (const key of wanted) {
      const token = tokens.get(key);
      if (token !== undefined && chosen.size < maxInstrumentsPerConnection) chosen.set(token, key);
    }
    const current = connection.subscriptions();
    const gone = [...current.keys()].filter((token) => !chosen.has(token));
    if (gone.length > 0) connection.unsubscribe(gone);
    for (const token of gone) {
      const key = keyOfToken.get(token);
      keyOfToken.delete(token);
      if (key !== undefined) prices.delete(key);
    }
    for (const [token, key] of chosen) keyOfToken.set(token, key);
    const added = [...chosen.keys()].filter((token) => !current.has(token));
    if (added.length > 0) connection.subscribe(added, 'full');
  }

  return {
    accessToken: options.accessToken,
    start: () => connection.connect(),
    follow,
    /** The held quotes of these instruments (those that ticked at least once). */
    quotes(keys: readonly string[]): Record<string, LastPrice> {
      const data: Record<string, LastPrice> = {};
      for (const key of keys) {
        const quote = prices.get(key);
        if (quote !== undefined) data[key] = quote;
      }
      return data;
    },
    /** Open and hearing from Kite (ticks or heartbeats): a quiet stream then only means quiet instruments. */
    live: () => connection.state() === 'open' && !connection.isStale(),
    status: () => ({ state: connection.state(), delayed: connection.isStale() || connection.state() !== 'open', subscribed: connection.subscriptions().size, lastReconnect }),
    close: () => connection.close(),
  };
}

export type AccountTicker = ReturnType<typeof createAccountTicker>;
