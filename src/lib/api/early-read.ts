/**
 * A screen's first read, started before the screen is here: on a cold open the screen table starts it beside
 * the screen's files (app/router/screens.ts), so the answer is on its way while the shell, the screen and its
 * chart download instead of once they have arrived and rendered (issue 40: a chart's first open on Slow 4G took
 * 6.5–8.5 s, its read asked for only after some 25 files). The screen then takes that read instead of making
 * its own. The price charts' bars do the same with their own store (features/analytics/api/chart-bars.ts).
 *
 * A read is known by its key, the name the screen keeps its answer under (which names the question), so a
 * screen takes only the read of the question it asks.
 */

/** An early read is taken only this soon after it started: later, the screen reads afresh. */
export const EARLY_READ_FRESH_MS = 15_000;

const started = new Map<string, { at: number; answer: Promise<unknown> }>();

/** Starts `read` under `key`, unless a read of the same key started moments ago and has not been taken yet. */
export function startEarlyRead(key: string, read: () => Promise<unknown>): void {
  const previous = started.get(key);
  if (previous !== undefined && Date.now() - previous.at < EARLY_READ_FRESH_MS) return;
  const answer = read();
  // A failure is the screen's to show, when it takes this read.
  answer.catch(() => undefined);
  started.set(key, { at: Date.now(), answer });
}

/** The screen's read of `key`: the early one when it started moments ago (taken once), else `read` now. */
export function takeEarlyRead<T>(key: string, read: () => Promise<T>): Promise<T> {
  const early = started.get(key);
  started.delete(key);
  if (early !== undefined && Date.now() - early.at < EARLY_READ_FRESH_MS) return early.answer as Promise<T>;
  return read();
}
