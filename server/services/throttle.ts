// Sliding-window throttling of sign-ins and password checks, of registrations and of the paper broker's
// login form (throttle-limits.ts lists the limits and whose attempts each one counts). Events live in the
// database so every server instance counts the same attempts.
//
// An attempt is *reserved* before the slow work it guards (a ~0.6 s password hash), not recorded after
// it: otherwise forty parallel guesses all pass a check that sees none of the others. The check and the
// reservation happen in one transaction under transaction-scoped advisory locks on the keys, so under
// PostgreSQL's READ COMMITTED two instances cannot both count four and both insert the fifth: the second
// waits for the first to commit, then counts again. The locks end with the transaction and cannot leak.
import { createHash } from 'node:crypto';
import type { Database, Queryable } from '../db/database.ts';
import { DomainError } from './domain-error.ts';
import { throttleTexts } from './texts/throttle-texts.ts';

/** At most `limit` events in any `windowMs`: then nothing passes until the oldest leaves the window. */
export type LimitRule = { limit: number; windowMs: number };

/**
 * Slows, never locks: `free` events in `windowMs` pass at once; after them each attempt must come at
 * least `firstDelayMs` after the previous event, the interval doubling with every further event up to
 * `maxDelayMs`. Whoever keeps guessing gets one try per `maxDelayMs`; whoever stops waits at most that.
 */
export type SlowingRule = { free: number; windowMs: number; firstDelayMs: number; maxDelayMs: number };

export type ThrottleRule = LimitRule | SlowingRule;

const isSlowing = (rule: ThrottleRule): rule is SlowingRule => 'free' in rule;

/** How many events in the window engage the rule (lock it, or start slowing). */
export function engagesAt(rule: ThrottleRule): number {
  return isSlowing(rule) ? rule.free : rule.limit;
}

export type ThrottleScope =
  | 'login_account'
  | 'login_device'
  | 'login_ip'
  | 'login_network'
  | 'password_change_session'
  | 'register_ip'
  | 'broker_login_failed_key'
  | 'broker_login_failed_device'
  | 'broker_login_failed_ip'
  | 'broker_login_failed_network'
  | 'broker_login_token_account'
  | 'broker_login_token_ip'
  | 'webhook_token'
  | 'postback_client';

export type ThrottleCheck = { scope: ThrottleScope; key: string; rule: ThrottleRule };

/** The events written for a reserved attempt, so they can be given back. */
export type Reservation = { eventIds: string[] };

/** Events older than this are deleted whatever their scope: no rule looks back further. */
const retentionMs = 24 * 60 * 60_000;

/** The advisory-lock namespace of throttle keys (the two-int form never meets the migrations' one-bigint lock). */
const lockSpace = 7_301_202;

function lockId(scope: ThrottleScope, key: string): number {
  return createHash('sha256').update(`${scope}\u0000${key}`).digest().readInt32BE(0);
}

/**
 * Takes the checks' locks for the rest of the transaction, always in ascending order so two
 * transactions locking the same keys cannot deadlock. Two keys sharing a hash only wait for each other.
 */
export async function lockThrottleKeys(tx: Queryable, checks: readonly Omit<ThrottleCheck, 'rule'>[]): Promise<void> {
  const ids = [...new Set(checks.map((check) => lockId(check.scope, check.key)))].sort((a, b) => a - b);
  for (const id of ids) await tx.query('SELECT pg_advisory_xact_lock($1::int, $2::int)', [lockSpace, id]);
}

/** The moment one more attempt is allowed (epoch ms), or null when nothing holds it back. */
async function allowedAt(db: Queryable, { scope, key, rule }: ThrottleCheck, now: Date): Promise<number | null> {
  const since = new Date(now.getTime() - rule.windowMs);
  if (isSlowing(rule)) {
    const { rows } = await db.query<{ events: number; latest: Date | null }>(
      'SELECT count(*)::int AS events, max(created_at) AS latest FROM throttle_events WHERE scope = $1 AND key = $2 AND created_at > $3',
      [scope, key, since],
    );
    const { events = 0, latest = null } = rows[0] ?? {};
    if (events < rule.free || latest === null) return null;
    return new Date(latest).getTime() + Math.min(rule.maxDelayMs, rule.firstDelayMs * 2 ** (events - rule.free));
  }
  const { rows } = await db.query<{ created_at: Date }>(
    `SELECT created_at FROM throttle_events
     WHERE scope = $1 AND key = $2 AND created_at > $3
     ORDER BY created_at DESC LIMIT $4`,
    [scope, key, since, rule.limit],
  );
  const oldest = rows[rule.limit - 1];
  return oldest === undefined ? null : new Date(oldest.created_at).getTime() + rule.windowMs;
}

