// Sign-in sessions: opaque random bearer tokens of which only the SHA-256 is stored, so a copy of the
// database holds no usable token. Each lasts 30 days and can be revoked.
import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../../db/database.ts';
import { toUserRecord, userColumns, type UserRecord } from './users.ts';

export const sessionLifetimeMs = 30 * 24 * 60 * 60 * 1000;

/** 32 random bytes in base64url: exactly 43 characters. */
const tokenShape = /^[A-Za-z0-9_-]{43}$/;

export type NewSession = { token: string; expiresAt: Date };

export type ActiveSession = { sessionId: string; record: UserRecord; expiresAt: Date };

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function createSession(db: Queryable, userId: number, now: Date, userAgent?: string): Promise<NewSession> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + sessionLifetimeMs);
  await db.query(
    'INSERT INTO sessions (user_id, token_hash, created_at, expires_at, user_agent) VALUES ($1, $2, $3, $4, $5)',
    [userId, hashToken(token), now, expiresAt, userAgent?.slice(0, 512) ?? null],
  );
  // Housekeeping while we are here: this user's long-dead sessions serve no one.
  await db.query('DELETE FROM sessions WHERE user_id = $1 AND (expires_at < $2 OR revoked_at < $2)', [
    userId,
    new Date(now.getTime() - sessionLifetimeMs),
  ]);
  return { token, expiresAt };
}

/** The session's user, or null when the token is unknown, expired or revoked. */
export async function findActiveSession(db: Queryable, token: string, now: Date): Promise<ActiveSession | null> {
  if (!tokenShape.test(token)) return null;
  const columns = userColumns
    .split(', ')
    .map((column) => `u.${column}`)
    .join(', ');
  const { rows } = await db.query<Parameters<typeof toUserRecord>[0] & { session_id: string; expires_at: Date }>(
    `SELECT s.id::text AS session_id, s.expires_at, ${columns}
     FROM sessions s JOIN users u ON u.id = s.user_id
     WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > $2`,
    [hashToken(token), now],
  );
  const row = rows[0];
  return row === undefined ? null : { sessionId: row.session_id, record: toUserRecord(row), expiresAt: new Date(row.expires_at) };
}

export async function revokeSession(db: Queryable, sessionId: string, now: Date): Promise<void> {
  await db.query('UPDATE sessions SET revoked_at = $2 WHERE id = $1::bigint AND revoked_at IS NULL', [sessionId, now]);
}

/** Every other device of this user is signed out; `keepSessionId` stays signed in. */
export async function revokeOtherSessions(db: Queryable, userId: number, keepSessionId: string, now: Date): Promise<void> {
  await db.query('UPDATE sessions SET revoked_at = $3 WHERE user_id = $1 AND id <> $2::bigint AND revoked_at IS NULL', [
    userId,
    keepSessionId,
    now,
  ]);
}
