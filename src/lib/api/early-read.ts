/**
 * A screen's first read, started before the screen is here: on a cold open the screen table starts it beside
 * the screen's files (app/router/screens.ts), so the answer is on its way while the shell, the screen and its
 * chart download instead of once they have arrived and rendered (issue 40: a chart's first open on Slow 4G took
 * 6.5–8.5 s, its read asked for only after some 25 files). The screen then takes that read instead of making
 * its own. The price charts' bars do the same with their own store (features/analytics/api/chart-bars.ts).
 *
 * The screen table starts it while boot is still restoring the session from IndexedDB: until then there is no
 * token, and a read sent without one is refused (401), which signs the trader out. So an early read waits for
 * the restored session and goes out only with a token; without one it is never sent and the screen, if it
 * renders, reads for itself.
 *
 * A read is known by its key, the name the screen keeps its answer under (which names the question), so a
 * screen takes only the read of the question it asks.
 */
import { sessionRestoredAtom, tokenAtom } from '@/lib/session/auth-atoms';
import { store } from '@/lib/store';

/**
 * An early read is taken only this soon after its answer came (or while it is still on its way): later, the screen
 * reads afresh. Counted from the answer, not from the start: on a loaded phone a cold open's screen can arrive more
 * than 15 s after boot sent its read (issue 61), and an answer that came a moment ago is as fresh as a new one.
 */
export const EARLY_READ_FRESH_MS = 15_000;

/** What an early read settles to when it was not sent: no trader signed in once the session was restored. */
const notSent = Symbol('not sent');

type Early = { answeredAt: number | null; answer: Promise<unknown>; taken: boolean };
const started = new Map<string, Early>();

/** Whether `early` is still on its way, or answered less than EARLY_READ_FRESH_MS ago. */
const fresh = (early: Early) => early.answeredAt === null || Date.now() - early.answeredAt < EARLY_READ_FRESH_MS;

/** Settles once boot has restored the session: whether a trader is signed in (has a token) then. */
function signedInOnceRestored(): Promise<boolean> {
  return new Promise((resolve) => {
    const settled = () => {
      if (!store.get(sessionRestoredAtom)) return false;
      resolve(store.get(tokenAtom) !== null);
      return true;
    };
    if (settled()) return;
    const stop = store.sub(sessionRestoredAtom, () => {
      if (settled()) stop();
    });
  });
}

/**
 * Starts `read` under `key` once the session is restored, if a trader is signed in then (never without a token),
 * unless a read of the same key is on its way or answered moments ago, and has not been taken yet (boot and the
 * screen table both start a cold open's read).
 */
export function startEarlyRead(key: string, read: () => Promise<unknown>): void {
  const previous = started.get(key);
  if (previous !== undefined && fresh(previous)) return;
  const early: Early = { answeredAt: null, answer: Promise.resolve(notSent), taken: false };
  // The token is read again at the moment of sending; a screen that read for itself meanwhile has its answer.
  early.answer = signedInOnceRestored().then((signedIn) => (signedIn && !early.taken && store.get(tokenAtom) !== null ? read() : notSent));
  const answered = () => {
    early.answeredAt = Date.now();
  };
  // A failure is the screen's to show, when it takes this read.
  early.answer.then(answered, answered);
  started.set(key, early);
}

/** The screen's read of `key`: the early one while it is on its way or answered moments ago (taken once), else `read` now. */
export function takeEarlyRead<T>(key: string, read: () => Promise<T>): Promise<T> {
  const early = started.get(key);
  started.delete(key);
  if (early === undefined || !fresh(early)) return read();
  // Taken: if it has not gone out yet, it never will (the screen's own read below answers instead).
  early.taken = true;
  // A screen rendered before the session was restored (not in the app, whose boot restores it before rendering)
  // does not wait for it: it reads now.
  if (!store.get(sessionRestoredAtom)) return read();
  return early.answer.then((answer) => (answer === notSent ? read() : (answer as T)));
}
