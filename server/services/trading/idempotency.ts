// One answer per Idempotency-Key (ARCHITECTURE.md, "Order safety"). A key is claimed as 'running' in its
// own short transaction, so a second request with it while the first runs answers 409 at once instead of
// waiting. The work and the stored answer then commit in ONE transaction: either the orders exist and the
// key holds their answer, or neither does. A server killed mid-request leaves only a 'running' claim with
// no orders behind it; once it is older than any request can run, the next request takes it over.
import { createHash } from 'node:crypto';
import type { Database, Queryable } from '../../db/database.ts';
import type { Clock } from '../clock.ts';
import { DomainError } from '../domain-error.ts';

export const idempotencyLifetimeMs = 24 * 60 * 60 * 1000;
/** Longer than the 60 s request time-out: a claim this old belongs to a request that died. */
export const abandonedClaimMs = 90 * 1000;

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

type KeyRow = { request_hash: string; status: 'running' | 'completed'; response_status: number | null; response_body: unknown; created_at: Date; expires_at: Date };

export function createIdempotency({ db, clock }: { db: Database; clock: Clock }) {
  async function claim(userId: number, key: string, hash: string): Promise<StoredAnswer | null> {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const now = clock();
      const { rows: claimed } = await db.query(
        `INSERT INTO idempotency_keys (user_id, key, request_hash, status, created_at, expires_at) VALUES ($1, $2, $3, 'running', $4, $5)
         ON CONFLICT (user_id, key) DO NOTHING RETURNING 1`,
        [userId, key, hash, now, new Date(now.getTime() + idempotencyLifetimeMs)],
      );
      if (claimed.length > 0) return null;
      const { rows } = await db.query<KeyRow>(
        'SELECT request_hash, status, response_status, response_body, created_at, expires_at FROM idempotency_keys WHERE user_id = $1 AND key = $2',
        [userId, key],
      );
      const row = rows[0];
      if (row === undefined) continue;
      if (new Date(row.expires_at).getTime() <= now.getTime()) {
        await db.query('DELETE FROM idempotency_keys WHERE user_id = $1 AND key = $2 AND expires_at <= $3', [userId, key, now]);
        continue;
      }
      if (row.request_hash !== hash) {
        throw new DomainError('idempotency_key_reused', 'This Idempotency-Key was already used for a different request. Use a new key for a new intent.');
      }
      if (row.status === 'completed') return { status: Number(row.response_status), body: row.response_body, replayed: true };
      if (now.getTime() - new Date(row.created_at).getTime() > abandonedClaimMs) {
        const { rows: taken } = await db.query(
          `UPDATE idempotency_keys SET created_at = $3 WHERE user_id = $1 AND key = $2 AND status = 'running' AND created_at = $4 RETURNING 1`,
          [userId, key, now, row.created_at],
        );
        if (taken.length > 0) return null;
        continue;
      }
      throw new DomainError('idempotency_in_progress', 'A request with this Idempotency-Key is still running. Check the order book for its outcome.', {
        retryAfterSeconds: 1,
      });
    }
    throw new DomainError('idempotency_in_progress', 'A request with this Idempotency-Key is still running. Check the order book for its outcome.', {
      retryAfterSeconds: 1,
    });
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
    const stored = await claim(userId, key, hash);
    if (stored !== null) return stored;
    try {
      return await db.transaction(async (tx) => {
        const answer = await work(tx);
        await tx.query(
          `UPDATE idempotency_keys SET status = 'completed', response_status = $3, response_body = $4 WHERE user_id = $1 AND key = $2`,
          [userId, key, answer.status, JSON.stringify(answer.body)],
        );
        return { ...answer, replayed: false };
      });
    } catch (error) {
      await db.query(`DELETE FROM idempotency_keys WHERE user_id = $1 AND key = $2 AND status = 'running'`, [userId, key]);
      throw error;
    }
  }

  return { run };
}

export type Idempotency = ReturnType<typeof createIdempotency>;
