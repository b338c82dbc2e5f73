// Where one price stream's quotes come from: the simulated market (paper accounts, or no account named), or
// a logged-in Kite account's ticker. Both speak to the stream session the same way (a snapshot, then per
// move only what changed), so the PWA cannot tell them apart by shape; it is told by the account it chose.
// A heartbeat is the stream's "still here"; for a live account an empty delta says "and Kite is talking",
// so a silent Kite feed lets the PWA's "prices delayed" notice appear as it does for a stalled simulator.
import type { KiteLivePrices } from '../services/brokers/kite-broker/live-prices.ts';
import type { Warn } from '../services/brokers/kite-broker/instrument-load.ts';
import type { MarketFeed, MarketUpdate } from '../services/market/market-feed.ts';
import type { MarketService } from '../services/market/market-service.ts';
import type { createStreamSession, FullSnapshot } from './market-stream.ts';

type Session = ReturnType<typeof createStreamSession>;

export type PriceStreamSource = {
  loadSnapshot: () => Promise<FullSnapshot>;
  /** Starts sending moves to the session; answers the function that stops. */
  start: (session: Session) => () => void;
  /** Every quiet heartbeat period. */
  beat: (session: Session) => void;
};

export async function simulatorSource(market: MarketService, feed: MarketFeed, instruments: string[]): Promise<PriceStreamSource> {
  const indexOf = await market.indicesOfInstruments(instruments);
  return {
    loadSnapshot: async () => {
      const states = await market.states();
      const seq = Math.max(0, ...[...states.values()].map((state) => state.seq));
      return { seq, market: await market.status(), data: await market.quotes(instruments, states) };
    },
    start: (session) =>
      feed.subscribe((update: MarketUpdate) => {
        if (update.status !== null) void session.market(update.status);
        const moved = instruments.filter((key) => {
          const index = indexOf.get(key);
          return index !== null && index !== undefined && update.moved.has(index);
        });
        if (moved.length === 0) return;
        const seq = Math.max(0, ...[...update.moved].map((name) => update.states.get(name)?.seq ?? 0));
        void session.tick(async () => ({ seq, data: await market.quotes(moved, update.states) }));
      }),
    beat: (session) => session.heartbeat(),
  };
}

type KiteSourceOptions = { prices: KiteLivePrices; market: MarketService; feed: MarketFeed; accountId: number; instruments: string[]; warn: Warn };

export async function kiteSource({ prices, market, feed, accountId, instruments, warn }: KiteSourceOptions): Promise<PriceStreamSource> {
  let send: ((moved: string[]) => void) | null = null;
  // Kite's ticks carry no sequence: the stream counts its own events.
  let seq = 0;
  const watch = await prices.watch(accountId, instruments, (moved) => send?.(moved), warn);
  return {
    loadSnapshot: async () => ({ seq, market: await market.status(), data: watch.quotes() }),
    start: (session) => {
      send = (moved) => {
        seq += 1;
        const held = watch.quotes();
        void session.tick(async () => ({ seq, data: Object.fromEntries(moved.flatMap((key) => (held[key] ? [[key, held[key]]] : []))) }));
      };
      // The market's opening and closing still come from the trading calendar.
      const unsubscribe = feed.subscribe((update) => {
        if (update.status !== null) void session.market(update.status);
      });
      return () => {
        send = null;
        unsubscribe();
        void watch.stop().catch((error: unknown) => warn({ err: error, accountId }, 'a Kite price stream could not let go of its instruments'));
      };
    },
    beat: (session) => (watch.live() ? void session.keepAlive() : session.heartbeat()),
  };
}
