// The paper broker: a simulated, Kite-like broker that lives inside the reference server. It hosts its
// own login page (server/http/broker-login-routes.ts renders it), issues single-use request_tokens valid
// 5 minutes (only their SHA-256 is stored) and, like Kite, checks the session checksum against the
// api_secret it knew when the trader logged in — so a secret changed in between is refused.
//
// As on Kite, the api_key in the login link identifies the app (StrikeDesk), and the Client ID typed on
// the page identifies the account: the page shows nobody's account, before the form is filled in or after.
// A well-formed attempt is answered alike whether its Client ID is linked or not (the same redirect back to
// the PWA, a request_token and a device cookie of the same shape, the same throttle events, much the same
// work): only a linked one's token opens a session when the PWA exchanges it, which only the account's
// owner can do; the PWA then says why a token opened nothing. The form is throttled in the same transaction
// that checks it, under the throttle keys' locks, so parallel posts share the limits.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Database, Queryable } from '../../../db/database.ts';
import { findLoginAccounts, type AccountRow } from '../../broker-accounts/broker-accounts-repo.ts';
import { nextSessionExpiry } from '../../market/ist.ts';
import { SecretUnreadableError, type SecretBox } from '../../secrets/secret-box.ts';
import { clientAddress } from '../../client-network.ts';
import { decoyDeviceToken, type DeviceTokens } from '../../device-tokens.ts';
import type { ThrottleLimits } from '../../throttle-limits.ts';
import { clearEvents, insertEvents, lockThrottleKeys, throttledFor, type ThrottleCheck } from '../../throttle.ts';
import { BrokerLoginError, sessionChecksum, type BrokerAdapter } from '../broker-adapter.ts';
import type { BrokerTrading } from '../broker-trading.ts';
import { brokerLoginTexts } from '../../texts/broker-account-texts.ts';

export const paperSlug = 'paper';
export const paperLoginPath = '/broker-login/paper';
export const paperPasswordMinLength = 6;
export const requestTokenLifetimeMs = 5 * 60 * 1000;

export type PaperLoginInput = {
  apiKey: string;
  clientId: string;
  password: string;
  ip: string;
  /** The device token this browser got at an earlier login with this api_key, if any. */
  deviceToken?: string | undefined;
};

/** Why a field was refused before any account was looked at; the page words it in the trader's language. */
export type PaperFieldProblems = { client_id?: 'missing' | 'shape'; password?: 'missing' | 'short' };

/**
 * `answered`: the redirect back to the PWA with `requestToken` and the device cookie `deviceToken`, alike
 * whether the Client ID is linked or not (a token that opens nothing, a device token that names no device).
 */
export type PaperLoginResult =
  | { outcome: 'answered'; requestToken: string; deviceToken: string }
  | { outcome: 'invalid'; fields: PaperFieldProblems }
  | { outcome: 'throttled'; retryAfterSeconds: number };

export type PaperBroker = BrokerAdapter & {
  /** The login form's check: on success a fresh request_token for the redirect back to the PWA. */
  logIn: (input: PaperLoginInput, now: Date) => Promise<PaperLoginResult>;
};

type PaperBrokerOptions = { db: Database; secrets: SecretBox; limits: ThrottleLimits; trading: BrokerTrading; deviceTokens: DeviceTokens };

/** What migration 002 lets an account number be, upper-cased: anything else matches no account. */
const clientIdShape = /^[A-Z0-9_-]{2,32}$/;

