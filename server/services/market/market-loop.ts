// Drives the market on a timer: try to tick (only the leader does), tell this instance's streams what moved,
// then let the leader's paper broker fill the orders the move reached and the rest of the pass run (risk
// locks, the recorder, bots, broker syncs, notices, analytics: after-market-tick.ts). The prices go first: the
// pass's other work (32 ms a pass, up to half a second when it writes a minute or acts) was on every desk's
// way to the tick (issue 61: p99 312 ms for 30 streams as for 300, a fixed cost, not the fan-out). A fill
// still reaches its desk in the same pass, just after the price that made it. One pass at a time (a slow
// database never stacks passes), and old candles are pruned once an hour.
//
// An instance that is not the leader hears of each tick from the database at its commit (tick-states.ts: the
// NOTIFY of migration 050) and tells its streams then, not at its own timer's next pass, up to a tick later
// (issue 61: a desk on another instance got its tick 0–1,000 ms late). Its pass still reads the state (a
// notice lost with a connection, the market's opening and closing); a notice of the instance's own tick is
// left to its pass, which polls right after it.
import type { MarketFeed } from './market-feed.ts';
import type { MarketService } from './market-service.ts';

const pruneEveryMs = 60 * 60 * 1000;
/** How long the pass's fills and bots wait at most for the streams to have sent a tick. */
export const streamsFirstMs = 250;

/** Settles with `promise`, or after `ms`, whichever comes first. */
async function firstOf(promise: Promise<unknown>, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([promise, new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}

type MarketLoopOptions = {
  market: MarketService;
  feed: MarketFeed;
  /**
   * Runs in every pass once the streams were told, told whether this instance led a tick (the paper broker's
   * fill engine fills only then).
   */
  afterTick: (ticked: boolean) => Promise<unknown>;
  onError: (error: unknown) => void;
};

export function startMarketLoop({ market, feed, afterTick, onError }: MarketLoopOptions) {
  let running: Promise<void> | null = null;
  let lastPruneMs = 0;
  // Whether this instance is ticking now, or led the last tick: a notice heard then is of its own tick.
  let ticking = false;
  let led = false;
  const stopHearing = market.onTickNotice?.(() => {
    if (!ticking && !led) void feed.poll().catch(onError);
  });
  const pass = (): Promise<void> => {
    if (running !== null) return running;
    running = run().finally(() => {
      running = null;
    });
    return running;
  };
  const run = async () => {
    try {
      ticking = true;
      // The minute's trading (volume, open interest) waits until the streams have the price (below).
      const ticked = await market.tick(undefined, { trading: false }).finally(() => {
        ticking = false;
      });
      led = ticked;
      // A failed read of the stored state costs the streams this tick (the next pass reads again), not the fills.
      const told = feed.poll().catch(onError);
      // The rest of the pass waits until the streams have sent the tick (their quotes, compression and writes
      // no longer queue behind its queries and work), but no longer than `streamsFirstMs`: fills never stall
      // behind a stream.
      await firstOf(told, streamsFirstMs);
      // A failed trading step is tried again next pass (it is due until it is applied), and never costs the fills.
      if (ticked) await market.trade().catch(onError);
      await afterTick(ticked);
      // Never two polls at once: the next pass starts after this one's.
      await told;
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
    stopHearing?.();
    await running;
  };
  return { stop, pass };
}
