// One answer per Idempotency-Key (ARCHITECTURE.md, "Order safety"), with the broker called outside any
// transaction ("A real broker is never called inside a database transaction"). A key lives in three steps:
//   claim     in the caller's short gate transaction: the row inserted `running`, with the account, the tag
//             the intent's orders carry and when it was claimed;
//   the call  outside any transaction (order-pipeline.ts, kill-switch-service.ts);
//   complete  the answer stored on the row; or release: the row deleted when the call was refused (nothing
//             was placed, so the same key may be tried again).
// A second request with the key finds the stored answer (same body), 422 (another body), or the key still
// running: 409 while the claim is younger than its lease, else the claim was left by a crash or a lost
// answer, and the request takes it over to reconcile it (the tag looked up at the broker before anything is
// placed). Taking over is a compare-and-set on claimed_at under the row's lock, so two retries cannot both win.
//
// A request that ended with "outcome unknown" says so on the key (unknown-outcome-claims.ts): a retry within
// its lease then takes the claim over `early`, and gives it back (409) unless the broker's book shows its orders.
//
// A paced intent (paced-intent.ts) holds its key over several broker calls, one a second: the key keeps its
// plan and progress, each step takes the claim again before its call (claimed_at: its lease starts over) and
// says when it ended (paced_at). Between two steps the holder only waits for the next second, so once no
// step has ended for `pacingStalledMs` while none is in its call, the holder is gone and a retry takes over,
// without waiting out a whole lease.
import { createHash } from 'node:crypto';
import { sqlStateOf, type Database, type Queryable } from '../../db/database.ts';
import type { Clock } from '../clock.ts';
import { DomainError } from '../domain-error.ts';
import { refusalTexts } from '../texts/refusal-texts.ts';
import type { SendsRecord } from './order-rate.ts';

export const idempotencyLifetimeMs = 24 * 60 * 60 * 1000;
/** How long a claim is its request's own: longer than any broker call may take (a live broker's time-out is shorter). */
export const claimLeaseMs = 30_000;
/** A paced intent between two steps (its holder waits a second at most) with no step ended for this long is no longer running anywhere. */
export const pacingStalledMs = 10_000;

export type StoredAnswer = { status: number; body: unknown; replayed: boolean };

/** A key this request holds: its orders' tag, when the intent was first claimed, and when this claim was taken. */
export type Claim = { userId: number; key: string; tag: string; createdAt: Date; claimedAt: Date };

/** How far a paced intent got: its plan (null until stored) and how many of its orders were handed to the broker or refused. */
export type Progress = { plan: unknown; progress: number };

/**
 * `reconcile`: the claim was taken over from a request that never finished; its tag may already have orders.
 * `early`: taken over within the lease from a request that ended with "outcome unknown": the claimed_at to give
 * back (giveBack) when the broker's book shows none of the orders that request sent.
 */
export type ClaimOutcome = { stored: StoredAnswer } | ({ claim: Claim; reconcile: boolean; early?: Date } & Progress);

/** The same operation and body, whatever the order of the body's keys, hash the same. */
export function requestHash(operation: string, body: unknown): string {
  const canonical = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(canonical);
    if (value !== null && typeof value === 'object') {
      return Object.fromEntries(Object.keys(value).sort().map((key) => [key, canonical((value as Record<string, unknown>)[key])]));
    }
    return value;
  };
  return createHash('sha256').update(`${operation}\n${JSON.stringify(canonical(body))}`).digest('hex');
}

/**
 * The orders' tag for a key, so a client that lost the answer finds its orders in the book: the key itself
 * when it fits Kite's tag (1–20 of A–Z a–z 0–9 _ -), else "k" and 19 characters of its SHA-256 (base64url).
 */
export function tagOfKey(key: string): string {
  if (/^[A-Za-z0-9_-]{1,20}$/.test(key)) return key;
  return `k${createHash('sha256').update(key).digest('base64url').slice(0, 19)}`;
}

