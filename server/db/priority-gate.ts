// The database's queue, trading first (issue 61). PGlite runs one statement (or one transaction) at a time and
// queued the rest in arrival order: a kill switch armed behind forty chart reads waited for all forty. Every
// statement and transaction now takes its turn here, where a waiting trading one goes ahead of every waiting
// analysis one (lanes.ts); within a lane, arrival order. What is running is never interrupted: a trading
// statement waits at most for the ones already running. On PostgreSQL the gate is the pool's size, and analysis
// may hold all connections but `reserved`, kept for trading, so a burst of analysis never leaves an order
// waiting for a connection.
//
// PGlite answers a statement without waiting on any input or output, so a queue of statements handed over one to
// the next in microtasks ran to its end before the server read another request (an arm sent behind forty chart
// reads was not even read until they were done). So once statements have followed one another for `sliceMs`
// without the event loop turning, the next waits for its turn (setImmediate): requests are read, and their trading
// statements join the queue ahead of the analysis still waiting. Short statements still follow one another
// at once (a handover a loop turn each would cost a busy server its database's throughput). That holds for one
// caller's statements awaited one after another as well (nothing waiting in between): a start's seeds or a tick's
// after-work, hundreds of statements in a row, held health and the price stream's writes for all of them.
import { performance } from 'node:perf_hooks';
import { currentLane, type Lane } from './lanes.ts';

type Waiting = { start: () => void };

// The event loop's next turn as the process began with it. A test that fakes timers (Vitest replaces the global
// setImmediate, and node:timers') would otherwise keep a handover it queued for good, and with it every statement
// after it: one test worker's PGlite serves every server test file after that one (tests/server/support).
const { setImmediate: atNextTurn, setTimeout: afterMs } = globalThis;

/** How long queued statements may follow one another before the event loop reads what came meanwhile. */
export const sliceMs = 5;

export type PriorityGateOptions = {
  /** How many may run at once (PGlite: 1, its one connection; PostgreSQL: the pool's size). */
  capacity: number;
  /** Of those, how many analysis may never take (0 on PGlite, where there is one). */
  reserved?: number;
  /** A monotonic clock in milliseconds (tests move their own). */
  now?: () => number;
  /**
   * How long waiting analysis stays held after a trading statement ends, for the same request's next one
   * (PGlite, where one analysis turn holds the only connection). 0: only until the event loop turns.
   */
  tradingGraceMs?: number;
};

/**
 * PGlite's grace: a request's next statement reaches the database's thread from the request thread a message
 * later, 0.1–3 ms after its last ended (median 2.4 ms under issue 61's heavy-work bench), after the database's
 * event loop has turned. Without it an analysis turn slipped into that gap: an import's day (up to 190 ms) or a
 * replay's day facts (up to 100 ms), in front of each of the arm's three turns. Analysis loses at most this much
 * after each burst of trading statements.
 */
export const pgliteTradingGraceMs = 3;

export function createPriorityGate({ capacity, reserved = 0, now = () => performance.now(), tradingGraceMs = 0 }: PriorityGateOptions) {
  const waiting: Record<Lane, Waiting[]> = { trading: [], analysis: [] };
  const running: Record<Lane, number> = { trading: 0, analysis: 0 };
  const analysisCapacity = Math.max(1, capacity - reserved);
  // When the statements running since the event loop last turned began (null once it has turned since), and
  // whether a start waits for the next turn.
  let sliceFrom: number | null = null;
  let awaitingTurn = false;
  // Set as a trading statement ends, until the event loop turns and `tradingGraceMs` have passed: its caller's
  // next statement (a request's statements follow one another in microtasks, or a message apart on PGlite's
  // thread) comes before any analysis one, which would otherwise slip in between every two of them (an arm is a
  // dozen statements: it waited behind a dozen analysis ones).
  let tradingFollows = false;
  let tradingEndedAt = 0;

  /** The next waiting statement starts, at once within the slice, past it at the loop's next turn. */
  function next(): void {
    while (running.trading + running.analysis < capacity) {
      const lane: Lane | null =
        waiting.trading.length > 0 ? 'trading' : waiting.analysis.length > 0 && running.analysis < analysisCapacity ? 'analysis' : null;
      if (lane === null) return;
      // Held for the trading caller's next statement: endTradingFollows starts it (no turn of the loop spent
      // asking again meanwhile).
      if (lane === 'analysis' && tradingFollows) return;
      if (sliceFrom !== null && now() - sliceFrom >= sliceMs) return awaitTurn();
      if (sliceFrom === null) {
        sliceFrom = now();
        // Queued before any awaitTurn of this slice, so it runs first: the loop has turned, a new slice begins.
        atNextTurn(() => {
          sliceFrom = null;
        });
      }
      running[lane] += 1;
      waiting[lane].shift()!.start();
    }
  }

  function awaitTurn(): void {
    if (awaitingTurn) return;
    awaitingTurn = true;
    atNextTurn(() => {
      awaitingTurn = false;
      next();
    });
  }

  /** Analysis may start again: the loop has turned, and the grace since the last trading statement has passed. */
  function endTradingFollows(): void {
    const left = tradingGraceMs - (now() - tradingEndedAt);
    if (left > 0) {
      afterMs(endTradingFollows, Math.ceil(left));
      return;
    }
    tradingFollows = false;
    next();
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
      if (lane === 'trading') {
        tradingEndedAt = now();
        if (!tradingFollows) {
          tradingFollows = true;
          atNextTurn(endTradingFollows);
        }
      }
      next();
    }
  }

  /** How many wait in each lane (tests, and whoever shows a place). */
  const queued = () => ({ trading: waiting.trading.length, analysis: waiting.analysis.length });

  return { run, queued };
}

export type PriorityGate = ReturnType<typeof createPriorityGate>;
