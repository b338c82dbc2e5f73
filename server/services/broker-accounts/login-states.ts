// The `state` of a broker login link: 32 random bytes, unguessable, bound to the trader and the account, good
// once and for ten minutes, stored as SHA-256 only (migration 043). The return address the link named is kept
// with it: a broker exchanges its code only with that same address, and the PWA cannot change it afterwards.
import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../../db/database.ts';

const lifetimeMs = 10 * 60_000;

const hashOf = (state: string) => createHash('sha256').update(state).digest('hex');

export type LoginStateOwner = { userId: number; accountId: number };

/** A new state for the account's login link; the account's spent and expired ones are dropped meanwhile. */
export async function issueLoginState(q: Queryable, owner: LoginStateOwner, redirectUri: string, now: Date): Promise<string> {
  const state = randomBytes(32).toString('base64url');
  await q.query('DELETE FROM broker_login_states WHERE broker_account_id = $1 AND (used_at IS NOT NULL OR expires_at <= $2)', [owner.accountId, now]);
  await q.query(
    `INSERT INTO broker_login_states (state_hash, user_id, broker_account_id, redirect_uri, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [hashOf(state), owner.userId, owner.accountId, redirectUri, now, new Date(now.getTime() + lifetimeMs)],
  );
  return state;
}

/**
 * Uses the state up (one statement, so two racing logins cannot both win) and answers the return address its
 * link named; null when it is unknown, another trader's or account's, used, or expired.
 */
export async function consumeLoginState(q: Queryable, owner: LoginStateOwner, state: string, now: Date): Promise<string | null> {
  const { rows } = await q.query<{ redirect_uri: string }>(
    `UPDATE broker_login_states SET used_at = $4
     WHERE state_hash = $1 AND user_id = $2 AND broker_account_id = $3 AND used_at IS NULL AND expires_at > $4
     RETURNING redirect_uri`,
    [hashOf(state), owner.userId, owner.accountId, now],
  );
  return rows[0]?.redirect_uri ?? null;
}

/**
 * For a broker whose redirect cannot carry the state (Dhan): uses up the newest state this trader's login link of
 * this account issued and answers its return address; null when there is none unused and unexpired. One
 * statement with the state's own check again, so two racing logins cannot both win it.
 */
export async function consumeOutstandingLoginState(q: Queryable, owner: LoginStateOwner, now: Date): Promise<string | null> {
  const { rows } = await q.query<{ redirect_uri: string }>(
    `UPDATE broker_login_states SET used_at = $3
     WHERE used_at IS NULL AND state_hash = (
       SELECT state_hash FROM broker_login_states
       WHERE user_id = $1 AND broker_account_id = $2 AND used_at IS NULL AND expires_at > $3
       ORDER BY created_at DESC LIMIT 1
     )
     RETURNING redirect_uri`,
    [owner.userId, owner.accountId, now],
  );
  return rows[0]?.redirect_uri ?? null;
}
