// A Noren broker (Shoonya, Flattrade) behind StrikeDesk's BrokerAdapter. The login is the broker's redirect: the
// link is its login page for the account's app (api_key); after the trader logs in, the broker redirects to the
// redirect URL fixed in the trader's app at the broker with a `code` (Flattrade adds the `client`), which cannot
// carry StrikeDesk's state, so the login uses up the state this trader's link of this account issued
// (`keptLoginState`); the code is exchanged once for the session's token with the broker's SHA-256 checksum
// (noren-session.ts), and a user other than the account's is refused. Noren documents no call that revokes an
// OAuth token: a log-out drops StrikeDesk's copy, and the token dies with the broker's session.
import { DomainError } from '../../domain-error.ts';
import { brokerLoginTexts } from '../../texts/broker-account-texts.ts';
import { BrokerLoginError, type BrokerAdapter, type BrokerCompliance, type SessionRequest } from '../broker-adapter.ts';
import type { BrokerTrading } from '../broker-trading.ts';
import type { NorenBrokerKind, NorenEndpoints } from '../noren/noren-endpoints.ts';
import { isRateLimited, NorenError } from '../noren/noren-errors.ts';
import { exchangeCode, norenTokenExpiry } from '../noren/noren-session.ts';
import type { HttpClientOptions } from '../live/http-wire.ts';

export type NorenBrokerOptions = {
  kind: NorenBrokerKind;
  endpoints: NorenEndpoints;
  http?: HttpClientOptions;
  trading?: BrokerTrading | undefined;
  compliance?: BrokerCompliance | undefined;
};

export function createNorenBroker({ kind, endpoints, http = {}, trading, compliance }: NorenBrokerOptions): BrokerAdapter {
  /** A refusal (a used or expired code, a checksum refused) or the broker out of reach. */
  function loginFailure(error: unknown): Error {
    if (error instanceof NorenError && error.status < 500 && !isRateLimited(error)) {
      return new BrokerLoginError('request_token_invalid', brokerLoginTexts.norenRefused(kind.name, error.message));
    }
    const detail = error instanceof Error ? error.message : String(error);
    return DomainError.said('broker_unavailable', brokerLoginTexts.norenUnreachable(kind.name, detail), { retryAfterSeconds: 5 });
  }

  async function createSession({ accountNumber, apiKey, apiSecret, requestToken, now }: SessionRequest) {
    let login;
    try {
      login = await exchangeCode(kind, endpoints, { apiKey, apiSecret }, requestToken, http);
    } catch (error) {
      throw loginFailure(error);
    }
    if (login.clientId.toUpperCase() !== accountNumber.toUpperCase()) {
      // Someone logged in to the broker as another client: that session must not trade this account.
      throw new BrokerLoginError('broker_account_mismatch', brokerLoginTexts.clientIdMismatch(kind.name, login.clientId, accountNumber));
    }
    return { accessToken: login.accessToken, expiresAt: norenTokenExpiry(login.expiresInSeconds, now) };
  }

  return {
    slug: kind.slug,
    loginUrl: kind.loginPage(endpoints.authRoot, '').replace(/[?&][^?&]*=$/, ''),
    loginLink: ({ apiKey }) => kind.loginPage(endpoints.authRoot, apiKey),
    keptLoginState: () => true,
    createSession,
    ...(trading === undefined ? {} : { trading }),
    ...(compliance === undefined ? {} : { compliance }),
  };
}
