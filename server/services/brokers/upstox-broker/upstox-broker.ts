// Upstox behind StrikeDesk's BrokerAdapter: the login (Upstox's dialog with the account's api_key as
// client_id, the PWA's return address and the state; the code it sends back exchanged at
// POST /v2/login/authorization/token with the same address), the refusal of another user's login (the UCC in
// Upstox's answer is not the account's client ID: that token is logged out at once), the session's end at
// 03:30 IST, and the log-out (DELETE /v2/login/authorization/logout).
import { DomainError } from '../../domain-error.ts';
import { brokerLoginTexts } from '../../texts/broker-account-texts.ts';
import { BrokerLoginError, type BrokerAdapter, type BrokerCompliance, type SessionRequest } from '../broker-adapter.ts';
import type { BrokerTrading } from '../broker-trading.ts';
import { upstoxLoginUrl } from '../upstox/upstox-endpoints.ts';
import { UpstoxError, isRateLimited } from '../upstox/upstox-errors.ts';
import { exchangeCode, logout, upstoxTokenExpiry } from '../upstox/upstox-session.ts';
import type { UpstoxHttp } from '../upstox/upstox-http.ts';
import type { LiveSessions } from '../live/live-sessions.ts';

export const upstoxSlug = 'upstox';

export type UpstoxBrokerOptions = { sessions: LiveSessions<UpstoxHttp>; apiRoot: string; trading?: BrokerTrading | undefined; compliance?: BrokerCompliance | undefined };

/** A refusal of the code (used, expired, a wrong secret or redirect URL) or Upstox out of reach. */
function loginFailure(error: unknown): Error {
  if (error instanceof UpstoxError && error.status < 500 && !isRateLimited(error)) {
    return new BrokerLoginError('request_token_invalid', brokerLoginTexts.upstoxRefused(error.message));
  }
  const detail = error instanceof Error ? error.message : String(error);
  return DomainError.said('broker_unavailable', brokerLoginTexts.upstoxUnreachable(detail), { retryAfterSeconds: 5 });
}

export function createUpstoxBroker({ sessions, apiRoot, trading, compliance }: UpstoxBrokerOptions): BrokerAdapter {
  async function createSession({ accountNumber, apiKey, apiSecret, requestToken, redirectUri, now }: SessionRequest) {
    let session;
    try {
      // The broker-accounts service refuses an Upstox login without its state, so the address is known here.
      session = await exchangeCode(sessions.anonymous(apiKey), { code: requestToken, apiKey, apiSecret, redirectUri: redirectUri ?? '' });
    } catch (error) {
      throw loginFailure(error);
    }
    if (session.user_id.toUpperCase() !== accountNumber.toUpperCase()) {
      // Someone logged in to Upstox as another user: that session must not trade this account.
      await logout(sessions.withToken(apiKey, session.access_token)).catch(() => undefined);
      throw new BrokerLoginError('broker_account_mismatch', brokerLoginTexts.clientIdMismatch('Upstox', session.user_id, accountNumber));
    }
    return { accessToken: session.access_token, expiresAt: upstoxTokenExpiry(now) };
  }

  async function endSession({ apiKey, accessToken }: { apiKey: string; accessToken: string }) {
    await logout(sessions.withToken(apiKey, accessToken));
  }

  return {
    slug: upstoxSlug,
    loginUrl: `${apiRoot}/v2/login/authorization/dialog`,
    loginLink: ({ apiKey, redirectUri, state }) => upstoxLoginUrl(apiRoot, { apiKey, redirectUri, state }),
    loginState: true,
    createSession,
    endSession,
    ...(trading === undefined ? {} : { trading }),
    ...(compliance === undefined ? {} : { compliance }),
  };
}
