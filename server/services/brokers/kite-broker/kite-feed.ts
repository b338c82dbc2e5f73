// Kite's live prices: the broker-neutral feeds (../live/live-prices.ts, account-feed.ts) on Kite's ticker
// (../kite/ticker-connection.ts: the account's api_key and access token, full mode). What is Kite's: its
// instrument tokens from the day's instruments dump (loaded through the first open session before a ticker
// follows anything), its cap of 3,000 instruments a connection (Kite allows three connections per api_key), its
// ticks read as quotes (tick-quotes.ts), and the order updates it sends on the same socket (`onOrderUpdate`,
// applied like a postback: kite-live.ts).
import type { KiteHttp } from '../kite/kite-http.ts';
import type { KiteOrderUpdate } from '../kite/kite-order-types.ts';
import { createTickerConnection, maxInstrumentsPerConnection } from '../kite/ticker-connection.ts';
import type { TickMode } from '../kite/ticker-packets.ts';
import type { FeedTuning } from '../live/feed-socket.ts';
import { createLivePrices, type LivePrices, type Warn } from '../live/live-prices.ts';
import type { LiveCoreDeps } from '../live/live-sessions.ts';
import type { KiteInstrumentLoad } from './instrument-load.ts';
import { kiteIndexKeys, kiteTokensOf } from './instrument-store.ts';
import { quoteOfTick } from './tick-quotes.ts';

/** The ticker's watchdog: Kite's defaults unless a test steps its timers. */
export type TickerTuning = FeedTuning;

export type KiteLivePricesOptions = LiveCoreDeps<KiteHttp> & {
  instruments: KiteInstrumentLoad;
  tickerUrl: string;
  tuning?: TickerTuning | undefined;
  /** An order update from an account's ticker (its socket is opened with the account's own access token: no checksum needed). */
  onOrderUpdate?: ((accountId: number, update: KiteOrderUpdate, warn: Warn) => void) | undefined;
};

export function createKiteLivePrices({ db, clock, sessions, instruments, tickerUrl, tuning, onOrderUpdate }: KiteLivePricesOptions): LivePrices {
  /** The indices, then the streams' instruments in the order they asked, up to Kite's cap. */
  async function choose(wanted: readonly string[]) {
    const tokens = await kiteTokensOf(db, wanted);
    const chosen = new Map<number, { key: string; id: number; mode: TickMode }>();
    for (const key of wanted) {
      const token = tokens.get(key);
      if (token !== undefined && chosen.size < maxInstrumentsPerConnection) chosen.set(token, { key, id: token, mode: 'full' });
    }
    // A key without a token is not in the dump Kite gave: unstreamed (a later dump refollows every feed).
    return { followed: [...chosen.values()] };
  }

  return createLivePrices({
    db,
    clock,
    broker: { slug: 'kite', name: 'Kite' },
    sessionOf: (accountId) => sessions.sessionOf(accountId),
    indexKeys: () => kiteIndexKeys(db),
    // The day's dump, if due; yesterday's rows still serve when it fails.
    prepare: async (session, warn) => (await instruments.ensureLoaded(session.http, warn)) !== null,
    choose,
    connect: (session, events) =>
      createTickerConnection({
        ...tuning,
        url: tickerUrl,
        apiKey: session.apiKey,
        accessToken: session.accessToken,
        onTicks: (ticks) => events.onQuotes(ticks.map((tick) => [tick.instrument_token, quoteOfTick(tick, clock())] as const)),
        onTokenError: events.onTokenError,
        onOrderUpdate: (update) => onOrderUpdate?.(session.accountId, update, events.warn),
        onReconnectScheduled: events.onReconnect,
      }),
  });
}

export type KiteLivePrices = LivePrices;
