// A bound on password hashes running at once, and a short, fair line in front of it. scrypt runs on
// libuv's thread pool (4 threads unless UV_THREADPOOL_SIZE says otherwise), which file reads,
// compression and DNS share: unbounded, forty failing sign-ins queued there and a trader's own sign-in
// waited behind all of them (17 s measured). Refusing every hash that found no free slot (503 at once)
// was no better under a flood from many addresses: the flood kept the slots busy and a trader honouring
// Retry-After needed 10-37 s and up to 34 tries. So a hash that finds no free slot waits in line:
//  - known devices go first (a sign-in with the account's device token, a signed-in user changing their
//    password), then sign-ins at a quiet account (no failure in its window), then the rest (guesses at
//    accounts under attack, registrations), which may never hold the last free slot: with two slots, a
//    trader never waits behind an attacker's hash, and an attacker needs a fresh email for every guess
//    that goes before a trader;
//  - one address, and one network (IPv4 /24, IPv6 /64), may hold only a few places, running or waiting,
//    so a single network cannot fill the line (known devices are exempt: a mobile carrier's shared
//    address must not let a stranger behind it crowd the owner out);
//  - the line is short and a place is kept at most `maxWaitMs`: beyond that the server is truly
//    saturated and answers 503 with Retry-After, as before;
//  - an unknown email's imitation of a hash (passwords.ts) waits in line like a hash and is refused
//    where a hash would be, but when its turn comes it passes the slot straight on, and it is not
//    counted in the line's length: a flood of made-up emails neither fills the line nor holds a slot,
//    nor answers differently from real sign-ins.
import { DomainError } from '../domain-error.ts';
import { throttleTexts } from '../texts/throttle-texts.ts';
import type { ClientAddress } from '../client-network.ts';

/** In the order served: a known device, a sign-in at an account with no recent failure, the rest. */
export type HashPriority = 'known' | 'quiet' | 'other';

const priorities: readonly HashPriority[] = ['known', 'quiet', 'other'];

export type HashClient = ClientAddress & { priority: HashPriority };

export type HashQueueLimits = {
  /** Hashes running at once. */
  slots: number;
  /** Places (running or waiting) one address, and one network, may hold; known devices are exempt. */
  perAddress: number;
  perNetwork: number;
  /** Places in line, for each priority. */
  maxWaiting: number;
  /** The longest a hash waits for a slot before the answer is 503. */
  maxWaitMs: number;
};

export type HashPass = {
  /** Waits its turn for a slot and returns its release; throws server_busy when the line is full or too slow. */
  slot(): Promise<() => void>;
  /**
   * Waits in line as `slot()` would, and fails when it would, but passes the slot straight on when its
   * turn comes and is not counted in the line's length: for work that only imitates a hash (an unknown
   * email's, passwords.ts), so that a flood of those neither fills the line nor answers differently.
   */
  turn(): Promise<void>;
  /** Gives the client's place back (idempotent). */
  leave(): void;
};

export type HashSlots = {
  /** A place for this client, or server_busy at once when its address or network holds too many. */
  enter(client: HashClient): HashPass;
  /** Slots taken right now, hashes waiting for one, and imitations waiting for their turn. */
  inUse(): number;
  waiting(): number;
  imitating(): number;
};

/** Starts a timer and returns its cancel; injected so tests decide when a wait runs out. */
export type StartTimer = (ms: number, fire: () => void) => () => void;

const systemTimer: StartTimer = (ms, fire) => {
  const timer = setTimeout(fire, ms);
  return () => clearTimeout(timer);
};

/**
 * Two of the pool's four threads: two hashes use ~256 MiB at the OWASP cost, and the other two threads
 * stay free for static files and compression.
 */
export const defaultHashConcurrency = 2;

/**
 * A hash lasts about half a second, so eight in line is two seconds of work for two slots: a trader
 * behind them still signs in within the two-second goal, and more would only wait to be refused. Three
 * places per address leave room for a small office behind one; five per network keep any one network
 * to half of the ten places.
 */
