// A password hasher the test controls: it wraps the real (cheap) one, counts every hash it runs and the
// most that ran at once, and holds the ones the test chooses until the test releases them. Parallel
// sign-ins then overlap for certain, not by timing luck.
import { createPasswordHasher, type PasswordHasher } from '../../../server/services/accounts/passwords.ts';
import { testScryptCost } from './test-server.ts';

export type HeldHasher = {
  hasher: PasswordHasher;
  /** Hashes started (verifications, verifications against nobody, and new hashes). */
  started: () => number;
  /** The most hashes that ran at the same time. */
  maxRunning: () => number;
  /** Hashes waiting for the test to release them. */
  held: () => number;
  /** Resolves once `count` hashes are held at the same time. */
  whenHeld: (count: number) => Promise<void>;
  /** Lets the oldest held hash (or all of them) finish. */
  releaseOne: () => void;
  releaseAll: () => void;
};

/** `hold` picks the passwords whose hashing waits for the test; the others run straight through. */
export function heldHasher(hold: (password: string) => boolean): HeldHasher {
  const inner = createPasswordHasher(testScryptCost);
  const waiting: (() => void)[] = [];
  const watchers: { count: number; resolve: () => void }[] = [];
  let started = 0;
  let running = 0;
  let maxRunning = 0;

  function notify(): void {
    for (const watcher of [...watchers]) {
      if (waiting.length >= watcher.count) {
        watchers.splice(watchers.indexOf(watcher), 1);
        watcher.resolve();
      }
    }
  }

  async function around<T>(password: string, work: () => Promise<T>): Promise<T> {
    started += 1;
    running += 1;
    maxRunning = Math.max(maxRunning, running);
    try {
      if (hold(password)) {
        await new Promise<void>((resolve) => {
          waiting.push(resolve);
          notify();
        });
      }
      return await work();
    } finally {
      running -= 1;
    }
  }

  return {
    hasher: {
      hash: (password) => around(password, () => inner.hash(password)),
      verify: (password, stored) => around(password, () => inner.verify(password, stored)),
      verifyAgainstNobody: (password) => around(password, () => inner.verifyAgainstNobody(password)),
    },
    started: () => started,
    maxRunning: () => maxRunning,
    held: () => waiting.length,
    whenHeld: (count) =>
      new Promise<void>((resolve) => {
        watchers.push({ count, resolve });
        notify();
      }),
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