type KeyRow = {
  request_hash: string;
  status: 'running' | 'completed';
  response_status: number | null;
  response_body: unknown;
  created_at: Date;
  expires_at: Date;
  tag: string | null;
  claimed_at: Date | null;
  plan: unknown;
  progress: number;
  paced_at: Date | null;
  unknown_at: Date | null;
};

/** Whether the key's holder may still be at work: within its lease in a call, or a paced intent recently between two steps. */
function heldAt(row: KeyRow, now: Date): boolean {
  const claimedAt = new Date(row.claimed_at ?? row.created_at).getTime();
  const pacedAt = row.paced_at === null ? null : new Date(row.paced_at).getTime();
  if (pacedAt !== null && pacedAt >= claimedAt) return now.getTime() - pacedAt < pacingStalledMs;
  return now.getTime() - claimedAt < claimLeaseMs;
}

/** A step's sends (order-rate.ts sendsRecord) written by the statement that ends the step, their parameters from $`first`. */
const recordingSends = (sends: SendsRecord | null, first: number) => (sends === null ? '' : `WITH ${sends.ctes(first)}\n`);

/** What the answer's statement in a paced intent's only step raises when the key was taken over (migration 068). */
const keyNotHeld = 'SD409';

export const inProgress = () =>
  DomainError.said('idempotency_in_progress', refusalTexts.idempotencyInProgress, {
    retryAfterSeconds: 1,
  });

/** The key's row, running, unless the key has one already (then false): user, key, hash, now, expiry, account, tag. */
async function insertClaim(q: Queryable, values: readonly unknown[]): Promise<boolean> {
  const { rows } = await q.query(
    `INSERT INTO idempotency_keys (user_id, key, request_hash, status, created_at, expires_at, broker_account_id, tag, claimed_at)
     VALUES ($1, $2, $3, 'running', $4, $5, $6, $7, $4) ON CONFLICT (user_id, key) DO NOTHING RETURNING 1`,
    values,
  );
  return rows.length > 0;
}

