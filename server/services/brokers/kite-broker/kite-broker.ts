// Zerodha's Kite Connect behind StrikeDesk's BrokerAdapter: the login (Kite's page with the account's api_key,
// then POST /session/token with checksum = SHA-256(api_key + request_token + api_secret); Kite's redirect
// carries no state), the log-out (DELETE /session/token) and live trading (kite-trading.ts). The access token Kite answers is sealed in broker_accounts by the caller
// (broker-accounts-service.ts) and never answered to the PWA.
import { DomainError } from '../../domain-error.ts';
import { nextSessionExpiry } from '../../market/ist.ts';
import { BrokerLoginError, sessionChecksum, type BrokerAdapter, type BrokerCompliance, type SessionRequest } from '../broker-adapter.ts';
import type { BrokerTrading } from '../broker-trading.ts';
import { KiteError } from '../kite/kite-errors.ts';
import { objectAt, str } from '../kite/kite-json.ts';
import { brokerLoginTexts } from '../../texts/broker-account-texts.ts';
import type { KiteHttp } from '../kite/kite-http.ts';
import type { LiveSessions } from '../live/live-sessions.ts';

export const kiteSlug = 'kite';

export type KiteBrokerOptions = { sessions: LiveSessions<KiteHttp>; loginUrl: string; trading: BrokerTrading; compliance?: BrokerCompliance | undefined };

/** Kite's login page wants `v=3`. */
export function kiteLoginPage(loginUrl: string): string {
  const url = new URL(loginUrl);
  url.searchParams.set('v', '3');
  return url.toString();
}

/** The page with the account's app: Kite knows the return address from the app's settings. */
function kiteLoginLink(loginUrl: string, apiKey: string): string {
  const url = new URL(kiteLoginPage(loginUrl));
  url.searchParams.set('api_key', apiKey);
  return url.toString();
}

function loginFailure(error: unknown): Error {
  if (error instanceof KiteError && error.errorType === 'TokenException') {
    return /checksum/i.test(error.message)
      ? new BrokerLoginError('checksum_invalid', brokerLoginTexts.kiteChecksum)
      : new BrokerLoginError('request_token_invalid', brokerLoginTexts.kiteLinkExpired);
  }
  if (error instanceof KiteError && error.status !== 429 && error.errorType === 'InputException') {
    return new BrokerLoginError('request_token_invalid', brokerLoginTexts.kiteRefused(error.message));
  }
  const detail = error instanceof Error ? error.message : String(error);
  return DomainError.said('broker_unavailable', brokerLoginTexts.kiteUnreachable(detail), {
    retryAfterSeconds: 5,
  });
}

export function createKiteBroker({ sessions, loginUrl, trading, compliance }: KiteBrokerOptions): BrokerAdapter {
  async function createSession({ accountNumber, apiKey, apiSecret, requestToken, now }: SessionRequest) {
    const checksum = sessionChecksum(apiKey, requestToken, apiSecret);
    let session;
    try {
      const data = await sessions.anonymous(apiKey).request({
        method: 'POST',
        path: '/session/token',
        form: { api_key: apiKey, request_token: requestToken, checksum },
      });
      const o = objectAt(data, 'session');
      session = { userId: str(o, 'user_id'), accessToken: str(o, 'access_token') };
    } catch (error) {
      throw loginFailure(error);
    }
    if (session.userId.toUpperCase() !== accountNumber.toUpperCase()) {
      // Someone logged in to Kite with another client ID: that session must not trade this account.
      await sessions.withToken(apiKey, session.accessToken).request({
        method: 'DELETE', path: '/session/token', query: { api_key: apiKey, access_token: session.accessToken },
      }).catch(() => undefined);
      throw new BrokerLoginError('broker_account_mismatch', brokerLoginTexts.clientIdMismatch('Kite', session.userId, accountNumber));
    }
    return { accessToken: session.accessToken, expiresAt: nextSessionExpiry(now) };
  }

  async function endSession({ apiKey, accessToken }: { apiKey: string; accessToken: string }) {
    await sessions.withToken(apiKey, accessToken).request({ method: 'DELETE', path: '/session/token', query: { api_key: apiKey, access_token: accessToken } });
  }

  return {
    slug: kiteSlug,
    loginUrl: kiteLoginPage(loginUrl),
    loginLink: ({ apiKey }) => kiteLoginLink(loginUrl, apiKey),
    createSession,
    endSession,
    trading,
    ...(compliance === undefined ? {} : { compliance }),
  };
}
