// The market loop's stop waits for the pass under way: a closing server closes its database right after, and a
// pass still running then (its fills, its alert watchers) wrote to a closed pool ("Cannot use a pool after
// calling end on the pool", logged at every shutdown on PostgreSQL). And the streams hear of a tick before the
// pass's other work (fills, recorder, bots, syncs, analytics) runs: they waited for it (issue 61).
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MarketFeed } from '../../../server/services/market/market-feed.ts';
import { startMarketLoop, streamsFirstMs } from '../../../server/services/market/market-loop.ts';
import type { MarketService } from '../../../server/services/market/market-service.ts';

describe('the market loop', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('stops only once the pass under way has finished, and starts no other', async () => {
    vi.useFakeTimers();
    const steps: string[] = [];
    let finishTick: () => void = () => undefined;
    let tickStarted: () => void = () => undefined;
    const started = new Promise<void>((resolve) => {
      tickStarted = resolve;
    });
    const market = {
      tickMs: 1,
      tick: () => {
        steps.push('tick');
        tickStarted();
        return new Promise<boolean>((resolve) => {
          finishTick = () => resolve(true);
        });
      },
      trade: async () => false,
      pruneCandles: async () => undefined,
    } as unknown as MarketService;
    const feed = { poll: async () => void steps.push('poll') } as unknown as MarketFeed;
    const loop = startMarketLoop({ market, feed, afterTick: async () => void steps.push('after tick'), onError: (error) => steps.push(`error ${String(error)}`) });
    vi.advanceTimersByTime(1);
    await started;
    let stopped = false;
    const stopping = loop.stop().then(() => {
      stopped = true;
    });
    await Promise.resolve();
    expect(stopped).toBe(false);
    finishTick();
    await stopping;
    expect(steps).toEqual(['tick', 'poll', 'after tick']);
    // No pass after the stop, though the timer's period goes by many times.
    vi.advanceTimersByTime(100);
    await Promise.resolve();
    expect(steps).toEqual(['tick', 'poll', 'after tick']);
  });

  it("tells the streams of a tick before the pass's other work, which holds no price back", async () => {
    vi.useFakeTimers();
    const steps: string[] = [];
    const tick = async () => {
      steps.push('tick');
      return true;
    };
    const market = { tickMs: 1, tick, trade: async () => false, pruneCandles: async () => undefined } as unknown as MarketService;
    let polled: () => void = () => undefined;
    const poll = new Promise<void>((resolve) => {
      polled = resolve;
    });
    const feed = {
      poll: async () => {
        steps.push('poll');
        polled();
      },
    } as unknown as MarketFeed;
    // The fills, bots and recorder of this pass never finish: the prices must not wait for them.
    const loop = startMarketLoop({ market, feed, afterTick: () => new Promise(() => steps.push('after tick')), onError: (error) => steps.push(`error ${String(error)}`) });
    vi.advanceTimersByTime(1);
    await poll;
    expect(steps).toEqual(['tick', 'poll']);
    void loop.stop();
  });

  it("leaves the minute's trading out of the tick until the streams have its price, and a failed trading step holds no fill", async () => {
    vi.useFakeTimers();
    const steps: string[] = [];
    const market = {
      tickMs: 1,
      tick: async (_now: Date | undefined, options: { trading?: boolean } = {}) => {
        steps.push(`tick, trading ${String(options.trading ?? true)}`);
        return true;
      },
      trade: async () => {
        steps.push('trade');
        throw new Error('database busy');
      },
      pruneCandles: async () => undefined,
    } as unknown as MarketService;
    const feed = { poll: async () => void steps.push('poll') } as unknown as MarketFeed;
    let after: () => void = () => undefined;
    const ran = new Promise<void>((resolve) => {
      after = resolve;
    });
    const loop = startMarketLoop({
      market,
      feed,
      afterTick: async () => {
        steps.push('after tick');
        after();
      },
      onError: (error) => steps.push(`error ${(error as Error).message}`),
    });
    vi.advanceTimersByTime(1);
    await ran;
    expect(steps).toEqual(['tick, trading false', 'poll', 'trade', 'error database busy', 'after tick']);
    await loop.stop();
  });

  it('runs the fills of a tick whose read for the streams failed', async () => {
    vi.useFakeTimers();
    const steps: string[] = [];
    const market = { tickMs: 1, tick: async () => true, trade: async () => false, pruneCandles: async () => undefined } as unknown as MarketService;
    const feed = { poll: () => Promise.reject(new Error('connection lost')) } as unknown as MarketFeed;
    let after: () => void = () => undefined;
    const ran = new Promise<void>((resolve) => {
      after = resolve;
    });
    const loop = startMarketLoop({
      market,
      feed,
      afterTick: async (ticked) => {
        steps.push(`after tick ${String(ticked)}`);
        after();
      },
      onError: (error) => steps.push(`error ${(error as Error).message}`),
    });
    vi.advanceTimersByTime(1);
    await ran;
    expect(steps).toEqual(['error connection lost', 'after tick true']);
    await loop.stop();
  });

  it('starts the fills once the streams have sent the tick, or after streamsFirstMs whatever becomes of them', async () => {
    vi.useFakeTimers();
    const steps: string[] = [];
    const market = { tickMs: 1000, tick: async () => true, trade: async () => false, pruneCandles: async () => undefined } as unknown as MarketService;
    // A stream whose send never ends (a stuck compression, a database gone quiet).
    const feed = { poll: () => new Promise(() => steps.push('poll')) } as unknown as MarketFeed;
    startMarketLoop({ market, feed, afterTick: async () => void steps.push('after tick'), onError: (error) => steps.push(`error ${String(error)}`) });
    await vi.advanceTimersByTimeAsync(1000);
    expect(steps).toEqual(['poll']);
    await vi.advanceTimersByTimeAsync(streamsFirstMs - 1);
    expect(steps).toEqual(['poll']);
    await vi.advanceTimersByTimeAsync(1);
    expect(steps).toEqual(['poll', 'after tick']);
  });
});
