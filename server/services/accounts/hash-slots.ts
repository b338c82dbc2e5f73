// A bound on password hashes running at once, and a short, fair line in front of it. scrypt runs on
// libuv's thread pool (4 threads unless UV_THREADPOOL_SIZE says otherwise), which file reads,
// compression and DNS share: unbounded, forty failing sign-ins queued there and a trader's own sign-in
// waited behind all of them (17 s measured). Refusing every hash that found no free slot (503 at once)
// was no better under a flood from many addresses: the flood kept the slots busy and a trader honouring
// Retry-After needed 10-37 s and up to 34 tries. So a hash that finds no free slot waits in line:
//  - known devices go first (a sign-in with the account's device token, a signed-in user changing their
//    password): a flood of strangers delays them by at most the hashes already running; then sign-ins
//    at a quiet account (no failure in its window), then the rest (guesses at accounts under attack,
//    registrations): an attacker must know a fresh email for every guess that goes before a trader;
//  - one address, and one network (IPv4 /24, IPv6 /64), may hold only a few places, running or waiting,
//    so a single network cannot fill the line (known devices are exempt: a mobile carrier's shared
//    address must not let a stranger behind it crowd the owner out);
//  - the line is short and a place is kept at most `maxWaitMs`: beyond that the server is truly
//    saturated and answers 503 with Retry-After, as before;
//  - an unknown email's imitation of a hash (passwords.ts) takes no slot and no place: it waits as
//    long as a real hash arriving with it would (the slots freed before its turn) and is refused where
//    that one would be, so a flood of made-up emails neither fills the line nor answers differently.
import { DomainError } from '../domain-error.ts';
import type { ClientAddress } from '../client-network.ts';

/** In the order served: a known device, a sign-in at an account with no recent failure, the rest. */
export type HashPriority = 'known' | 'quiet' | 'other';

const priorities: readonly HashPriority[] = ['known', 'quiet', 'other'];
const rank = (priority: HashPriority) => priorities.indexOf(priority);

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
   * Waits as long as `slot()` would, and fails when it would, but takes no slot and no place in line:
   * for work that only imitates a hash (an unknown email's, passwords.ts), so that a flood of those
   * neither fills the line nor answers differently from real sign-ins.
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
  return new DomainError('server_busy', 'The server is busy checking other passwords. Try again in a second.', {
    retryAfterSeconds: busyRetryAfterSeconds,
  });
}

type Waiter = { grant: () => void };

/** An imitation's turn: due after `releases` more slots are freed, as a real hash in its place would be. */
type Phantom = { priority: HashPriority; releases: number; due: () => void };

export function createHashSlots(options: Partial<HashQueueLimits> = {}, startTimer: StartTimer = systemTimer): HashSlots {
  const limits = { ...defaultHashQueueLimits, ...options };
  if (!Number.isInteger(limits.slots) || limits.slots < 1) throw new Error(`Hash concurrency must be a whole number of at least 1, got ${limits.slots}`);
  let taken = 0;
  const lines: Record<HashPriority, Waiter[]> = { known: [], quiet: [], other: [] };
  const first = () => priorities.map((priority) => lines[priority]).find((line) => line.length > 0)?.shift();
  let phantoms: Phantom[] = [];
  const places = new Map<string, number>();
  const count = (key: string, change: number) => {
    const next = (places.get(key) ?? 0) + change;
    if (next === 0) places.delete(key);
    else places.set(key, next);
  };

  function release(): () => void {
    let released = false;
    // Idempotent, so a release in both a catch and a finally cannot free someone else's slot.
    return () => {
      if (released) return;
      released = true;
      const next = first();
      if (next === undefined) taken -= 1;
      else next.grant();
      for (const phantom of phantoms) phantom.releases -= 1;
      const due = phantoms.filter((phantom) => phantom.releases <= 0);
      phantoms = phantoms.filter((phantom) => phantom.releases > 0);
      for (const phantom of due) phantom.due();
    };
  }

  /**
   * Joins a line (`join` returns how to leave it) and settles with what `done` is given, or refuses at
   * once when the line is full and after maxWaitMs otherwise: an imitation where a real hash would.
   */
  function bounded<T>(priority: HashPriority, join: (done: (value: T) => void) => () => void): Promise<T> {
    if (lines[priority].length >= limits.maxWaiting) return Promise.reject(serverBusy());
    return new Promise((resolve, reject) => {
      let cancelTimer: () => void = () => undefined;
      const leave = join((value) => {
        cancelTimer();
        resolve(value);
      });
      cancelTimer = startTimer(limits.maxWaitMs, () => {
        leave();
        reject(serverBusy());
      });
    });
  }

  function slot(priority: HashPriority): Promise<() => void> {
    if (taken < limits.slots) {
      taken += 1;
      return Promise.resolve(release());
    }
    return bounded<() => void>(priority, (done) => {
      const line = lines[priority];
      // The slot passes straight from the releaser to this waiter: `taken` stays the same.
      const waiter: Waiter = { grant: () => done(release()) };
      line.push(waiter);
      // Whoever joins now goes before every imitation of a lower priority still waiting.
      for (const phantom of phantoms) if (rank(phantom.priority) > rank(priority)) phantom.releases += 1;
      return () => line.splice(line.indexOf(waiter), 1);
    });
  }

  function turn(priority: HashPriority): Promise<void> {
    if (taken < limits.slots) return Promise.resolve();
    // A real hash would wait for everyone in line of its priority or a higher one.
    const ahead = priorities.slice(0, rank(priority) + 1).reduce((sum, each) => sum + lines[each].length, 0);
    return bounded<void>(priority, (done) => {
      const phantom: Phantom = { priority, releases: ahead + 1, due: () => done() };
      phantoms.push(phantom);
      return () => {
        phantoms = phantoms.filter((other) => other !== phantom);
      };
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
        slot: () => slot(client.priority),
        turn: () => turn(client.priority),
        leave() {
          if (left || !counted) return;
          left = true;
          count(address, -1);
          count(network, -1);
        },
      };
    },
    inUse: () => taken,
    waiting: () => priorities.reduce((sum, priority) => sum + lines[priority].length, 0),
    imitating: () => phantoms.length,
  };
}
