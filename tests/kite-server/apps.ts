// Kite Connect apps registered with the test server, and their sessions. An app is an api_key with its
// secret, the redirect URL its login returns to, an optional postback URL, and the one trading account
// (client ID and password) allowed to log into it. Request tokens are single-use and live five minutes;
// access tokens die at 06:00 IST the next morning, or when a test expires them all at once.
import { randomBytes } from 'node:crypto';
import { sessionChecksum } from '../../server/services/brokers/broker-adapter.ts';
import { formatKiteTime } from '../../server/services/brokers/kite/kite-json.ts';
import { nextSessionExpiry } from '../../server/services/market/ist.ts';
import { AnswerError, inputError, tokenError } from './answer-error.ts';
import type { Account } from './order-book.ts';

export type AppConfig = {
  apiKey: string;
  apiSecret: string;
  redirectUrl: string;
  postbackUrl?: string | null;
  userId?: string;
  password?: string;
  userName?: string;
};

export type App = Required<AppConfig> & { account: Account; margins: unknown };

type AccessToken = { app: App; expiresAt: Date; revoked: boolean };

const requestTokenLifeMs = 5 * 60 * 1000;

export function defaultMargins(netRupees: number) {
  const segment = (net: number) => ({
    enabled: true,
    net,
    available: { adhoc_margin: 0, cash: net, opening_balance: net, live_balance: net, collateral: 0, intraday_payin: 0 },
    utilised: {
      debits: 0, exposure: 0, m2m_realised: 0, m2m_unrealised: 0, option_premium: 0, payout: 0, span: 0,
      holding_sales: 0, turnover: 0, liquid_collateral: 0, stock_collateral: 0, delivery: 0,
    },
  });
  return { equity: segment(netRupees), commodity: segment(0) };
}

/** The equity segment's `net` of a margins answer, in paise (0 when it has none). */
function equityNetPaise(margins: unknown): number {
  if (typeof margins !== 'object' || margins === null || !('equity' in margins)) return 0;
  const equity = margins.equity;
  if (typeof equity !== 'object' || equity === null || !('net' in equity) || typeof equity.net !== 'number') return 0;
  return Math.round(equity.net * 100);
}

export type Apps = ReturnType<typeof createApps>;

export function createApps(clock: () => Date) {
  const apps = new Map<string, App>();
  const requestTokens = new Map<string, { app: App; expiresAt: number }>();
  const accessTokens = new Map<string, AccessToken>();

  function register(config: AppConfig): App {
    const app: App = {
      postbackUrl: null,
      userId: 'AB1234',
      password: 'secret',
      userName: 'Test Trader',
      ...config,
      account: { apiKey: config.apiKey, userId: config.userId ?? 'AB1234', availableMarginPaise: () => equityNetPaise(app.margins) },
      margins: defaultMargins(500_000),
    };
    apps.set(config.apiKey, app);
    return app;
  }

  function live(token: AccessToken | undefined): token is AccessToken {
    return token !== undefined && !token.revoked && token.expiresAt.getTime() > clock().getTime();
  }

  return {
    register,
    get: (apiKey: string) => apps.get(apiKey),
    all: () => [...apps.values()],
    issueRequestToken(app: App): string {
      const token = randomBytes(16).toString('hex');
      requestTokens.set(token, { app, expiresAt: clock().getTime() + requestTokenLifeMs });
      return token;
    },
    /** POST /session/token. */
    createSession(form: URLSearchParams) {
      const app = apps.get(form.get('api_key') ?? '');
      if (!app) throw inputError('Invalid `api_key`.');
      const requestToken = form.get('request_token') ?? '';
      const issued = requestTokens.get(requestToken);
      if (!issued || issued.app !== app || issued.expiresAt <= clock().getTime()) throw tokenError('Token is invalid or has expired.');
      if (form.get('checksum') !== sessionChecksum(app.apiKey, requestToken, app.apiSecret)) throw tokenError('Invalid `checksum`.');
      requestTokens.delete(requestToken);
      const accessToken = randomBytes(16).toString('hex');
      accessTokens.set(accessToken, { app, expiresAt: nextSessionExpiry(clock()), revoked: false });
      return {
        user_type: 'individual',
        email: `${app.userId.toLowerCase()}@example.com`,
        user_name: app.userName,
        user_shortname: app.userName.split(' ')[0] ?? app.userName,
        broker: 'ZERODHA',
        exchanges: ['NSE', 'NFO', 'BFO', 'BSE'],
        products: ['CNC', 'NRML', 'MIS'],
        order_types: ['MARKET', 'LIMIT', 'SL', 'SL-M'],
        avatar_url: null,
        user_id: app.userId,
        api_key: app.apiKey,
        access_token: accessToken,
        public_token: randomBytes(8).toString('hex'),
        enctoken: '',
        refresh_token: '',
        silo: '',
        login_time: formatKiteTime(clock()),
        meta: { demat_consent: 'physical' },
      };
    },
    /** `Authorization: token api_key:access_token`, or a 403 TokenException. */
    authenticate(header: string | undefined): App {
      const match = /^token ([^:\s]+):(\S+)$/.exec(header ?? '');
      const token = match ? accessTokens.get(match[2] ?? '') : undefined;
      if (!match || !live(token) || token.app.apiKey !== match[1]) throw tokenError();
      return token.app;
    },
    isLive: (apiKey: string, accessToken: string) => {
      const token = accessTokens.get(accessToken);
      return live(token) && token.app.apiKey === apiKey;
    },
    invalidate(apiKey: string, accessToken: string): void {
      const token = accessTokens.get(accessToken);
      if (!token || token.app.apiKey !== apiKey) throw new AnswerError(403, 'TokenException', 'Invalid session.');
      token.revoked = true;
    },
    /** Revokes every access token, or only one app's (one trader's session ends, the others' go on). */
    expireAll(apiKey?: string): void {
      for (const token of accessTokens.values()) if (apiKey === undefined || token.app.apiKey === apiKey) token.revoked = true;
    },
  };
}
