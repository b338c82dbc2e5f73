// Reads the server's environment once, at start-up, and fails loudly on a bad value: a typo in PORT
// should stop the server with a message, not make it listen somewhere unexpected.
import { isAbsolute, join, resolve } from 'node:path';
import { ConfigError } from './config-error.ts';
import { parseKiteConfig } from './config-kite.ts';
import { parseUpstoxConfig } from './config-upstox.ts';
import { parseDhanConfig } from './config-dhan.ts';
import { parseNorenConfig, type NorenConfig } from './config-noren.ts';
import { parseMarketConfig, type MarketConfig } from './config-market.ts';
import { parseHashConcurrency, parsePublicOrigin, parsePushServiceHosts, parseTimeouts, parseTrustProxy, type TrustProxy } from './config-network.ts';
import type { ServerTimeouts } from './http/timeouts.ts';
import type { KiteEndpoints } from './services/brokers/kite/kite-endpoints.ts';
import type { UpstoxEndpoints } from './services/brokers/upstox/upstox-endpoints.ts';
import type { DhanEndpoints } from './services/brokers/dhan/dhan-endpoints.ts';
import { repoRoot } from './paths.ts';
import { parseSecretKey } from './services/secrets/secret-key.ts';
import { isVapidSubject, parseVapidPair } from './services/alerts/vapid-keys.ts';

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

/** What /config.json tells the PWA: where its two backends are and the analytics public key. */
export type PublicRuntimeConfig = {
  /** '' means the same origin as the PWA. */
  apiBaseUrl: string;
  /** A path on this origin ('/analytics') or another origin's URL. */
  analyticsUrl: string;
  /** Identifies the app to the analytics backend, not the user; public by design. */
  analyticsAnonKey: string;
  /**
   * PUBLIC_ORIGIN, or '' (the API's own origin): where a bot's webhook address points, so TradingView and ChartInk
   * reach it through a reverse proxy or a tunnel while the trader opens StrikeDesk at a private address.
   */
  webhookOrigin: string;
};

/** The documented default key of the bundled analytics backend (README). */
export const defaultAnalyticsAnonKey = 'strikedesk-public-anon-key';

export const defaultPublicRuntimeConfig: PublicRuntimeConfig = {
  apiBaseUrl: '',
  analyticsUrl: '/analytics',
  analyticsAnonKey: defaultAnalyticsAnonKey,
  webhookOrigin: '',
};

export type ServerConfig = {
  port: number;
  host: string;
  dataDir: string;
  distDir: string;
  logLevel: LogLevel;
  /** Extra origins allowed in the CSP connect-src, e.g. a hosted analytics backend. */
  extraConnectSrc: string[];
  /** PostgreSQL instead of the embedded PGlite when set (DATABASE_URL). */
  databaseUrl: string | undefined;
  publicConfig: PublicRuntimeConfig;
  /** STRIKEDESK_SECRET_KEY: seals broker credentials; a key generated into DATA_DIR when absent. */
  secretKey: Buffer | undefined;
  /** REQUEST_TIMEOUT_MS, IDLE_TIMEOUT_MS, KEEP_ALIVE_TIMEOUT_MS. */
  timeouts: ServerTimeouts;
  /** TRUST_PROXY: whose X-Forwarded-For / -Proto / -Host to believe (per-IP limits behind a load balancer). */
  trustProxy: TrustProxy;
  /** PUBLIC_ORIGIN: the origin users reach the server at; an https one turns HSTS on for it. */
  publicOrigin: string | undefined;
  /** INSTANCE_ADDRESS: where the other instances on the database reach this one (a replay's book requests are forwarded there). */
  instanceAddress: string | undefined;
  /** PASSWORD_HASH_CONCURRENCY: password hashes run at once; more wait in a short line (hash-slots.ts). */
  hashConcurrency: number;
  /** MARKET_DEMO, MARKET_SEED, MARKET_TICK_MS, MARKET_RECORDING_DAYS, MARKET_RECORDING_SAMPLE_MS: the simulated market. */
  market: MarketConfig;
  /**
   * VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (together): the web push key pair, else one generated into
   * DATA_DIR/vapid.json; VAPID_SUBJECT: the contact push services may reach the operator at (mailto: or https:).
   */
  vapidKeys: { publicKey: string; privateKey: string } | undefined;
  vapidSubject: string | undefined;
  /** KITE_API_ROOT, KITE_LOGIN_URL, KITE_TICKER_URL: where Kite Connect is (Zerodha's by default). */
  kite: KiteEndpoints;
  /** UPSTOX_API_ROOT, UPSTOX_ORDER_API_ROOT, UPSTOX_INSTRUMENTS_URL: where Upstox is (Upstox's by default). */
  upstox: UpstoxEndpoints;
  /** DHAN_API_ROOT, DHAN_AUTH_ROOT, DHAN_SCRIP_MASTER_URL: where Dhan is (Dhan's by default). */
  dhan: DhanEndpoints;
  /** SHOONYA_* and FLATTRADE_* (API_ROOT, AUTH_ROOT, TOKEN_URL, SCRIP_MASTER_URL): where the Noren brokers are. */
  noren: NorenConfig;
  /** PUSH_SERVICE_HOSTS: the push services' hosts device endpoints may point at (the browsers' by default). */
  pushServiceHosts: readonly string[];
};