/** Could this be a linked account's api_key (the contract's 1 to 128 characters, no NUL)? Others are bad links. */
export function isPlausibleApiKey(apiKey: string): boolean {
  return apiKey.length >= 1 && apiKey.length <= 128 && !apiKey.includes('\u0000');
}

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function sameHex(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * What is wrong with the form before any account is looked at, or null. Never counted, never reveals an
 * account: no account number has another shape.
 */
function fieldProblems(clientId: string, password: string): PaperFieldProblems | null {
  const problems: PaperFieldProblems = {};
  if (clientId === '') problems.client_id = 'missing';
  else if (!clientIdShape.test(clientId)) problems.client_id = 'shape';
  if (password === '') problems.password = 'missing';
  else if (password.length < paperPasswordMinLength) problems.password = 'short';
  return Object.keys(problems).length === 0 ? null : problems;
}

export function createPaperBroker({ db, secrets, limits, trading, deviceTokens }: PaperBrokerOptions): PaperBroker {
  function openSecret(row: AccountRow): string | null {
    try {
      return secrets.open(row.api_secret_encrypted);
    } catch (error) {
      if (error instanceof SecretUnreadableError) return null;
      throw error;
    }
  }

  /** One token for every matching account whose secret can be read: a row each, with its own checksum. */
  async function issueToken(tx: Queryable, rows: AccountRow[], now: Date): Promise<string | null> {
    const requestToken = randomBytes(32).toString('base64url');
    let issued = 0;
    for (const row of rows) {
      const apiSecret = openSecret(row);
      if (apiSecret === null) continue;
      await tx.query(
        `INSERT INTO broker_request_tokens (broker_account_id, token_hash, expected_checksum, created_at, expires_at)
         VALUES ($1, $2, $3, $4, $5)`,
        [row.id, hashToken(requestToken), sessionChecksum(row.api_key, requestToken, apiSecret), now, new Date(now.getTime() + requestTokenLifetimeMs)],
      );
      // Housekeeping: this account's tokens from yesterday and before serve no one.
      await tx.query('DELETE FROM broker_request_tokens WHERE broker_account_id = $1 AND expires_at < $2', [row.id, new Date(now.getTime() - 24 * 60 * 60 * 1000)]);
      issued += 1;
    }
    return issued === 0 ? null : requestToken;
  }

  /** Whose Client IDs that match nothing count where: a known device on its own, anyone else per address, network and key. */
  function failureChecks(apiKey: string, ip: string, knownDevice: string | null): { failures: ThrottleCheck[]; guesser: ThrottleCheck[] } {
    if (knownDevice !== null) {
      return { failures: [{ scope: 'broker_login_failed_device', key: JSON.stringify([apiKey, knownDevice]), rule: limits.brokerLoginFailuresPerDevice }], guesser: [] };
    }
    const address = clientAddress(ip);
    const guesser: ThrottleCheck[] = [
      { scope: 'broker_login_failed_ip', key: address.ip, rule: limits.brokerLoginFailuresPerIp },
      { scope: 'broker_login_failed_network', key: address.network, rule: limits.brokerLoginFailuresPerNetwork },
    ];
    return { failures: [{ scope: 'broker_login_failed_key', key: apiKey, rule: limits.brokerLoginFailuresPerKey }, ...guesser], guesser };
  }

  async function logIn({ apiKey, clientId: typed, password, ip, deviceToken }: PaperLoginInput, now: Date): Promise<PaperLoginResult> {
    // The page refuses such links first; no account has such a key, and it cannot even be a database value.
    if (!isPlausibleApiKey(apiKey)) return { outcome: 'invalid', fields: { client_id: 'shape' } };
    const clientId = typed.trim().toUpperCase();
    const problems = fieldProblems(clientId, password);
    if (problems !== null) return { outcome: 'invalid', fields: problems };
    const knownDevice = deviceTokens.read(apiKey, deviceToken, now);
    const { failures, guesser } = failureChecks(apiKey, ip, knownDevice);
    const tokens: ThrottleCheck[] = [
      { scope: 'broker_login_token_account', key: JSON.stringify([apiKey, clientId]), rule: limits.brokerLoginTokensPerAccount },
      { scope: 'broker_login_token_ip', key: ip, rule: limits.brokerLoginTokensPerIp },
    ];
    return db.transaction(async (tx): Promise<PaperLoginResult> => {
      await lockThrottleKeys(tx, [...failures, ...tokens]);
      const wait = await throttledFor(tx, [...failures, ...tokens], now);
      if (wait !== null) {
        // Refused attempts count against the guesser's address, so polling a slowed key costs the poller.
        await insertEvents(tx, guesser, now);
        return { outcome: 'throttled', retryAfterSeconds: wait };
      }
      const rows = await findLoginAccounts(tx, paperSlug, apiKey, clientId);
      // A token is issued either way (one that opens nothing for a Client ID that matches no account), so both
      // count against the same token limits and slow down alike when one Client ID is tried again and again.
      // Only a Client ID that matches nothing counts as a guess: a trader's own logins never use up an
      // address's or an office's allowance of guesses.
      await insertEvents(tx, rows.length === 0 ? [...failures, ...tokens] : tokens, now);
      // No account, or none whose secret can be read (the exchange says so to the owner): a token that opens nothing.
      const requestToken = rows.length === 0 ? null : await issueToken(tx, rows, now);
      // A known device keeps its id either way; a stranger gets a genuine device token only when let in.
      const deviceToken = knownDevice !== null ? deviceTokens.issue(apiKey, now, knownDevice) : requestToken === null ? decoyDeviceToken(now) : deviceTokens.issue(apiKey, now);
      if (requestToken === null) return { outcome: 'answered', requestToken: randomBytes(32).toString('base64url'), deviceToken };
      // This device's own typos are forgiven; strangers' guesses at the key stay counted.
      if (knownDevice !== null) for (const check of failures) await clearEvents(tx, check.scope, check.key);
      return { outcome: 'answered', requestToken, deviceToken };
    });
  }

  async function createSession({ accountId, apiKey, apiSecret, requestToken, now }: Parameters<BrokerAdapter['createSession']>[0]) {
    const checksum = sessionChecksum(apiKey, requestToken, apiSecret);
    // One statement finds and consumes the token (every account's row of it), so two concurrent
    // exchanges cannot both win. A failed checksum still consumes it: a stolen token gives one guess at
    // the secret, not five minutes of them.
    const { rows } = await db.query<{ broker_account_id: number; expected_checksum: string }>(
      `UPDATE broker_request_tokens SET used_at = $2
       WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2
       RETURNING broker_account_id, expected_checksum`,
      [hashToken(requestToken), now],
    );
    const expected = rows.find((row) => Number(row.broker_account_id) === accountId)?.expected_checksum;
    if (expected === undefined) throw new BrokerLoginError('request_token_invalid', brokerLoginTexts.linkExpired);
    if (!sameHex(expected, checksum.toLowerCase())) {
      throw new BrokerLoginError('checksum_invalid', brokerLoginTexts.paperChecksum);
    }
    return { accessToken: randomBytes(32).toString('base64url'), expiresAt: nextSessionExpiry(now) };
  }

  /** The paper broker's own page, in the trader's language (it has no return address to be told). */
  const loginLink = ({ apiKey, lang }: { apiKey: string; lang: string }) => `${paperLoginPath}?${new URLSearchParams({ api_key: apiKey, lang }).toString()}`;

  return { slug: paperSlug, loginUrl: paperLoginPath, loginLink, createSession, logIn, trading };
}
