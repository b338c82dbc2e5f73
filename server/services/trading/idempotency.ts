// One answer per Idempotency-Key (ARCHITECTURE.md, "Order safety"). The key's row is inserted in the same
// transaction as the orders it places and holds their answer when that transaction commits: either the
// orders exist and the key answers them, or neither exists (a failure, a refusal or a server killed
// mid-request leaves nothing, and the same key may be tried again). A second request with the key while
// the first still runs answers 409 at once (it cannot take the key's advisory lock); after it, it finds the
// stored answer. On PGlite, one connection runs transactions one after another, so a
// second request simply finds the first one's answer.
import { createHash } from 'node:crypto';
import type { Database, Queryable } from '../../db/database.ts';
import type { Clock } from '../clock.ts';
import { DomainError } from '../domain-error.ts';

export const idempotencyLifetimeMs = 24 * 60 * 60 * 1000;

export type StoredAnswer = { status: number; body: unknown; replayed: boolean };

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

type KeyRow = { request_hash: string; status: 'running' | 'completed'; response_status: number | null; response_body: unknown; expires_at: Date };

const inProgress = () =>
  new DomainError('idempotency_in_progress', 'A request with this Idempotency-Key is still running. Check the order book for its outcome.', {
    retryAfterSeconds: 1,
  });

export function createIdempotency({ db, clock }: { db: Database; clock: Clock }) {
  /**
   * Claims the key inside `tx`; answers the stored answer when the key already has one for this body. The
   * claim first takes a transaction-scoped advisory lock on (user, key), without waiting: every claim of a
   * key takes it, so holding it means no other transaction is inserting this key, and the INSERT below can
   * never wait on an uncommitted row; not getting it means the key's first request still runs (409). One
   * round trip in the usual case.
   */
  async function claim(tx: Queryable, userId: number, key: string, hash: string): Promise<StoredAnswer | null> {
    const now = clock();
    const values = [userId, key, hash, now, new Date(now.getTime() + idempotencyLifetimeMs)];
    const { rows: claims } = await tx.query<{ held: boolean; claimed: boolean }>(
      `WITH lock AS (SELECT pg_try_advisory_xact_lock(hashtextextended($2::text, $1::int)) AS held),
       inserted AS (
         INSERT INTO idempotency_keys (user_id, key, request_hash, status, created_at, expires_at)
         SELECT $1::int, $2::text, $3::text, 'running', $4::timestamptz, $5::timestamptz FROM lock WHERE held
         ON CONFLICT (user_id, key) DO NOTHING RETURNING 1)
       SELECT (SELECT held FROM lock) AS held, EXISTS (SELECT 1 FROM inserted) AS claimed`,
      values,
    );
    if (!claims[0]!.held) throw inProgress();
    if (claims[0]!.claimed) return null;
    const { rows } = await tx.query<KeyRow>(
      'SELECT request_hash, status, response_status, response_body, expires_at FROM idempotency_keys WHERE user_id = $1 AND key = $2',
      [userId, key],
    );
    const row = rows[0]!;
    // Expired, or a claim committed by a server before this design (never by this one): the key is free.
    if (new Date(row.expires_at).getTime() <= now.getTime() || row.status === 'running') {
      await tx.query(
        `UPDATE idempotency_keys SET request_hash = $3, status = 'running', response_status = NULL, response_body = NULL, created_at = $4, expires_at = $5
         WHERE user_id = $1 AND key = $2`,
        values,
      );
      return null;
    }
    if (row.request_hash !== hash) {
      throw new DomainError('idempotency_key_reused', 'This Idempotency-Key was already used for a different request. Use a new key for a new intent.');
    }
    return { status: Number(row.response_status), body: row.response_body, replayed: true };
  }

  /**
   * Runs `work` once per (user, key): the same key and body answer the stored answer again; another body
   * is refused (422); a key whose request still runs is refused (409). A refusal (a thrown error) stores
   * nothing, so the intent may be tried again with the same key.
   */
  async function run(
    userId: number,
    key: string,
    hash: string,
    work: (tx: Queryable) => Promise<{ status: number; body: unknown }>,
  ): Promise<StoredAnswer> {
    return db.transaction(async (tx) => {
      const stored = await claim(tx, userId, key, hash);
      if (stored !== null) return stored;
      const answer = await work(tx);
      await tx.query(`UPDATE idempotency_keys SET status = 'completed', response_status = $3, response_body = $4 WHERE user_id = $1 AND key = $2`, [
        userId,
        key,
        answer.status,
        JSON.stringify(answer.body),
      ]);
      return { ...answer, replayed: false };
    });
  }

  return { run };
}

export type Idempotency = ReturnType<typeof createIdempotency>;
