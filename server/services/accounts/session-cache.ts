// Signed-in sessions kept in this instance's memory for a few seconds (issue 37): every request read its
// session and user from the database, a round trip of every order. Kept only while this instance LISTENs on
// session_changes, where the database itself tells every instance of a session revoked, a password or
// profile changed or a user deleted (migration 049's triggers, at commit); a notice drops that user's
// sessions at once. Each instance answers a notice with an acknowledgement on the same channel, and a change
// made here (a sign-out, a password change) answers its client only once every listening instance has
// acknowledged it (at most a second), so the client's very next request is refused wherever it lands. The
// few seconds bound what a lost notice could cost, and a lost connection drops everything until it listens
// again. Only the session and the user are kept: never an account's funds, positions or orders.
import { createHash, randomBytes } from 'node:crypto';
import type { Database } from '../../db/database.ts';
import type { Clock } from '../clock.ts';
import type { ActiveSession } from './sessions.ts';

export const sessionChannel = 'session_changes';
/** How long a session read is trusted without a notice; revocations do not wait for it. */
export const sessionCacheMs = 3000;
const maxSessions = 10_000;
/** How long a change waits for the other instances' acknowledgements (they normally take a millisecond). */
const ackWaitMs = 1000;

type Kept = { session: ActiveSession; userId: number; readAtMs: number };
type AckWait = { from: Set<string>; check: () => void };

export function createSessionCache(db: Database, clock: Clock) {
  const instance = randomBytes(6).toString('hex');
  const kept = new Map<string, Kept>();
  const waits = new Map<number, Set<AckWait>>();
  let listening = false;
  // Moves on every notice and every change of `listening`: a read that began before one may be stale.
  let generation = 0;

  function forgetUser(userId: number): void {
    for (const [key, entry] of kept) if (entry.userId === userId) kept.delete(key);
  }

  function notice(payload: string): void {
    // `ack:<user>:<instance>`: an instance has forgotten the user's sessions.
    const ack = /^ack:(\d+):(\w+)$/.exec(payload);
    if (ack !== null) {
      for (const wait of waits.get(Number(ack[1])) ?? []) {
        wait.from.add(ack[2]!);
        wait.check();
      }
      return;
    }
    generation += 1;
    forgetUser(Number(payload));
    void db.query('SELECT pg_notify($1, $2)', [sessionChannel, `ack:${payload}:${instance}`]).catch(() => undefined);
  }

  /** Starts listening; the stop it answers ends it. Without a database that listens, nothing is kept. */
  async function listen(): Promise<() => Promise<void>> {
    if (db.listen === undefined) return async () => undefined;
    return db.listen(sessionChannel, {
      notice,
      listening: (now) => {
        generation += 1;
        listening = now;
        kept.clear();
      },
    });
  }

  const keyOf = (token: string) => createHash('sha256').update(token).digest('hex');

  /** The session of `token`, from memory when read in the last few seconds, else by `read` (and kept). */
  async function find(token: string, read: () => Promise<ActiveSession | null>): Promise<ActiveSession | null> {
    const key = keyOf(token);
    const nowMs = clock().getTime();
    const known = kept.get(key);
    if (known !== undefined) {
      if (nowMs - known.readAtMs < sessionCacheMs && nowMs < known.session.expiresAt.getTime()) return known.session;
      kept.delete(key);
    }
    const startedAt = generation;
    const session = await read();
    // A notice heard during the read may be about this very session: then the read is not kept.
    if (session !== null && listening && generation === startedAt) {
      if (kept.size >= maxSessions) kept.delete(kept.keys().next().value!);
      kept.set(key, { session, userId: session.record.user.id, readAtMs: nowMs });
    }
    return session;
  }

  /**
   * Runs `write`, a change to a user's sessions or profile (its triggers notify), and answers once every
   * instance listening has acknowledged the notice, or after a second (one gone quiet).
   */
  async function changing<T>(userId: number, write: () => Promise<T>): Promise<T> {
    forgetUser(userId);
    if (!listening || db.listeners === undefined) return write();
    let heard!: () => void;
    const acknowledged = new Promise<void>((resolve) => (heard = resolve));
    let expected = Number.POSITIVE_INFINITY;
    const wait: AckWait = { from: new Set(), check: () => wait.from.size >= expected && heard() };
    const userWaits = waits.get(userId) ?? new Set<AckWait>();
    userWaits.add(wait);
    waits.set(userId, userWaits);
    const timer = setTimeout(heard, ackWaitMs);
    try {
      expected = await db.listeners(sessionChannel);
      const result = await write();
      wait.check();
      await acknowledged;
      return result;
    } finally {
      clearTimeout(timer);
      userWaits.delete(wait);
      if (userWaits.size === 0 && waits.get(userId) === userWaits) waits.delete(userId);
      forgetUser(userId);
    }
  }

  return { listen, find, changing };
}

export type SessionCache = ReturnType<typeof createSessionCache>;