export const defaultHashQueueLimits: HashQueueLimits = { slots: defaultHashConcurrency, perAddress: 3, perNetwork: 5, maxWaiting: 8, maxWaitMs: 2000 };

/** What a saturated hasher answers; the line moves every half second, so "one second" is honest. */
export const busyRetryAfterSeconds = 1;

export function serverBusy(): DomainError {
  return DomainError.said('server_busy', throttleTexts.serverBusy, {
    retryAfterSeconds: busyRetryAfterSeconds,
  });
}

/** Someone in line: `grant` hands it a slot (an imitation passes it straight on). */
type Waiter = { grant: () => void; imitation: boolean };

export function createHashSlots(options: Partial<HashQueueLimits> = {}, startTimer: StartTimer = systemTimer): HashSlots {
  const limits = { ...defaultHashQueueLimits, ...options };
  if (!Number.isInteger(limits.slots) || limits.slots < 1) throw new Error(`Hash concurrency must be a whole number of at least 1, got ${limits.slots}`);
  // The rest may hold every slot but one, so a trader always finds one; with a single slot, they share it.
  const slotsForTheRest = Math.max(1, limits.slots - 1);
  let taken = 0;
  let takenByTheRest = 0;
  const lines: Record<HashPriority, Waiter[]> = { known: [], quiet: [], other: [] };
  const places = new Map<string, number>();
  const count = (key: string, change: number) => {
    const next = (places.get(key) ?? 0) + change;
    if (next === 0) places.delete(key);
    else places.set(key, next);
  };
  const mayTake = (priority: HashPriority) => taken < limits.slots && (priority !== 'other' || takenByTheRest < slotsForTheRest);
  const realWaiting = (priority: HashPriority) => lines[priority].filter((waiter) => !waiter.imitation).length;

  function take(priority: HashPriority): () => void {
    taken += 1;
    if (priority === 'other') takenByTheRest += 1;
    let released = false;
    // Idempotent, so a release in both a catch and a finally cannot free someone else's slot.
    return () => {
      if (released) return;
      released = true;
      taken -= 1;
      if (priority === 'other') takenByTheRest -= 1;
      serveNext();
    };
  }

  /** Hands free slots to the first in line who may take one; imitations pass theirs straight on. */
  function serveNext(): void {
    for (;;) {
      const priority = priorities.find((each) => lines[each].length > 0 && mayTake(each));
      const next = priority === undefined ? undefined : lines[priority].shift();
      if (next === undefined) return;
      next.grant();
    }
  }

  /** Waits in line for a slot (an imitation: for its turn), refused at once when the line is full and after maxWaitMs otherwise. */
  function wait<T>(priority: HashPriority, imitation: boolean, granted: () => T): Promise<T> {
    if (mayTake(priority)) return Promise.resolve(granted());
    if (realWaiting(priority) >= limits.maxWaiting) return Promise.reject(serverBusy());
    const line = lines[priority];
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        imitation,
        grant: () => {
          cancelTimer();
          resolve(granted());
        },
      };
      const cancelTimer = startTimer(limits.maxWaitMs, () => {
        line.splice(line.indexOf(waiter), 1);
        reject(serverBusy());
      });
      line.push(waiter);
    });
  }

  return {
    enter(client) {
      const counted = client.priority !== 'known';
      const address = `a ${client.ip}`;
      const network = `n ${client.network}`;
      if (counted && ((places.get(address) ?? 0) >= limits.perAddress || (places.get(network) ?? 0) >= limits.perNetwork)) throw serverBusy();
      if (counted) {
        count(address, 1);
        count(network, 1);
      }
      let left = false;
      return {
        slot: () => wait(client.priority, false, () => take(client.priority)),
        turn: () => wait(client.priority, true, () => undefined),
        leave() {
          if (left || !counted) return;
          left = true;
          count(address, -1);
          count(network, -1);
        },
      };
    },
    inUse: () => taken,
    waiting: () => priorities.reduce((sum, priority) => sum + realWaiting(priority), 0),
    imitating: () => priorities.reduce((sum, priority) => sum + lines[priority].length - realWaiting(priority), 0),
  };
}
