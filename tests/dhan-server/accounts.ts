// Apps, consents and access tokens, as Dhan's API key flow keeps them (https://dhanhq.co/docs/v2/authentication,
// "API key & secret"): POST /app/generate-consent?client_id= with the app's `app_id` and `app_secret` headers
// answers a consentAppId; the browser login (/login/consentApp-login?consentAppId=) redirects to the app's
// redirect URL (fixed when the key was generated on web.dhan.co) with a tokenId; GET
// /app/consumeApp-consent?tokenId= with the same headers answers the access token, the client ID that logged
// in and the token's expiry, a day later. A consent and a tokenId work once here, for ten minutes (Dhan does
// not publish their lifetimes). A token pasted from web.dhan.co is one `issueToken` makes directly.
import { randomUUID } from 'node:crypto';
import { DhanRefusal, invalidAuthentication } from './http-util.ts';

export type AppConfig = {
  appId: string;
  appSecret: string;
  redirectUrl: string;
  /** The Dhan client ID that logs in through the login page; 1000000001 / secret by default. */
  clientId?: string;
  password?: string;
};

export type App = Required<AppConfig>;
export type Session = { clientId: string; token: string; expiresAt: number; revoked: boolean };

const consentLifetimeMs = 10 * 60_000;
const tokenLifetimeMs = 24 * 60 * 60_000;

const invalidApp = () => new DhanRefusal(400, 'Invalid_Authentication', 'DH-901', 'Invalid app_id or app_secret.');

export function createAccounts(clock: () => Date) {
  const apps = new Map<string, App>();
  const consents = new Map<string, { app: App; clientId: string; issuedAt: number; used: boolean }>();
  const tokenIds = new Map<string, { app: App; clientId: string; issuedAt: number }>();
  const sessions = new Map<string, Session>();

  function appOf(headers: { app_id?: string | undefined; app_secret?: string | undefined }): App {
    const app = apps.get(headers.app_id ?? '');
    if (!app || app.appSecret !== headers.app_secret) throw invalidApp();
    return app;
  }

  function issueToken(clientId: string): Session {
    const session = { clientId, token: `eyJ${randomUUID().replaceAll('-', '')}.${randomUUID().replaceAll('-', '')}.sig`, expiresAt: clock().getTime() + tokenLifetimeMs, revoked: false };
    sessions.set(session.token, session);
    return session;
  }

  return {
    register(config: AppConfig): App {
      const app: App = { clientId: '1000000001', password: 'secret', ...config };
      apps.set(app.appId, app);
      return app;
    },
    generateConsent(headers: { app_id?: string; app_secret?: string }, clientId: string): string {
      const app = appOf(headers);
      if (clientId === '') throw new DhanRefusal(400, 'Input_Exception', 'DH-905', 'client_id is required.');
      const consentAppId = randomUUID();
      consents.set(consentAppId, { app, clientId, issuedAt: clock().getTime(), used: false });
      return consentAppId;
    },
    consentOf(consentAppId: string) {
      const consent = consents.get(consentAppId);
      if (!consent || consent.used || clock().getTime() - consent.issuedAt > consentLifetimeMs) return null;
      return consent;
    },
    /** The login page's form went through: the consent is used up and a tokenId issued for who logged in. */
    logIn(consentAppId: string, clientId: string, password: string): { app: App; tokenId: string } | null {
      const consent = consents.get(consentAppId);
      if (!consent || consent.used || consent.app.clientId !== clientId || consent.app.password !== password) return null;
      consent.used = true;
      const tokenId = randomUUID();
      tokenIds.set(tokenId, { app: consent.app, clientId, issuedAt: clock().getTime() });
      return { app: consent.app, tokenId };
    },
    consume(headers: { app_id?: string; app_secret?: string }, tokenId: string): Session {
      const app = appOf(headers);
      const issued = tokenIds.get(tokenId);
      tokenIds.delete(tokenId);
      if (!issued || issued.app !== app || clock().getTime() - issued.issuedAt > consentLifetimeMs) throw new DhanRefusal(400, 'Invalid_Authentication', 'DH-901', 'Invalid tokenId.');
      return issueToken(issued.clientId);
    },
    issueToken,
    /** The session of an `access-token` header; DH-901 for a missing, unknown, revoked or expired token. */
    authenticate(token: string | undefined): Session {
      const session = sessions.get(token ?? '');
      if (!session || session.revoked || clock().getTime() >= session.expiresAt) throw invalidAuthentication();
      return session;
    },
    /** Every token (or one client's) stops working, as at its 24 hours' end or a new token generated on web.dhan.co. */
    expireAll(clientId?: string): void {
      for (const session of sessions.values()) if (clientId === undefined || session.clientId === clientId) session.revoked = true;
    },
    all: (): Session[] => [...sessions.values()],
  };
}

export type Accounts = ReturnType<typeof createAccounts>;
