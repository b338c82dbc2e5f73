// Where one price stream's quotes come from: the simulated market when no account is named, or the named
// account's broker through the broker-neutral stream (BrokerTrading.subscribe: a logged-in Kite account's
// ticker, a paper account's simulator). Both speak to the stream session the same way (a snapshot, then per
// move only what changed), so the PWA cannot tell them apart by shape; it is told by the account it chose.
// A heartbeat is the stream's "still here"; when the broker's feed says it is alive though nothing moved (Kite's
// heartbeats) an empty delta says "and the broker is talking", so a silent Kite feed lets the PWA's "prices
// delayed" notice appear as it does for a stalled simulator.
import type { BrokerTick, BrokerTrading, TradingAccount } from '../services/brokers/broker-trading.ts';
import type { Warn } from '../services/brokers/kite-broker/instrument-load.ts';
import { movedInstruments } from '../services/brokers/paper/paper-stream.ts';
import type { MarketFeed, MarketUpdate } from '../services/market/market-feed.ts';
import type { MarketService, MarketStatus } from '../services/market/market-service.ts';
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
        const moved = movedInstruments(instruments, indexOf, update.moved);
        if (moved.length === 0) return;
        const seq = Math.max(0, ...[...update.moved].map((name) => update.states.get(name)?.seq ?? 0));
        void session.tick(async () => ({ seq, data: await market.quotes(moved, update.states) }));
      }),
    beat: (session) => session.heartbeat(),
  };
}

/**
 * Where a broker's screens read whether the market is open: its own exchange's calendar and hours when it
 * has them (BrokerTrading.marketStatus: Kite's real NSE), else the simulator's (the paper broker, or no broker
 * named). The price stream and the market_data fallback poll both ask here, so they never disagree.
 */
export function brokerMarketStatus(trading: BrokerTrading | undefined, market: MarketService): () => Promise<MarketStatus> {
  const ownStatus = trading?.marketStatus;
  return ownStatus === undefined ? () => market.status() : () => ownStatus();
}

type BrokerSourceOptions = { trading: BrokerTrading; account: TradingAccount; market: MarketService; feed: MarketFeed; instruments: string[]; warn: Warn };

/**
 * A named account's stream: its broker's own ticks (BrokerTrading.subscribe), whichever broker it is (Kite's
 * ticker for a live account, the simulator for a paper one). The market's opening and closing are the
 * broker's exchange's (BrokerTrading.marketStatus: a Kite account's the real exchange's hours, even while the
 * simulator runs its always-open demo market), else the simulator's. A broker's own status is read again at
 * each pass of the market feed and each quiet heartbeat, and sent when it changed (the open, the close).
 */
export async function brokerSource({ trading, account, market, feed, instruments, warn }: BrokerSourceOptions): Promise<PriceStreamSource> {
  let send: ((ticks: readonly BrokerTick[]) => void) | null = null;
  // A broker's ticks carry no sequence: the stream counts its own events.
  let seq = 0;
  const stream = await trading.subscribe(account, { onTick: (ticks) => send?.(ticks), warn }, instruments);
  const ownStatus = trading.marketStatus;
  const marketStatus = brokerMarketStatus(trading, market);
  // The broker's status as last told on this stream: told again only when it changes.
  let told: string | null = null;
  const said = (status: MarketStatus) => `${status.status} ${status.next_open ?? ''}`;
  const retell = (session: Session) => {
    void (async () => {
      const status = await marketStatus();
      if (said(status) === told) return;
      told = said(status);
      void session.market(status);
    })().catch((error: unknown) => warn({ err: error }, 'the market status could not be read'));
  };
  return {
    loadSnapshot: async () => {
      const status = await marketStatus();
      told = said(status);
      return { seq, market: status, data: await stream.quotes() };
    },
    start: (session) => {
      send = (ticks) => {
        seq += 1;
        void session.tick(async () => ({ seq, data: Object.fromEntries(ticks.map((tick) => [tick.instrument, tick.quote])) }));
      };
      const unsubscribe = feed.subscribe((update) => {
        if (ownStatus !== undefined) retell(session);
        else if (update.status !== null) void session.market(update.status);
      });
      return () => {
        send = null;
        unsubscribe();
        stream.close();
      };
    },
    beat: (session) => {
      if (ownStatus !== undefined) retell(session);
      if (stream.feedAlive()) void session.keepAlive();
      else session.heartbeat();
    },
  };
}
