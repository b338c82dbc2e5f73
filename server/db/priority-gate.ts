// The database's queue, trading first (issue 61). PGlite runs one statement (or one transaction) at a time and
// queued the rest in arrival order: a kill switch armed behind forty chart reads waited for all forty. Every
// statement and transaction now takes its turn here, where a waiting trading one goes ahead of every waiting
// analysis one (lanes.ts); within a lane, arrival order. What is running is never interrupted: a trading
// statement waits at most for the ones already running. On PostgreSQL the gate is the pool's size, and analysis
// may hold all connections but `reserved`, kept for trading, so a burst of analysis never leaves an order
// waiting for a connection.
//
// A turn that ends with work waiting hands over at the event loop's next turn (setImmediate), not at once: PGlite
// answers a statement without waiting on any input or output, so a queue of statements handed over one to the
// next in microtasks ran to its end before the server read another request (an arm sent behind a hundred chart
// reads was not even read until they were done). Between turns, requests are read and their trading statements
// join the queue ahead of the analysis still waiting.
import { currentLane, type Lane } from './lanes.ts';

type Waiting = { start: () => void };

export type PriorityGateOptions = {
  /** How many may run at once (PGlite: 1, its one connection; PostgreSQL: the pool's size). */
  capacity: number;
  /** Of those, how many analysis may never take (0 on PGlite, where there is one). */
  reserved?: number;
};

export function createPriorityGate({ capacity, reserved = 0 }: PriorityGateOptions) {
  const waiting: Record<Lane, Waiting[]> = { trading: [], analysis: [] };
  const running: Record<Lane, number> = { trading: 0, analysis: 0 };
  const analysisCapacity = Math.max(1, capacity - reserved);

  function next(): void {
    while (running.trading + running.analysis < capacity) {
      const lane: Lane | null =
        waiting.trading.length > 0 ? 'trading' : waiting.analysis.length > 0 && running.analysis < analysisCapacity ? 'analysis' : null;
      if (lane === null) return;
      running[lane] += 1;
      waiting[lane].shift()!.start();
    }
  }

  /** Runs `work` at its turn, in the lane of the caller (or `lane`). */
  async function run<T>(work: () => Promise<T>, lane: Lane = currentLane()): Promise<T> {
    await new Promise<void>((resolve) => {
      waiting[lane].push({ start: resolve });
      next();
    });
    try {
      return await work();
    } finally {
      running[lane] -= 1;
      if (waiting.trading.length + waiting.analysis.length > 0) setImmediate(next);
    }
  }

  /** How many wait in each lane (tests, and whoever shows a place). */
  const queued = () => ({ trading: waiting.trading.length, analysis: waiting.analysis.length });

  return { run, queued };
}

export type PriorityGate = ReturnType<typeof createPriorityGate>;
