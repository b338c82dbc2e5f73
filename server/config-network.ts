// The environment variables about the network around the server: how long it waits on clients,
// which proxies it believes about the client's address and protocol, the public origin it is reached at,
// how many password hashes it runs at once, and which push services it may send to. Parsed once at
// start-up; a bad value stops the server.
import { isIP } from 'node:net';
import { ConfigError } from './config-error.ts';
import { defaultServerTimeouts, type ServerTimeouts } from './http/timeouts.ts';
import { defaultHashConcurrency } from './services/accounts/hash-slots.ts';
import { defaultPushServiceHosts, pushHostEntryOf } from './services/alerts/push-targets.ts';

/** Fastify's trustProxy: nobody, everybody, or these addresses / CIDR ranges / proxy-addr names. */
export type TrustProxy = boolean | string[];

const proxyAddrNames = ['loopback', 'linklocal', 'uniquelocal'];

function parseWhole(name: string, raw: string | undefined, fallback: number, min: number, max: number): number {
  const text = raw?.trim() ?? '';
  if (text === '') return fallback;
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < min || value > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max}, got "${raw}".`);
  }
  return value;
}

const hour = 3_600_000;

export function parseTimeouts(env: NodeJS.ProcessEnv): ServerTimeouts {
  return {
    requestMs: parseWhole('REQUEST_TIMEOUT_MS', env.REQUEST_TIMEOUT_MS, defaultServerTimeouts.requestMs, 1000, hour),
    idleMs: parseWhole('IDLE_TIMEOUT_MS', env.IDLE_TIMEOUT_MS, defaultServerTimeouts.idleMs, 1000, hour),
    keepAliveMs: parseWhole('KEEP_ALIVE_TIMEOUT_MS', env.KEEP_ALIVE_TIMEOUT_MS, defaultServerTimeouts.keepAliveMs, 1000, hour),
  };
}

export function parseHashConcurrency(raw: string | undefined): number {
  return parseWhole('PASSWORD_HASH_CONCURRENCY', raw, defaultHashConcurrency, 1, 64);
}

function isAddressOrRange(entry: string): boolean {
  if (proxyAddrNames.includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d{1,3}$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: `true` believes X-Forwarded-* from anyone (only safe when nothing but the proxy can
 * reach the server); better, the proxy's addresses or ranges. A hop count is refused: it cannot tell the
 * proxy from a client that forged the header (Fastify 5 ignores it for that reason).
 */
export function parseTrustProxy(raw: string | undefined): TrustProxy {
  const text = raw?.trim() ?? '';
  if (text === '' || text.toLowerCase() === 'false') return false;
  if (text.toLowerCase() === 'true') return true;
  const entries = text.split(',').map((entry) => entry.trim()).filter((entry) => entry !== '');
  const bad = entries.find((entry) => !isAddressOrRange(entry));
  if (bad !== undefined || entries.length === 0) {
    throw new ConfigError(
      `TRUST_PROXY must be true, false, or the proxy's addresses or ranges like 10.0.0.0/8,loopback, got "${bad ?? raw}".`,
    );
  }
  return entries;
}

/** PUBLIC_ORIGIN: where users reach this server, e.g. https://trade.example.in (HSTS is sent there). */
export function parsePublicOrigin(raw: string | undefined, name = 'PUBLIC_ORIGIN', example = 'https://trade.example.in'): string | undefined {
  const text = raw?.trim() ?? '';
  if (text === '') return undefined;
  let url: URL | null;
  try {
    url = new URL(text);
  } catch {
    url = null;
  }
  const isOrigin = url !== null && (url.protocol === 'https:' || url.protocol === 'http:') && url.pathname === '/' && url.search === '' && url.hash === '';
  if (url === null || !isOrigin || url.username !== '' || url.password !== '') {
    throw new ConfigError(`${name} must be an origin like ${example} (no path), got "${raw}".`);
  }
  return url.origin;
}

/**
 * PUSH_SERVICE_HOSTS: the hosts push endpoints may point at, replacing the browsers' push services; each a
 * host name, `*.` and a domain for any name under it, or an origin trusted as it is (a push service of your own).
 */
export function parsePushServiceHosts(raw: string | undefined): readonly string[] {
  const text = raw?.trim() ?? '';
  if (text === '') return defaultPushServiceHosts;
  const entries = text.split(',').map((entry) => entry.trim()).filter((entry) => entry !== '');
  const hosts = entries.map(pushHostEntryOf);
  const bad = entries.find((_, index) => hosts[index] === null);
  if (bad !== undefined || hosts.length === 0) {
    throw new ConfigError(
      `PUSH_SERVICE_HOSTS must list push service hosts like fcm.googleapis.com,*.push.apple.com (or an origin like https://push.example.in), got "${bad ?? raw}".`,
    );
  }
  return hosts.filter((host): host is string => host !== null);
}