export function createIdempotency({ db, clock }: { db: Database; clock: Clock }) {
  /**
   * Claims the key inside the gate transaction `tx` for an intent whose orders will carry `tag`, or answers
   * the stored answer when the key already has one for this body. Refusals (409, 422) throw.
   */
  async function claim(tx: Queryable, userId: number, key: string, hash: string, { accountId, tag }: { accountId: number | null; tag: string }): Promise<ClaimOutcome> {
    const now = clock();
    const values = [userId, key, hash, now, new Date(now.getTime() + idempotencyLifetimeMs), accountId, tag];
    const fresh = (): ClaimOutcome => ({ claim: { userId, key, tag, createdAt: now, claimedAt: now }, reconcile: false, plan: null, progress: 0 });
    // A concurrent first request's uncommitted row makes this wait for its (short) gate transaction.
    if (await insertClaim(tx, values)) return fresh();
    const { rows } = await tx.query<KeyRow>(
      `SELECT request_hash, status, response_status, response_body, created_at, expires_at, tag, claimed_at, plan, progress, paced_at, unknown_at FROM idempotency_keys
       WHERE user_id = $1 AND key = $2 FOR UPDATE`,
      [userId, key],
    );
    const row = rows[0]!;
    // Expired, or a claim without a tag (committed by a server before claims had one): the key is free.
    if (new Date(row.expires_at).getTime() <= now.getTime() || (row.status === 'running' && row.tag === null)) {
      await tx.query(
        `UPDATE idempotency_keys SET request_hash = $3, status = 'running', response_status = NULL, response_body = NULL, created_at = $4, expires_at = $5,
           broker_account_id = $6, tag = $7, claimed_at = $4, plan = NULL, progress = 0, paced_at = NULL, unknown_at = NULL
         WHERE user_id = $1 AND key = $2`,
        values,
      );
      return fresh();
    }
    if (row.request_hash !== hash) {
      throw DomainError.said('idempotency_key_reused', refusalTexts.idempotencyKeyReused);
    }
    if (row.status === 'completed') return { stored: { status: Number(row.response_status), body: row.response_body, replayed: true } };
    const held = heldAt(row, now);
    const claimedAt = new Date(row.claimed_at ?? row.created_at);
    // Within the lease only from a holder that is gone with its outcome unknown (unknown_at: at or after its claim).
    const gone = row.unknown_at !== null && new Date(row.unknown_at).getTime() >= claimedAt.getTime();
    if (held && !gone) throw inProgress();
    await tx.query(`UPDATE idempotency_keys SET claimed_at = $3 WHERE user_id = $1 AND key = $2`, [userId, key, now]);
    const claim = { userId, key, tag: row.tag!, createdAt: new Date(row.created_at), claimedAt: now };
    return { claim, reconcile: true, ...(held ? { early: claimedAt } : {}), plan: row.plan, progress: Number(row.progress) };
  }

  /**
   * A key never used, claimed in the one statement that reads what its intent needs (trading-accounts.ts:
   * the account, its broker and guards), with no transaction around it: the cheap way in for a paced intent,
   * whose first step reads the kill switch and the portfolio under the account's lock before anything goes
   * out (pacing-step.ts). `read`: a SELECT of at most one row, the account's `id` and whether a key may be
   * claimed for it (`claimable`), its parameters numbered from $7. Answers that row (if any) and the claim,
   * null when none was made: the key has a row already (claim() sorts that out in a transaction) or the row
   * was not claimable. `now`: the caller's reading of the clock, the one `claimable` was worked out at.
   * `q`: a transaction to claim in instead (the claim then commits or rolls back with it).
   */
  async function claimNewWith<Row>(
    now: Date,
    read: { sql: string; params: readonly unknown[] },
    { userId, key, hash, tag }: { userId: number; key: string; hash: string; tag: string },
    q: Queryable = db,
  ): Promise<{ row: Row | undefined; claimed: ClaimOutcome | null }> {
    const { rows } = await q.query<Row & { claimed: boolean }>(
      `WITH account AS (${read.sql}),
       claimed AS (
         INSERT INTO idempotency_keys (user_id, key, request_hash, status, created_at, expires_at, broker_account_id, tag, claimed_at)
         SELECT $1, $2, $3, 'running', $4, $5, id, $6, $4 FROM account WHERE claimable ON CONFLICT (user_id, key) DO NOTHING RETURNING 1
       )
       SELECT account.*, EXISTS (SELECT 1 FROM claimed) AS claimed FROM account`,
      [userId, key, hash, now, new Date(now.getTime() + idempotencyLifetimeMs), tag, ...read.params],
    );
    const row = rows[0];
    const claimed: ClaimOutcome | null = row?.claimed === true ? { claim: { userId, key, tag, createdAt: now, claimedAt: now }, reconcile: false, plan: null, progress: 0 } : null;
    return { row, claimed };
  }

  /**
   * A paced intent's step, before its broker call, inside the step's transaction: the claim taken again (its
   * lease starts over) with the plan and the progress this step makes. Refused (409) when a retry took the
   * key over meanwhile: only the holder may send.
   */
  async function step(tx: Queryable, held: Claim, progress: Progress, sends: SendsRecord | null = null): Promise<Claim> {
    const now = clock();
    const { rows } = await tx.query(
      `${recordingSends(sends, 7)}UPDATE idempotency_keys SET claimed_at = $4, plan = $5, progress = $6
       WHERE user_id = $1 AND key = $2 AND status = 'running' AND claimed_at = $3 RETURNING 1`,
      [held.userId, held.key, held.claimedAt, now, JSON.stringify(progress.plan), progress.progress, ...(sends?.params ?? [])],
    );
    if (rows.length === 0) throw inProgress();
    return { ...held, claimedAt: now };
  }

  /** A paced intent's step ended: its holder now waits for the next second (heldAt). */
  async function stepped(held: Claim): Promise<void> {
    await db.query(`UPDATE idempotency_keys SET paced_at = $4 WHERE user_id = $1 AND key = $2 AND status = 'running' AND claimed_at = $3`, [
      held.userId,
      held.key,
      held.claimedAt,
      clock(),
    ]);
  }

  /**
   * Stores the answer on the key, if this request still holds it: a takeover after the lease moved claimed_at,
   * and the retry that took it over records what it found by the tag. The answer is this request's either way.
   */
  async function complete(q: Queryable, held: Claim, answer: { status: number; body: unknown }): Promise<StoredAnswer> {
    await storeHeld(q, held, answer);
    return { ...answer, replayed: false };
  }

  /**
   * complete() inside a paced intent's only step, whose orders a broker placed in the step's transaction
   * (pacing-step.ts): refused (409) when a retry took the key over meanwhile, which rolls the placement back.
   * The transaction's last statement: it raises itself when the key is no longer held (migration 068), so its
   * COMMIT goes out with it (QueryOptions.last), one round trip for both on PostgreSQL.
   */
  async function finish(tx: Queryable, held: Claim, answer: { status: number; body: unknown }, sends: SendsRecord | null = null): Promise<StoredAnswer> {
    try {
      await tx.query(
        `WITH ${sends === null ? '' : `${sends.ctes(6)},\n`}stored AS (
           UPDATE idempotency_keys SET status = 'completed', response_status = $4, response_body = $5, plan = NULL, paced_at = NULL
           WHERE user_id = $1 AND key = $2 AND status = 'running' AND claimed_at = $3 RETURNING 1
         )
         SELECT idempotency_key_held(EXISTS (SELECT 1 FROM stored))`,
        [held.userId, held.key, held.claimedAt, answer.status, JSON.stringify(answer.body), ...(sends?.params ?? [])],
        { last: true },
      );
    } catch (error) {
      if (sqlStateOf(error) === keyNotHeld) throw inProgress();
      throw error;
    }
    return { ...answer, replayed: false };
  }

  /** Stored only if this request still holds the key. */
  async function storeHeld(q: Queryable, held: Claim, answer: { status: number; body: unknown }): Promise<void> {
    await q.query(
      `UPDATE idempotency_keys SET status = 'completed', response_status = $4, response_body = $5, plan = NULL, paced_at = NULL
       WHERE user_id = $1 AND key = $2 AND status = 'running' AND claimed_at = $3`,
      [held.userId, held.key, held.claimedAt, answer.status, JSON.stringify(answer.body)],
    );
  }

  /**
   * complete(), unless the account's kill switch is armed: then nothing is stored and the answer is null (the
   * caller closes the entry first: late-kill.ts storeAnswer). The switch is read in the statement that stores
   * the answer, as a read just before it would have read it.
   */
  async function completeUnlessArmed(q: Queryable, held: Claim, accountId: number, answer: { status: number; body: unknown }): Promise<StoredAnswer | null> {
    const { rows } = await q.query<{ armed: boolean }>(
      `WITH armed AS (SELECT kill_switch_armed_at IS NOT NULL AS armed FROM broker_accounts WHERE id = $6),
       stored AS (
         UPDATE idempotency_keys SET status = 'completed', response_status = $4, response_body = $5, plan = NULL, paced_at = NULL
         WHERE user_id = $1 AND key = $2 AND status = 'running' AND claimed_at = $3 AND NOT EXISTS (SELECT 1 FROM armed WHERE armed)
       )
       SELECT armed FROM armed`,
      [held.userId, held.key, held.claimedAt, answer.status, JSON.stringify(answer.body), accountId],
    );
    return rows[0]?.armed === true ? null : { ...answer, replayed: false };
  }

  /** Frees a key whose call was refused before anything was placed: the same intent may be sent again with it. */
  async function release(held: Claim): Promise<void> {
    await db.query(`DELETE FROM idempotency_keys WHERE user_id = $1 AND key = $2 AND status = 'running' AND claimed_at = $3`, [
      held.userId,
      held.key,
      held.claimedAt,
    ]);
  }

  return { claim, claimNewWith, step, stepped, complete, finish, completeUnlessArmed, release };
}

export type Idempotency = ReturnType<typeof createIdempotency>;