/** Seconds until one more attempt is allowed, or null when it is allowed now. */
export async function retryAfterSeconds(db: Queryable, check: ThrottleCheck, now: Date): Promise<number | null> {
  const at = await allowedAt(db, check, now);
  if (at === null || at <= now.getTime()) return null;
  return Math.max(1, Math.ceil((at - now.getTime()) / 1000));
}

/** The longest wait of the checks, or null when none is at its limit. Call it under lockThrottleKeys. */
export async function throttledFor(tx: Queryable, checks: readonly ThrottleCheck[], now: Date): Promise<number | null> {
  let wait: number | null = null;
  for (const check of checks) {
    const seconds = await retryAfterSeconds(tx, check, now);
    if (seconds !== null) wait = Math.max(wait ?? 0, seconds);
  }
  return wait;
}

/** Events in the rule's window, reserved attempts included. */
export async function eventsInWindow(db: Queryable, { scope, key, rule }: ThrottleCheck, now: Date): Promise<number> {
  const { rows } = await db.query<{ events: number }>(
    'SELECT count(*)::int AS events FROM throttle_events WHERE scope = $1 AND key = $2 AND created_at > $3',
    [scope, key, new Date(now.getTime() - rule.windowMs)],
  );
  return rows[0]?.events ?? 0;
}

/**
 * When an engaged rule stopped holding: the moment the event that engaged it (the `engagesAt`-th most
 * recent) left the window. Null when that event is no longer kept (events are deleted after a day).
 */
export async function disengagedAt(db: Queryable, { scope, key, rule }: ThrottleCheck): Promise<Date | null> {
  const { rows } = await db.query<{ created_at: Date }>(
    'SELECT created_at FROM throttle_events WHERE scope = $1 AND key = $2 ORDER BY created_at DESC OFFSET $3 LIMIT 1',
    [scope, key, engagesAt(rule) - 1],
  );
  return rows[0] === undefined ? null : new Date(new Date(rows[0].created_at).getTime() + rule.windowMs);
}

/** Writes one event per check (and deletes events no rule looks at any more). */
export async function insertEvents(tx: Queryable, checks: readonly Omit<ThrottleCheck, 'rule'>[], now: Date): Promise<Reservation> {
  const eventIds: string[] = [];
  for (const check of checks) {
    const { rows } = await tx.query<{ id: string }>('INSERT INTO throttle_events (scope, key, created_at) VALUES ($1, $2, $3) RETURNING id::text', [
      check.scope,
      check.key,
      now,
    ]);
    if (rows[0] !== undefined) eventIds.push(rows[0].id);
  }
  // Housekeeping that never waits: rows another transaction is deleting are skipped, so two of these
  // running together under the keys' locks cannot deadlock over the same old rows.
  await tx.query(
    `DELETE FROM throttle_events WHERE id IN (
       SELECT id FROM throttle_events WHERE created_at < $1 LIMIT 1000 FOR UPDATE SKIP LOCKED)`,
    [new Date(now.getTime() - retentionMs)],
  );
  return { eventIds };
}

/**
 * Counts one attempt against every check, or throws too_many_attempts when any is at its limit. A
 * refused attempt writes nothing, except against `refusalsCountAgainst` (the guesser's own address):
 * polling an account that is being slowed, to be first when it may be tried again, costs the poller.
 * The caller keeps the reservation as the attempt's record, or gives it back.
 */
export async function reserveAttempt(
  db: Database,
  checks: readonly ThrottleCheck[],
  now: Date,
  refusalsCountAgainst: readonly ThrottleCheck[] = [],
): Promise<Reservation> {
  const outcome = await db.transaction(async (tx) => {
    await lockThrottleKeys(tx, [...checks, ...refusalsCountAgainst]);
    const wait = await throttledFor(tx, checks, now);
    if (wait === null) return insertEvents(tx, checks, now);
    await insertEvents(tx, refusalsCountAgainst, now);
    return wait;
  });
  if (typeof outcome === 'number') throw tooManyAttempts(outcome);
  return outcome;
}

/** Gives a reservation back: the attempt it stood for does not count (it succeeded, or never ran). */
export async function releaseReservation(db: Queryable, reservation: Reservation): Promise<void> {
  if (reservation.eventIds.length === 0) return;
  await db.query('DELETE FROM throttle_events WHERE id = ANY($1::bigint[])', [reservation.eventIds]);
}

export async function clearEvents(db: Queryable, scope: ThrottleScope, key: string): Promise<void> {
  await db.query('DELETE FROM throttle_events WHERE scope = $1 AND key = $2', [scope, key]);
}

export function tooManyAttempts(seconds: number): DomainError {
  return DomainError.said('too_many_attempts', throttleTexts.tooManyAttempts(seconds), { retryAfterSeconds: seconds });
}
