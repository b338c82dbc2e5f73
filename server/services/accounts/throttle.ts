// Sliding-window throttling of failed sign-ins (per account and per IP address) and of registrations
// (per IP address). Events live in the database so every server instance counts the same attempts.
import type { Queryable } from '../../db/database.ts';
import { DomainError } from '../domain-error.ts';

export type ThrottleRule = { limit: number; windowMs: number };

export type ThrottleLimits = {
  loginPerAccount: ThrottleRule;
  loginPerIp: ThrottleRule;
  registerPerIp: ThrottleRule;
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
};

export type ThrottleScope = 'login_account' | 'login_ip' | 'register_ip';

/** Events older than this are deleted whatever their scope: no rule looks back further. */
const retentionMs = 24 * 60 * minute;

/** Seconds until one more attempt is allowed, or null when it is allowed now. */
export async function retryAfterSeconds(db: Queryable, scope: ThrottleScope, key: string, rule: ThrottleRule, now: Date): Promise<number | null> {
  const { rows } = await db.query<{ created_at: Date }>(
    `SELECT created_at FROM throttle_events
     WHERE scope = $1 AND key = $2 AND created_at > $3
     ORDER BY created_at DESC LIMIT $4`,
    [scope, key, new Date(now.getTime() - rule.windowMs), rule.limit],
  );
  const oldest = rows[rule.limit - 1];
  if (oldest === undefined) return null;
  const unlockAt = new Date(oldest.created_at).getTime() + rule.windowMs;
  return Math.max(1, Math.ceil((unlockAt - now.getTime()) / 1000));
}

export async function recordEvent(db: Queryable, scope: ThrottleScope, key: string, now: Date): Promise<void> {
  await db.query('INSERT INTO throttle_events (scope, key, created_at) VALUES ($1, $2, $3)', [scope, key, now]);
  await db.query('DELETE FROM throttle_events WHERE created_at < $1', [new Date(now.getTime() - retentionMs)]);
}

export async function clearEvents(db: Queryable, scope: ThrottleScope, key: string): Promise<void> {
  await db.query('DELETE FROM throttle_events WHERE scope = $1 AND key = $2', [scope, key]);
}

export function tooManyAttempts(seconds: number): DomainError {
  const minutes = Math.ceil(seconds / 60);
  const wait = seconds < 60 ? `${seconds} seconds` : `${minutes} minute${minutes === 1 ? '' : 's'}`;
  return new DomainError('too_many_attempts', `Too many attempts. Try again in ${wait}.`, { retryAfterSeconds: seconds });
}

/** Throws too_many_attempts when any of the checks is locked, with the longest wait of them. */
export async function assertNotThrottled(
  db: Queryable,
  checks: readonly { scope: ThrottleScope; key: string; rule: ThrottleRule }[],
  now: Date,
): Promise<void> {
  let wait = 0;
  for (const check of checks) {
    const seconds = await retryAfterSeconds(db, check.scope, check.key, check.rule, now);
    if (seconds !== null) wait = Math.max(wait, seconds);
  }
  if (wait > 0) throw tooManyAttempts(wait);
}
