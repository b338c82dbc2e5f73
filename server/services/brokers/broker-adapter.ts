// What a broker must provide to StrikeDesk. Routes and services only ever talk to a BrokerAdapter found
// in the registry by the account's broker slug, so adding a real broker (Kite Connect, Upstox) means writing
// one adapter and one row in `brokers` (a migration) — no route changes.
//
// The login is a redirect and a code, which every adapter maps onto:
//   1. The PWA asks POST /api/accounts/account-login-link/{accountId}/ for the account's login link, naming
//      its return address (`<origin>/app/broker/<slug>/callback`). The server issues a `state` (unguessable,
//      bound to the trader and the account, single use, short-lived: login-states.ts) and the adapter builds
//      the link (`loginLink`: Kite's page with the api_key, Upstox's dialog with client_id, redirect_uri and
//      state, Dhan's login page for a consent it generated first with the account's app id and secret).
//   2. The broker's own page asks for the broker credentials and redirects back to the callback with a code
//      (Kite: `request_token`; Upstox: `code` and `state`; Dhan: `tokenId`, no state), or a cancellation.
//   3. The PWA posts the code as `request_token` (and the `state`, when one came back) to
//      POST /api/accounts/account-login/{accountId}/, and the adapter exchanges it (`createSession`; Kite:
//      POST /session/token with its checksum; Upstox: POST /v2/login/authorization/token), which answers an
//      access token and when it expires. A broker whose redirect carries the state (`loginState`) has it
//      checked and used up before the exchange; one whose redirect cannot (`keptLoginState`: Dhan's redirect URL
//      is fixed in its app) has the state its link issued used up instead.
// The paper broker (paper/paper-broker.ts) is the reference implementation.
import { createHash } from 'node:crypto';
import type { Said } from '../texts/said.ts';
import type { BrokerTrading } from './broker-trading.ts';

export type SessionRequest = {
  /** The StrikeDesk broker account the session is for, and its client ID at the broker. */
  accountId: number;
  accountNumber: string;
  apiKey: string;
  /** The account's api_secret, opened for the exchange only. */
  apiSecret: string;
  /** The code the broker's redirect carried (Kite's request_token, Upstox's code). */
  requestToken: string;
  /** The return address the login link named (the exchange must repeat it), when its state came back. */
  redirectUri: string | null;
  now: Date;
};

/**
 * What a login link is built from: the account's api_key, the PWA's return address, the state, its language;
 * the account's client ID and its api_secret (opened only when called) for a broker whose link is made by a call
 * of its own first (Dhan's generate-consent).
 */
export type LoginLinkRequest = { apiKey: string; redirectUri: string; state: string; lang: string; accountNumber: string; apiSecret: () => string };

export type BrokerSession = {
  /** Sent with every later broker call; stored encrypted, never answered. */
  accessToken: string;
  expiresAt: Date;
};

/**
 * The broker refused the exchange. `request_token_invalid`: unknown, already used, expired or issued for
 * another account. `checksum_invalid`: the api_secret is not the one the broker knows.
 * `broker_account_mismatch`: the broker logged in another client ID than the account's.
 * `login_state_invalid`: the state that came back is not one this trader's login link of this account issued,
 * or it was used or expired.
 */
export type BrokerLoginFailure = 'request_token_invalid' | 'checksum_invalid' | 'broker_account_mismatch' | 'login_state_invalid';

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

/**
 * What a live broker's compliance state is read from (broker-accounts/account-compliance.ts), as its adapter
 * enforces and sends it; the paper broker has none. Nothing else about the broker is known to that read.
 */
export type BrokerCompliance = {
  /** The order windows the adapter counts (live/rate-limits.ts): at most `count` in `windowMs`, or the IST day. */
  orderWindows: ReadonlyArray<{ count: number; windowMs: number | 'day' }>;
  /** Where the algo identification travels with each order (Upstox: the `X-Algo-Name` header); null when the broker's API takes none. */
  algoField: string | null;
  /** What goes in that field when the account names no algo ID of its own. */
  defaultAlgoName: string | null;
};

export type BrokerAdapter = {
  /** Matches `brokers.slug` and the `broker` of accounts, e.g. "paper", "kite". */
  slug: string;
  /** The broker's login page, as `GET /api/brokers/brokers/` lists it. */
  loginUrl: string;
  /** The link an account's trader follows to log in (the page with the account's app and the state). */
  loginLink: (request: LoginLinkRequest) => string | Promise<string>;
  /** The broker sends the link's state back with the code: the login is refused without it. */
  loginState?: boolean;
  /**
   * The broker's redirect cannot carry the state (Dhan's redirect URL is fixed in the trader's app at Dhan), so
   * a code that came through it (true for this code) uses up the account's newest outstanding state instead, the
   * one this trader's own login link of this account issued: without one the login is refused.
   */
  keptLoginState?: (requestToken: string) => boolean;
  /**
   * The broker's own site issues a day's access token the trader may paste in the code's place, which createSession
   * takes (Dhan's from web.dhan.co, told from a consent's tokenId by its shape). Absent: its login page only.
   */
  accessTokenLogin?: boolean;
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
  /** A live broker's limits and algo identification, for the account's compliance state. */
  compliance?: BrokerCompliance;
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
