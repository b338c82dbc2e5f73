// One answer per Idempotency-Key (ARCHITECTURE.md, "Order safety"). The key's row is inserted in the same
// transaction as the orders it places and holds their answer when that transaction commits: either the
// orders exist and the key answers them, or neither exists (a failure, a refusal or a server killed
// mid-request leaves nothing, and the same key may be tried again). A second request with the key while
// the first still runs answers 409 at once (it cannot take the key's advisory lock); after it, it finds the
// stored answer. On PGlite, one connection runs transactions one after another, so a
// second request simply finds the first one's answer.
//
// A paced intent (paced-intent.ts) is the one exception: its orders go out over several seconds, one
// transaction each, so its row is committed while it runs, holding the plan and when its last step ran.
// A request with the key meanwhile answers 409; once no step has run for `pacingStalledMs` (the server
// running it died), the same request resumes it where it stopped.
import { createHash } from 'node:crypto';
import type { Database, Queryable } from '../../db/database.ts';
import type { Clock } from '../clock.ts';
import { DomainError } from '../domain-error.ts';

export const idempotencyLifetimeMs = 24 * 60 * 60 * 1000;
/** A paced intent whose last step is older than this is no longer running anywhere: a retry resumes it. */
export const pacingStalledMs = 10_000;

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

type KeyRow = {
  request_hash: string;
  status: 'running' | 'completed';
  response_status: number | null;
  response_body: unknown;
  created_at: Date;
  expires_at: Date;
  plan: unknown;
  paced_at: Date | null;
};

/**
 * What claiming a key found: it is this request's now, it holds an answer, or it holds a paced intent to
 * resume. `since`: when the key was claimed for this intent (a key claimed again after it expired names
 * another intent).
 */
export type Claim = { kind: 'claimed'; since: Date } | { kind: 'stored'; answer: StoredAnswer } | { kind: 'resume'; since: Date; plan: unknown };

const keyColumns = 'request_hash, status, response_status, response_body, created_at, expires_at, plan, paced_at';
const storedAnswer = (row: KeyRow): StoredAnswer => ({ status: Number(row.response_status), body: row.response_body, replayed: true });

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
  async function claim(tx: Queryable, userId: number, key: string, hash: string): Promise<Claim> {
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
    if (claims[0]!.claimed) return { kind: 'claimed', since: now };
    const { rows } = await tx.query<KeyRow>(`SELECT ${keyColumns} FROM idempotency_keys WHERE user_id = $1 AND key = $2`, [userId, key]);
    const row = rows[0]!;
    const expired = new Date(row.expires_at).getTime() <= now.getTime();
    const paced = row.status === 'running' && row.paced_at !== null;
    // Expired, or a claim committed by a server before this design (never by this one): the key is free.
    if (expired || (row.status === 'running' && !paced)) {
      await tx.query(
        `UPDATE idempotency_keys SET request_hash = $3, status = 'running', response_status = NULL, response_body = NULL, plan = NULL, paced_at = NULL,
           created_at = $4, expires_at = $5
         WHERE user_id = $1 AND key = $2`,
        values,
      );
      return { kind: 'claimed', since: now };
    }
    if (row.request_hash !== hash) {
      throw new DomainError('idempotency_key_reused', 'This Idempotency-Key was already used for a different request. Use a new key for a new intent.');
    }
    if (!paced) return { kind: 'stored', answer: storedAnswer(row) };
    if (now.getTime() - new Date(row.paced_at!).getTime() < pacingStalledMs) throw inProgress();
    return { kind: 'resume', since: new Date(row.created_at), plan: row.plan };
  }

  /** Stores the key's answer: the same key and body answer it again from now on. */
  async function complete(tx: Queryable, userId: number, key: string, answer: { status: number; body: unknown }): Promise<void> {
    await tx.query(
      `UPDATE idempotency_keys SET status = 'completed', response_status = $3, response_body = $4, plan = NULL, paced_at = NULL WHERE user_id = $1 AND key = $2`,
      [userId, key, answer.status, JSON.stringify(answer.body)],
    );
  }

  /** A paced intent's step ran: its plan is kept with the key, and `paced_at` says it is alive. */
  async function pacing(tx: Queryable, userId: number, key: string, plan: unknown): Promise<void> {
    await tx.query('UPDATE idempotency_keys SET plan = $3, paced_at = $4 WHERE user_id = $1 AND key = $2', [userId, key, JSON.stringify(plan), clock()]);
  }

  /**
   * A later step of a paced intent, in its own transaction: null when another request is in a step of the
   * same key right now (try again shortly); the stored answer once the intent is complete; else the key is
   * this transaction's until it ends.
   */
  async function resumeStep(tx: Queryable, userId: number, key: string): Promise<StoredAnswer | 'busy' | 'running'> {
    const { rows } = await tx.query<{ held: boolean }>('SELECT pg_try_advisory_xact_lock(hashtextextended($2::text, $1::int)) AS held', [userId, key]);
    if (!rows[0]!.held) return 'busy';
    const { rows: keys } = await tx.query<KeyRow>(`SELECT ${keyColumns} FROM idempotency_keys WHERE user_id = $1 AND key = $2`, [userId, key]);
    const row = keys[0];
    return row !== undefined && row.status === 'completed' ? storedAnswer(row) : 'running';
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
      const claimed = await claim(tx, userId, key, hash);
      if (claimed.kind === 'stored') return claimed.answer;
      // Only a paced operation leaves a plan, and the hash names the operation: another one cannot meet it.
      if (claimed.kind === 'resume') throw new Error('idempotency.run met a paced intent');
      const answer = await work(tx);
      await complete(tx, userId, key, answer);
      return { ...answer, replayed: false };
    });
  }

  return { run, claim, complete, pacing, resumeStep };
}

export type Idempotency = ReturnType<typeof createIdempotency>;
