// What a broker must provide to StrikeDesk. Routes and services only ever talk to a BrokerAdapter found
// in the registry by the account's broker slug, so adding a real broker (Kite Connect) means writing one
// adapter and one row in `brokers` (a migration) — no route changes.
//
// The login follows Kite Connect's flow, which every adapter maps onto:
//   1. The PWA sends the trader to `loginUrl` with the account's `api_key` appended as a query
//      parameter (Kite: https://kite.zerodha.com/connect/login?v=3&api_key=...).
//   2. The broker's own page asks for the broker credentials and redirects back to
//      `/app/broker/<slug>/callback?request_token=...&action=login&status=success` (or `status=cancelled`).
//   3. The PWA posts the request_token to POST /api/accounts/account-login/{accountId}/. The server
//      computes checksum = SHA-256(api_key + request_token + api_secret) and calls `createSession`
//      (Kite: POST /session/token), which answers an access token and when it expires.
// The paper broker (paper/paper-broker.ts) is the reference implementation.
import { createHash } from 'node:crypto';
import type { Said } from '../texts/said.ts';
import type { BrokerTrading } from './broker-trading.ts';

export type SessionRequest = {
  /** The StrikeDesk broker account the session is for. */
  accountId: number;
  apiKey: string;
  requestToken: string;
  /** SHA-256 hex of api_key + request_token + api_secret: proves the caller knows the secret. */
  checksum: string;
  now: Date;
};

export type BrokerSession = {
  /** Sent with every later broker call; stored encrypted, never answered. */
  accessToken: string;
  expiresAt: Date;
};

/**
 * The broker refused the exchange. `request_token_invalid`: unknown, already used, expired or issued for
 * another account. `checksum_invalid`: the api_secret is not the one the broker knows.
 * `broker_account_mismatch`: the broker logged in another client ID than the account's.
 */
export type BrokerLoginFailure = 'request_token_invalid' | 'checksum_invalid' | 'broker_account_mismatch';

export class BrokerLoginError extends Error {
  override name = 'BrokerLoginError';
  readonly reason: BrokerLoginFailure;
  /** Why, in words the app says in the trader's language. */
  readonly text: Said;

  constructor(reason: BrokerLoginFailure, text: Said) {
    super(text.text);
    this.reason = reason;
    this.text = text;
  }
}

export type BrokerAdapter = {
  /** Matches `brokers.slug` and the `broker` of accounts, e.g. "paper", "kite". */
  slug: string;
  /** The broker's login page; the PWA appends `api_key=<the account's api_key>` to its query. */
  loginUrl: string;
  /** Exchanges a request_token for a session, or throws BrokerLoginError. */
  createSession: (request: SessionRequest) => Promise<BrokerSession>;
  /**
   * Revokes a session at the broker when the trader logs out of it (Kite: DELETE /session/token). Absent when
   * dropping the stored token is enough (the paper broker keeps no session of its own).
   */
  endSession?: (session: { apiKey: string; accessToken: string }) => Promise<void>;
  /**
   * Orders, trades, positions and funds (Kite: /orders, /trades, /portfolio/positions, /margins). The paper
   * broker's is the reference; a real broker's adapter maps the same calls onto its API.
   */
  trading?: BrokerTrading;
};

/** Kite Connect's checksum: SHA-256 (hex) of api_key, request_token and api_secret, concatenated. */
export function sessionChecksum(apiKey: string, requestToken: string, apiSecret: string): string {
  return createHash('sha256').update(apiKey + requestToken + apiSecret).digest('hex');
}

export type BrokerRegistry = {
  get: (slug: string) => BrokerAdapter | undefined;
  slugs: () => string[];
};

export function createBrokerRegistry(adapters: readonly BrokerAdapter[]): BrokerRegistry {
  const bySlug = new Map(adapters.map((adapter) => [adapter.slug, adapter]));
  if (bySlug.size !== adapters.length) throw new Error('Two broker adapters share a slug');
  return { get: (slug) => bySlug.get(slug), slugs: () => [...bySlug.keys()] };
}
