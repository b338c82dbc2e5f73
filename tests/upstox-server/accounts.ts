// Apps, login codes and access tokens, as Upstox keeps them: a code is single-use whatever the outcome of its
// exchange (https://upstox.com/developer/api-documentation/get-token) and lives ten minutes here (Upstox does
// not publish its lifetime); a token lives until 03:30 IST the next morning, or the same morning when issued
// before 03:30; logging out revokes it.
import { randomBytes, randomUUID } from 'node:crypto';
import { invalidToken, UpstoxRefusal } from './http-util.ts';

export type AppConfig = {
  apiKey: string;
  apiSecret: string;
  redirectUri: string;
  /** The user (UCC) who logs in through the dialog; default AB1234 / secret. */
  userId?: string;
  password?: string;
  /** Where order updates are POSTed (Upstox's "postback URL" of the app), or null for none. */
  webhookUrl?: string | null;
};

export type App = Required<AppConfig>;
export type Session = { app: App; userId: string; token: string; expiresAt: number; revoked: boolean };

const codeLifetimeMs = 10 * 60_000;
const istMs = 330 * 60_000;
const dayMs = 86_400_000;

/** 03:30 IST after `issuedAt` (ms). */
export function tokenExpiry(issuedAt: number): number {
  const ist = issuedAt + istMs;
  const dayStart = ist - (ist % dayMs);
  const expiry = dayStart + 210 * 60_000;
  return (ist < expiry ? expiry : expiry + dayMs) - istMs;
}

export function createAccounts(clock: () => Date) {
  const apps = new Map<string, App>();
  const codes = new Map<string, { app: App; userId: string; issuedAt: number }>();
  const sessions = new Map<string, Session>();

  return {
    register(config: AppConfig): App {
      const app: App = { userId: 'AB1234', password: 'secret', webhookUrl: null, ...config };
      apps.set(app.apiKey, app);
      return app;
    },
    app: (apiKey: string) => apps.get(apiKey),
    /** The apps a user logs in to (each gets the user's order updates). */
    appsOf: (userId: string) => [...apps.values()].filter((app) => app.userId === userId),
    /** A 6-character code, as Upstox's documented example (mk404x). */
    issueCode(app: App, userId: string): string {
      const code = randomBytes(3).toString('hex');
      codes.set(code, { app, userId, issuedAt: clock().getTime() });
      return code;
    },
    exchange(form: URLSearchParams): Session {
      const code = form.get('code') ?? '';
      const issued = codes.get(code);
      codes.delete(code);
      const app = apps.get(form.get('client_id') ?? '');
      if (form.get('grant_type') !== 'authorization_code') throw new UpstoxRefusal(400, 'UDAPI100036', "grant_type must be 'authorization_code'.");
      if (!app || app.apiSecret !== form.get('client_secret')) throw new UpstoxRefusal(401, 'UDAPI100016', 'Invalid Credentials');
      if (app.redirectUri !== form.get('redirect_uri')) throw new UpstoxRefusal(400, 'UDAPI100068', "Check your 'client_id' and 'redirect_uri'; one or both are incorrect.");
      const now = clock().getTime();
      if (!issued || issued.app !== app || now - issued.issuedAt > codeLifetimeMs) throw new UpstoxRefusal(401, 'UDAPI100016', 'Invalid Credentials');
      const session = { app, userId: issued.userId, token: randomUUID().replaceAll('-', ''), expiresAt: tokenExpiry(now), revoked: false };
      sessions.set(session.token, session);
      return session;
    },
    /** The session of a `Bearer` header; 401 UDAPI100050 for a missing, unknown, revoked or expired token. */
    authenticate(header: string | undefined): Session {
      const token = header?.startsWith('Bearer ') ? header.slice(7) : '';
      const session = sessions.get(token);
      if (!session || session.revoked || clock().getTime() >= session.expiresAt) throw invalidToken();
      return session;
    },
    revoke(session: Session): void {
      session.revoked = true;
    },
    /** Every token (or one app's) stops working, as at 03:30 IST or a logout elsewhere. */
    expireAll(apiKey?: string): Session[] {
      const ended = [...sessions.values()].filter((session) => !session.revoked && (apiKey === undefined || session.app.apiKey === apiKey));
      for (const session of ended) session.revoked = true;
      return ended;
    },
    /** Every token issued, revoked or not, oldest first. */
    all: (): Session[] => [...sessions.values()],
  };
}

export type Accounts = ReturnType<typeof createAccounts>;
