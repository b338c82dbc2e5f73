// The engine's share of the market's one-second tick: the market loop waits for the engine (server/app.ts),
// so a tick that places orders for too long holds the next prices up. Reading the bots counts against the
// share, and an action is started only when it should end within it, judged by the slowest action of the
// tick so far: the burst's slowest ticks were those that began one more entry just before the share was
// spent. One action always goes through, so a burst always moves on.

/** The share of the tick, in milliseconds. */
export const actBudgetMs = 600;

/** `stopwatch`: milliseconds from any origin (performance.now; tests pass their own). */
export function tickBudget(stopwatch: () => number, shareMs: number) {
  const started = stopwatch();
  let slowest = 0;
  let actions = 0;
  return {
    /** Whether another action may start now. */
    allows: () => actions === 0 || stopwatch() - started + slowest <= shareMs,
    /** Runs an action, timing it. */
    async timed<T>(action: () => Promise<T>): Promise<T> {
      const begun = stopwatch();
      try {
        return await action();
      } finally {
        actions += 1;
        slowest = Math.max(slowest, stopwatch() - begun);
      }
    },
    elapsed: () => stopwatch() - started,
  };
}
