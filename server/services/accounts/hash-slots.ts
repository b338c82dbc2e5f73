// A bound on password hashes running at once. scrypt runs on libuv's thread pool (4 threads unless
// UV_THREADPOOL_SIZE says otherwise), which file reads, compression and DNS share; unbounded, forty
// failing sign-ins queue there and a trader's own sign-in waits behind all of them (17 s was measured).
// So a hash that finds no free slot is not queued: the caller is told at once to come back shortly.
import { DomainError } from '../domain-error.ts';

export type HashSlots = {
  /** A release function when a slot was free, or null when every slot is taken. */
  tryAcquire(): (() => void) | null;
  /** Slots taken right now. */
  inUse(): number;
};

/**
 * Two of the pool's four threads: two hashes use ~256 MiB at the OWASP cost, and the other two threads
 * stay free for static files and compression.
 */
export const defaultHashConcurrency = 2;

/** What a saturated hasher answers; a hash lasts well under a second, so "one second" is honest. */
export const busyRetryAfterSeconds = 1;

export function serverBusy(): DomainError {
  return new DomainError('server_busy', 'The server is busy checking other passwords. Try again in a second.', {
    retryAfterSeconds: busyRetryAfterSeconds,
  });
}

export function createHashSlots(limit: number = defaultHashConcurrency): HashSlots {
  if (!Number.isInteger(limit) || limit < 1) throw new Error(`Hash concurrency must be a whole number of at least 1, got ${limit}`);
  let taken = 0;
  return {
    tryAcquire() {
      if (taken >= limit) return null;
      taken += 1;
      let released = false;
      return () => {
        // Idempotent, so a release in both a catch and a finally cannot free someone else's slot.
        if (released) return;
        released = true;
        taken -= 1;
      };
    },
    inUse: () => taken,
  };
}