export { ConfigError };

const logLevels: readonly LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

function isLogLevel(value: string): value is LogLevel {
  return (logLevels as readonly string[]).includes(value);
}

function parsePort(raw: string | undefined): number {
  if (raw === undefined || raw.trim() === '') return 8080;
  const text = raw.trim();
  const port = Number(text);
  if (!/^\d+$/.test(text) || !Number.isInteger(port) || port > 65535) {
    throw new ConfigError(`PORT must be a whole number from 0 to 65535, got "${raw}".`);
  }
  return port;
}

function parseHost(raw: string | undefined): string {
  const host = raw?.trim() ?? '';
  if (host === '') return '127.0.0.1';
  if (/[\s/]/.test(host)) throw new ConfigError(`HOST must be a host name or IP address, got "${raw}".`);
  return host;
}

/** Relative paths are taken from the working directory, like any command-line tool would. */
function parseDir(raw: string | undefined, fallback: string): string {
  const dir = raw?.trim() ?? '';
  if (dir === '') return fallback;
  return isAbsolute(dir) ? dir : resolve(process.cwd(), dir);
}

function parseLogLevel(raw: string | undefined): LogLevel {
  const level = raw?.trim().toLowerCase() ?? '';
  if (level === '') return 'info';
  if (!isLogLevel(level)) throw new ConfigError(`LOG_LEVEL must be one of ${logLevels.join(', ')}, got "${raw}".`);
  return level;
}

/** Only plain http(s)/ws(s) origins: anything else could smuggle directives into the CSP header. */
export function parseConnectSrc(raw: string | undefined): string[] {
  const sources = (raw ?? '').split(/[\s,]+/).filter((source) => source !== '');
  for (const source of sources) {
    if (!isCspOrigin(source)) {
      throw new ConfigError(`EXTRA_CONNECT_SRC entries must be origins like https://analytics.example.com, got "${source}".`);
    }
  }
  return sources;
}

export function isCspOrigin(source: string): boolean {
  return /^(https?|wss?):\/\/[A-Za-z0-9.\-*]+(:\d{1,5})?\/?$/.test(source);
}

function parseDatabaseUrl(raw: string | undefined): string | undefined {
  const url = raw?.trim() ?? '';
  if (url === '') return undefined;
  if (!/^postgres(ql)?:\/\//.test(url)) {
    throw new ConfigError('DATABASE_URL must be a PostgreSQL URL like postgres://user:password@host:5432/strikedesk.');
  }
  return url;
}

function absoluteHttpUrl(text: string): URL | null {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.search === '' && url.hash === '' ? url : null;
  } catch {
    return null;
  }
}

function parsePublicApiUrl(raw: string | undefined): string {
  const text = raw?.trim() ?? '';
  if (text === '') return '';
  if (absoluteHttpUrl(text) === null) {
    throw new ConfigError(`PUBLIC_API_URL must be an http(s) URL like https://api.example.com, got "${raw}".`);
  }
  return text.replace(/\/+$/, '');
}

