// Sliding-window throttling of sign-ins and password checks (per account and per IP address), of
// registrations (per IP address) and of the paper broker's login form. Events live in the database so
// every server instance counts the same attempts.
//
// An attempt is *reserved* before the slow work it guards (a ~0.6 s password hash), not recorded after
// it: otherwise forty parallel guesses all pass a check that sees none of the others. The check and the
// reservation happen in one transaction under transaction-scoped advisory locks on the keys, so under
// PostgreSQL's READ COMMITTED two instances cannot both count four and both insert the fifth: the second
// waits for the first to commit, then counts again. The locks end with the transaction and cannot leak.
import { createHash } from 'node:crypto';
import type { Database, Queryable } from '../db/database.ts';
import { DomainError } from './domain-error.ts';

export type ThrottleRule = { limit: number; windowMs: number };

export type ThrottleLimits = {
  loginPerAccount: ThrottleRule;
  loginPerIp: ThrottleRule;
  registerPerIp: ThrottleRule;
  /** The paper broker's login form: Client IDs that match nothing, per api_key and per address. */
  brokerLoginFailuresPerKey: ThrottleRule;
  brokerLoginFailuresPerIp: ThrottleRule;
  /** request_tokens it issues, per account (api_key and Client ID) and per address. */
  brokerLoginTokensPerAccount: ThrottleRule;
  brokerLoginTokensPerIp: ThrottleRule;
};

const minute = 60_000;

export const defaultThrottleLimits: ThrottleLimits = {
  // Five wrong passwords lock the account for the rest of the 15 minutes.
  loginPerAccount: { limit: 5, windowMs: 15 * minute },
  // Enough for an office behind one address; far too few to guess passwords across accounts.
  loginPerIp: { limit: 20, windowMs: 15 * minute },
  // Each registration costs a deliberately slow hash: this bounds the CPU one address can take, yet
  // leaves room for a classroom, an office or a browser test suite behind one address.
  registerPerIp: { limit: 100, windowMs: 60 * minute },
  // An api_key travels in URLs: ten wrong Client IDs are enough for a typo, too few to try them all.
  brokerLoginFailuresPerKey: { limit: 10, windowMs: 15 * minute },
  brokerLoginFailuresPerIp: { limit: 20, windowMs: 15 * minute },
  // A trader logs in to the broker once a day; ten tokens in 15 minutes is generous, thirty an office.
  brokerLoginTokensPerAccount: { limit: 10, windowMs: 15 * minute },
  brokerLoginTokensPerIp: { limit: 30, windowMs: 15 * minute },
};

export type ThrottleScope =
  | 'login_account'
  | 'login_ip'
  | 'register_ip'
  | 'broker_login_failed_key'
  | 'broker_login_failed_ip'
  | 'broker_login_token_account'
  | 'broker_login_token_ip';

export type ThrottleCheck = { scope: ThrottleScope; key: string; rule: ThrottleRule };

/** The events written for a reserved attempt, so they can be given back. */
export type Reservation = { eventIds: string[] };

/** Events older than this are deleted whatever their scope: no rule looks back further. */
const retentionMs = 24 * 60 * minute;

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

/** Seconds until one more attempt is allowed, or null when it is allowed now. */
export async function retryAfterSeconds(db: Queryable, check: ThrottleCheck, now: Date): Promise<number | null> {
  const { rule } = check;
  const { rows } = await db.query<{ created_at: Date }>(
    `SELECT created_at FROM throttle_events
     WHERE scope = $1 AND key = $2 AND created_at > $3
     ORDER BY created_at DESC LIMIT $4`,
    [check.scope, check.key, new Date(now.getTime() - rule.windowMs), rule.limit],
  );
  const oldest = rows[rule.limit - 1];
  if (oldest === undefined) return null;
  const unlockAt = new Date(oldest.created_at).getTime() + rule.windowMs;
  return Math.max(1, Math.ceil((unlockAt - now.getTime()) / 1000));
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
 * Counts one attempt against every check, or throws too_many_attempts (writing nothing) when any is at
 * its limit. The caller keeps the reservation as the attempt's record, or gives it back.
 */
export async function reserveAttempt(db: Database, checks: readonly ThrottleCheck[], now: Date): Promise<Reservation> {
  return db.transaction(async (tx) => {
    await lockThrottleKeys(tx, checks);
    const wait = await throttledFor(tx, checks, now);
    if (wait !== null) throw tooManyAttempts(wait);
    return insertEvents(tx, checks, now);
  });
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
  const minutes = Math.ceil(seconds / 60);
  const wait = seconds < 60 ? `${seconds} seconds` : `${minutes} minute${minutes === 1 ? '' : 's'}`;
  return new DomainError('too_many_attempts', `Too many attempts. Try again in ${wait}.`, { retryAfterSeconds: seconds });
}
