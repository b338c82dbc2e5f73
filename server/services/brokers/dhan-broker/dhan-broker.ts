// Dhan behind StrikeDesk's BrokerAdapter. The login is Dhan's API key consent flow
// (https://dhanhq.co/docs/v2/authentication): the link is made by generating a consent for the account's client
// ID with the account's app id (api_key) and secret, and is Dhan's login page for that consent; Dhan redirects
// to the redirect URL fixed in the trader's app at Dhan with a `tokenId`, which cannot carry StrikeDesk's state,
// so the login uses up the state this trader's link of this account issued (`keptLoginState`); the tokenId is
// consumed for the access token, and a client ID other than the account's is refused. The alternative: a token
// the trader generated on web.dhan.co ("Access DhanHQ APIs", 24 hours) posted in the code's place, checked with
// Dhan's profile call (its client ID must be the account's). Dhan documents no call that revokes a token: a
// log-out drops StrikeDesk's copy, and the token dies at its 24 hours.
import { DomainError } from '../../domain-error.ts';
import { brokerLoginTexts } from '../../texts/broker-account-texts.ts';
import { BrokerLoginError, type BrokerAdapter, type BrokerCompliance, type SessionRequest } from '../broker-adapter.ts';
import type { BrokerTrading } from '../broker-trading.ts';
import type { LiveSessions } from '../live/live-sessions.ts';
import { dhanConsentLoginUrl } from '../dhan/dhan-endpoints.ts';
import { DhanError, isRateLimited } from '../dhan/dhan-errors.ts';
import type { DhanHttp } from '../dhan/dhan-http.ts';
import { consumeConsent, dhanTokenExpiry, generateConsent, getProfile } from '../dhan/dhan-session.ts';

export const dhanSlug = 'dhan';

export type DhanBrokerOptions = { sessions: LiveSessions<DhanHttp>; authRoot: string; trading?: BrokerTrading | undefined; compliance?: BrokerCompliance | undefined };

/** A token generated on web.dhan.co is a JWT (three dot-separated parts); a consent's tokenId has no dot. */
export const isAccessToken = (code: string) => code.split('.').length === 3;

/** A refusal (a used or expired tokenId, a wrong app id or secret, a dead token) or Dhan out of reach. */
function loginFailure(error: unknown): Error {
  if (error instanceof DhanError && error.status < 500 && !isRateLimited(error)) {
    return new BrokerLoginError('request_token_invalid', brokerLoginTexts.dhanRefused(error.message));
  }
  const detail = error instanceof Error ? error.message : String(error);
  return DomainError.said('broker_unavailable', brokerLoginTexts.dhanUnreachable(detail), { retryAfterSeconds: 5 });
}

export function createDhanBroker({ sessions, authRoot, trading, compliance }: DhanBrokerOptions): BrokerAdapter {
  async function createSession({ accountNumber, apiKey, apiSecret, requestToken, now }: SessionRequest) {
    let session: { clientId: string; accessToken: string; expiresAt: Date };
    try {
      if (isAccessToken(requestToken)) {
        const profile = await getProfile(sessions.withToken(apiKey, requestToken));
        session = { clientId: profile.dhanClientId, accessToken: requestToken, expiresAt: dhanTokenExpiry(null, now) };
      } else {
        const consumed = await consumeConsent(sessions.anonymous(apiKey), { appId: apiKey, appSecret: apiSecret }, requestToken);
        session = { clientId: consumed.dhanClientId, accessToken: consumed.accessToken, expiresAt: dhanTokenExpiry(consumed.expiryTime, now) };
      }
    } catch (error) {
      throw loginFailure(error);
    }
    if (session.clientId.toUpperCase() !== accountNumber.toUpperCase()) {
      // Someone logged in to Dhan as another client: that session must not trade this account.
      throw new BrokerLoginError('broker_account_mismatch', brokerLoginTexts.clientIdMismatch('Dhan', session.clientId, accountNumber));
    }
    return { accessToken: session.accessToken, expiresAt: session.expiresAt };
  }

  async function loginLink({ apiKey, apiSecret, accountNumber }: { apiKey: string; apiSecret: () => string; accountNumber: string }): Promise<string> {
    const app = { appId: apiKey, appSecret: apiSecret() };
    try {
      return dhanConsentLoginUrl(authRoot, await generateConsent(sessions.anonymous(apiKey), app, accountNumber));
    } catch (error) {
      const failure = loginFailure(error);
      throw failure instanceof BrokerLoginError ? DomainError.said('broker_refused', failure.text) : failure;
    }
  }

  return {
    slug: dhanSlug,
    loginUrl: `${authRoot}/login/consentApp-login`,
    loginLink,
    keptLoginState: (code) => !isAccessToken(code),
    accessTokenLogin: true,
    createSession,
    ...(trading === undefined ? {} : { trading }),
    ...(compliance === undefined ? {} : { compliance }),
  };
}