function parseAnalyticsUrl(raw: string | undefined): string {
  const text = raw?.trim() ?? '';
  if (text === '') return defaultPublicRuntimeConfig.analyticsUrl;
  // A path on this origin; `//host` would be another origin in disguise.
  const isPath = /^\/(?!\/)[^\s?#\\]*$/.test(text);
  if (!isPath && absoluteHttpUrl(text) === null) {
    throw new ConfigError(`ANALYTICS_URL must be a path like /analytics or an http(s) URL, got "${raw}".`);
  }
  return text.length > 1 ? text.replace(/\/+$/, '') : text;
}

function parseAnonKey(raw: string | undefined): string {
  const text = raw?.trim() ?? '';
  if (text === '') return defaultAnalyticsAnonKey;
  if (!/^[\x21-\x7e]{1,4096}$/.test(text)) throw new ConfigError('ANALYTICS_ANON_KEY must be printable text without spaces.');
  return text;
}

/** Origins of the backends that are not this server, which the CSP connect-src must let the PWA reach. */
export function backendOrigins(config: PublicRuntimeConfig): string[] {
  return [config.apiBaseUrl, config.analyticsUrl]
    .map((url) => absoluteHttpUrl(url)?.origin)
    .filter((origin): origin is string => origin !== undefined);
}

function parseSecretKeyEnv(raw: string | undefined): Buffer | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  const key = parseSecretKey(raw);
  if (key === null) {
    throw new ConfigError('STRIKEDESK_SECRET_KEY must be 32 random bytes in base64, e.g. the output of `openssl rand -base64 32`.');
  }
  return key;
}

function parseVapidKeys(publicKey: string | undefined, privateKey: string | undefined): { publicKey: string; privateKey: string } | undefined {
  const pub = publicKey?.trim() ?? '';
  const priv = privateKey?.trim() ?? '';
  if (pub === '' && priv === '') return undefined;
  const pair = pub === '' || priv === '' ? null : parseVapidPair(pub, priv);
  if (pair === null) {
    throw new ConfigError(
      'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together, as `npx web-push generate-vapid-keys` prints them (base64url P-256 keys).',
    );
  }
  return pair;
}

function parseVapidSubject(raw: string | undefined): string | undefined {
  const text = raw?.trim() ?? '';
  if (text === '') return undefined;
  if (!isVapidSubject(text)) throw new ConfigError(`VAPID_SUBJECT must be a mailto: address or an https: URL, got "${raw}".`);
  return text;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  return {
    port: parsePort(env.PORT),
    host: parseHost(env.HOST),
    dataDir: parseDir(env.DATA_DIR, join(repoRoot, '.data')),
    distDir: parseDir(env.DIST_DIR, join(repoRoot, 'dist')),
    logLevel: parseLogLevel(env.LOG_LEVEL),
    extraConnectSrc: parseConnectSrc(env.EXTRA_CONNECT_SRC),
    databaseUrl: parseDatabaseUrl(env.DATABASE_URL),
    publicConfig: {
      apiBaseUrl: parsePublicApiUrl(env.PUBLIC_API_URL),
      analyticsUrl: parseAnalyticsUrl(env.ANALYTICS_URL),
      analyticsAnonKey: parseAnonKey(env.ANALYTICS_ANON_KEY),
      webhookOrigin: parsePublicOrigin(env.PUBLIC_ORIGIN) ?? '',
    },
    secretKey: parseSecretKeyEnv(env.STRIKEDESK_SECRET_KEY),
    timeouts: parseTimeouts(env),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    publicOrigin: parsePublicOrigin(env.PUBLIC_ORIGIN),
    instanceAddress: parsePublicOrigin(env.INSTANCE_ADDRESS, 'INSTANCE_ADDRESS', 'http://10.0.0.5:3000'),
    hashConcurrency: parseHashConcurrency(env.PASSWORD_HASH_CONCURRENCY),
    market: parseMarketConfig(env),
    vapidKeys: parseVapidKeys(env.VAPID_PUBLIC_KEY, env.VAPID_PRIVATE_KEY),
    vapidSubject: parseVapidSubject(env.VAPID_SUBJECT),
    kite: parseKiteConfig(env),
    upstox: parseUpstoxConfig(env),
    dhan: parseDhanConfig(env),
    noren: parseNorenConfig(env),
    pushServiceHosts: parsePushServiceHosts(env.PUSH_SERVICE_HOSTS),
  };
}
