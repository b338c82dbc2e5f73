// A password hasher the test controls: it wraps the real (cheap) one, counts every hash it runs and the
// most that ran at once, and holds the ones the test chooses until the test releases them. Parallel
// sign-ins then overlap for certain, not by timing luck. With `threads`, it also behaves like libuv's
// thread pool that scrypt really runs on: at most that many hashes run, the others wait in line. An
// unknown email's verifyAgainstNobody only waits (passwords.ts): it can be held, but takes no thread.
import { createPasswordHasher, type PasswordHasher } from '../../../server/services/accounts/passwords.ts';
import { testScryptCost } from './test-server.ts';

export type HeldHasher = {
  hasher: PasswordHasher;
  /** Hashes started (verifications, imitations for unknown emails, and new hashes). */
  started: () => number;
  /** The most real hashes that were under way (running, held or in line for a thread) at the same time. */
  maxRunning: () => number;
  /** Hashes waiting for the test to release them. */
  held: () => number;
  /** Hashes in line for a free thread (only with `threads`). */
  queued: () => number;
  /** Resolves once `count` hashes are held at the same time. */
  whenHeld: (count: number) => Promise<void>;
  /** Resolves once `count` hashes wait in line for a thread. */
  whenQueued: (count: number) => Promise<void>;
  /** Lets the oldest held hash (or all of them) finish. */
  releaseOne: () => void;
  releaseAll: () => void;
};

export type HeldHasherOptions = {
  /** Like UV_THREADPOOL_SIZE: hashes beyond this many wait in line. Unlimited when absent. */
  threads?: number;
};

/** `hold` picks the passwords whose hashing waits for the test; the others run straight through. */
export function heldHasher(hold: (password: string) => boolean, options: HeldHasherOptions = {}): HeldHasher {
  const inner = createPasswordHasher(testScryptCost);
  const threads = options.threads ?? Number.POSITIVE_INFINITY;
  const waiting: (() => void)[] = [];
  const line: (() => void)[] = [];
  const watchers: { done: () => boolean; resolve: () => void }[] = [];
  let started = 0;
  let underWay = 0;
  let onThreads = 0;
  let maxRunning = 0;
  let imitating = 0;

  function notify(): void {
    for (const watcher of watchers.filter((candidate) => candidate.done())) {
      watchers.splice(watchers.indexOf(watcher), 1);
      watcher.resolve();
    }
  }

  function until(done: () => boolean): Promise<void> {
    return new Promise((resolve) => {
      watchers.push({ done, resolve });
      notify();
    });
  }

  const holdIfChosen = (password: string) =>
    hold(password)
      ? new Promise<void>((resolve) => {
          waiting.push(resolve);
          notify();
        })
      : Promise.resolve();

  async function around<T>(password: string, work: () => Promise<T>, onThread = true): Promise<T> {
    started += 1;
    underWay += 1;
    if (onThread) maxRunning = Math.max(maxRunning, underWay - imitating);
    else imitating += 1;
    try {
      if (!onThread) {
        await holdIfChosen(password);
        return await work();
      }
      if (onThreads >= threads) {
        await new Promise<void>((resolve) => {
          line.push(resolve);
          notify();
        });
      }
      onThreads += 1;
      try {
        await holdIfChosen(password);
        return await work();
      } finally {
        onThreads -= 1;
        line.shift()?.();
      }
    } finally {
      underWay -= 1;
      if (!onThread) imitating -= 1;
      notify();
    }
  }

  return {
    hasher: {
      hash: (password) => around(password, () => inner.hash(password)),
      verify: (password, stored) => around(password, () => inner.verify(password, stored)),
      verifyAgainstNobody: (password) => around(password, () => inner.verifyAgainstNobody(password), false),
    },
    started: () => started,
    maxRunning: () => maxRunning,
    held: () => waiting.length,
    queued: () => line.length,
    whenHeld: (count) => until(() => waiting.length >= count),
    whenQueued: (count) => until(() => line.length >= count),
    releaseOne: () => waiting.shift()?.(),
    releaseAll: () => waiting.splice(0).forEach((release) => release()),
  };
}

/** Resolves once `count` of the promises have settled (fulfilled or rejected). */
export function whenSettled(promises: readonly Promise<unknown>[], count: number): Promise<void> {
  return new Promise((resolve) => {
    let settled = 0;
    const tick = () => {
      settled += 1;
      if (settled === count) resolve();
    };
    if (count <= 0) resolve();
    for (const promise of promises) promise.then(tick, tick);
  });
}
