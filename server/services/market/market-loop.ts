// Drives the market on a timer: try to tick (only the leader does), let the leader's paper broker fill the
// orders the move reached, then tell this instance's streams what moved. One pass at a time (a slow database never stacks passes), and old candles are pruned once an hour.
import type { MarketFeed } from './market-feed.ts';
import type { MarketService } from './market-service.ts';

const pruneEveryMs = 60 * 60 * 1000;

type MarketLoopOptions = {
  market: MarketService;
  feed: MarketFeed;
  /** Runs after every pass, told whether this instance led a tick (the paper broker's fill engine fills only then). */
  afterTick: (ticked: boolean) => Promise<unknown>;
  onError: (error: unknown) => void;
};

export function startMarketLoop({ market, feed, afterTick, onError }: MarketLoopOptions) {
  let running: Promise<void> | null = null;
  let lastPruneMs = 0;
  const pass = (): Promise<void> => {
    if (running !== null) return running;
    running = run().finally(() => {
      running = null;
    });
    return running;
  };
  const run = async () => {
    try {
      await afterTick(await market.tick());
      await feed.poll();
      if (Date.now() - lastPruneMs > pruneEveryMs) {
        lastPruneMs = Date.now();
        await market.pruneCandles();
      }
    } catch (error) {
      onError(error);
    }
  };
  const timer = setInterval(() => void pass(), market.tickMs);
  /**
   * No pass after this, and the one under way finished (its fills and its alert watchers' kick): a server closing
   * closes its database after, and a pass still running then wrote to a closed pool.
   */
  const stop = async (): Promise<void> => {
    clearInterval(timer);
    await running;
  };
  return { stop, pass };
}
