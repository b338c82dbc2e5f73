// Drives the market on a timer: try to tick (only the leader does), then tell this instance's streams what
// moved. One pass at a time (a slow database never stacks passes), and old candles are pruned once an hour.
import type { MarketFeed } from './market-feed.ts';
import type { MarketService } from './market-service.ts';

const pruneEveryMs = 60 * 60 * 1000;

export function startMarketLoop({ market, feed, onError }: { market: MarketService; feed: MarketFeed; onError: (error: unknown) => void }) {
  let running = false;
  let lastPruneMs = 0;
  const pass = async () => {
    if (running) return;
    running = true;
    try {
      await market.tick();
      await feed.poll();
      if (Date.now() - lastPruneMs > pruneEveryMs) {
        lastPruneMs = Date.now();
        await market.pruneCandles();
      }
    } catch (error) {
      onError(error);
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void pass(), market.tickMs);
  return { stop: () => clearInterval(timer), pass };
}
