// The paper broker: a simulated, Kite-like broker that lives inside the reference server. It hosts its
// own login page (server/http/broker-login-routes.ts renders it), issues single-use request_tokens valid
// 5 minutes (only their SHA-256 is stored) and, like Kite, checks the session checksum against the
// api_secret it knew when the trader logged in — so a secret changed in between is refused.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Database } from '../../../db/database.ts';
import { findAccountByApiKey } from '../../broker-accounts/broker-accounts-repo.ts';
import { nextSessionExpiry } from '../../market/ist.ts';
import { SecretUnreadableError, type SecretBox } from '../../secrets/secret-box.ts';
import { BrokerLoginError, sessionChecksum, type BrokerAdapter } from '../broker-adapter.ts';

export const paperSlug = 'paper';
export const paperLoginPath = '/broker-login/paper';
export const paperPasswordMinLength = 6;
export const requestTokenLifetimeMs = 5 * 60 * 1000;

export const expiredOrUsedMessage = 'This login link has expired or was already used. Log in to the broker again.';

export type PaperLoginAccount = { name: string; accountNumber: string; apiKey: string };

export type PaperLoginInput = { apiKey: string; clientId: string; password: string };

export type PaperLoginResult =
  | { outcome: 'ok'; requestToken: string }
  | { outcome: 'unknown_api_key' | 'wrong_client_id' | 'short_password' | 'secret_unreadable' };

export type PaperBroker = BrokerAdapter & {
  /** The account the login page is for, or null for an unknown api_key. */
  findLoginAccount: (apiKey: string) => Promise<PaperLoginAccount | null>;
  /** The login form's check: on success a fresh request_token for the redirect back to the PWA. */
  logIn: (input: PaperLoginInput, now: Date) => Promise<PaperLoginResult>;
};

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function sameHex(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}

export function createPaperBroker({ db, secrets }: { db: Database; secrets: SecretBox }): PaperBroker {
  async function findLoginAccount(apiKey: string): Promise<PaperLoginAccount | null> {
    const row = await findAccountByApiKey(db, paperSlug, apiKey);
    return row === null ? null : { name: row.name, accountNumber: row.account_number, apiKey: row.api_key };
  }

  async function logIn({ apiKey, clientId, password }: PaperLoginInput, now: Date): Promise<PaperLoginResult> {
    const row = await findAccountByApiKey(db, paperSlug, apiKey);
    if (row === null) return { outcome: 'unknown_api_key' };
    if (clientId.trim().toUpperCase() !== row.account_number.toUpperCase()) return { outcome: 'wrong_client_id' };
    if (password.length < paperPasswordMinLength) return { outcome: 'short_password' };
    let apiSecret: string;
    try {
      apiSecret = secrets.open(row.api_secret_encrypted);
    } catch (error) {
      if (error instanceof SecretUnreadableError) return { outcome: 'secret_unreadable' };
      throw error;
    }
    const requestToken = randomBytes(32).toString('base64url');
    await db.query(
      `INSERT INTO broker_request_tokens (broker_account_id, token_hash, expected_checksum, created_at, expires_at)
       VALUES ($1, $2, $3, $4, $5)`,
      [row.id, hashToken(requestToken), sessionChecksum(row.api_key, requestToken, apiSecret), now, new Date(now.getTime() + requestTokenLifetimeMs)],
    );
    // Housekeeping: this account's tokens from yesterday and before serve no one.
    await db.query('DELETE FROM broker_request_tokens WHERE broker_account_id = $1 AND expires_at < $2', [
      row.id,
      new Date(now.getTime() - 24 * 60 * 60 * 1000),
    ]);
    return { outcome: 'ok', requestToken };
  }

  async function createSession({ accountId, requestToken, checksum, now }: Parameters<BrokerAdapter['createSession']>[0]) {
    // One statement finds and consumes the token, so two concurrent exchanges cannot both win. A failed
    // checksum still consumes it: a stolen token gives one guess at the secret, not five minutes of them.
    const { rows } = await db.query<{ expected_checksum: string }>(
      `UPDATE broker_request_tokens SET used_at = $3
       WHERE token_hash = $1 AND broker_account_id = $2 AND used_at IS NULL AND expires_at > $3
       RETURNING expected_checksum`,
      [hashToken(requestToken), accountId, now],
    );
    const expected = rows[0]?.expected_checksum;
    if (expected === undefined) throw new BrokerLoginError('request_token_invalid', expiredOrUsedMessage);
    if (!sameHex(expected, checksum.toLowerCase())) {
      throw new BrokerLoginError(
        'checksum_invalid',
        "The broker refused the login: the account's API secret is not the one it knows. Check the API secret, then log in to the broker again.",
      );
    }
    return { accessToken: randomBytes(32).toString('base64url'), expiresAt: nextSessionExpiry(now) };
  }

  return { slug: paperSlug, loginUrl: paperLoginPath, createSession, findLoginAccount, logIn };
}
