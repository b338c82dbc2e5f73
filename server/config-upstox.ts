// Where Upstox lives: UPSTOX_API_ROOT (REST and the login dialog), UPSTOX_ORDER_API_ROOT (orders; the API root
// when only that is set) and UPSTOX_INSTRUMENTS_URL (the instrument file), Upstox's by default, read at start so
// tests, the browser suite and operators can point the adapter at another Upstox-compatible server. The
// market feed's address comes from Upstox's authorize answer.
import { ConfigError } from './config-error.ts';
import { upstoxEndpointsFromEnv, type UpstoxEndpoints } from './services/brokers/upstox/upstox-endpoints.ts';

/** A configured broker root: an http(s) URL without a query (Upstox's, Dhan's: config-dhan.ts). */
export function check(name: string, value: string, protocols: readonly string[] = ['http:', 'https:']): void {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(`${name} must be a URL like https://example.com, got "${value}".`);
  }
  if (!protocols.includes(url.protocol) || url.search !== '' || url.hash !== '') {
    throw new ConfigError(`${name} must be an ${protocols.join(' or ')} URL without a query, got "${value}".`);
  }
}

/**
 * A broker's endpoints from the environment: each variable named in `names` trimmed, the endpoints built from
 * them (`fromEnv`, the broker's defaults for the rest), and each endpoint checked under its variable's name.
 */
export function checkedEndpoints<Endpoints extends { [K in keyof Endpoints]: string }>(
  env: NodeJS.ProcessEnv,
  names: { readonly [K in keyof Endpoints]: string },
  fromEnv: (trimmed: Record<string, string | undefined>) => Endpoints,
  /** The endpoints that are websockets (ws: or wss:). */
  sockets: readonly (keyof Endpoints)[] = [],
): Endpoints {
  const trimmed = Object.fromEntries(Object.values<string>(names).map((name) => [name, env[name]?.trim()]));
  const endpoints = fromEnv(trimmed);
  for (const key of Object.keys(names) as (keyof Endpoints)[]) check(names[key], endpoints[key], sockets.includes(key) ? ['ws:', 'wss:'] : undefined);
  return endpoints;
}

export function parseUpstoxConfig(env: NodeJS.ProcessEnv): UpstoxEndpoints {
  const endpoints = upstoxEndpointsFromEnv({
    UPSTOX_API_ROOT: env.UPSTOX_API_ROOT?.trim(),
    UPSTOX_ORDER_API_ROOT: env.UPSTOX_ORDER_API_ROOT?.trim(),
    UPSTOX_INSTRUMENTS_URL: env.UPSTOX_INSTRUMENTS_URL?.trim(),
  });
  check('UPSTOX_API_ROOT', endpoints.apiRoot);
  check('UPSTOX_ORDER_API_ROOT', endpoints.orderApiRoot);
  check('UPSTOX_INSTRUMENTS_URL', endpoints.instrumentsUrl);
  return endpoints;
}
