// Trading has priority over analysis wherever work waits its turn (issue 61). The lane a piece of work runs in
// follows it through every await (AsyncLocalStorage): the analysis routes (charts, history, backtests, replays)
// run their handlers in the analysis lane, and so does whatever they start; everything else (orders, the kill
// switch, positions, the market's tick, health) is in the trading lane, the default. The database's queue
// (priority-gate.ts) serves the trading lane first.
import { AsyncLocalStorage } from 'node:async_hooks';

export type Lane = 'trading' | 'analysis';

const lanes = new AsyncLocalStorage<Lane>();

/** Runs `fn`, and all it starts, in `lane`. */
export function inLane<T>(lane: Lane, fn: () => T): T {
  return lanes.run(lane, fn);
}

/** The lane of the work under way: trading unless it was started in the analysis lane. */
export function currentLane(): Lane {
  return lanes.getStore() ?? 'trading';
}
