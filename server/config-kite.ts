// Where Kite Connect lives: KITE_API_ROOT, KITE_LOGIN_URL and KITE_TICKER_URL (Zerodha's by default), read
// at start so tests, the browser suite and operators can point the adapter at another Kite-compatible server.
import { ConfigError } from './config-error.ts';
import { kiteEndpointsFromEnv, type KiteEndpoints } from './services/brokers/kite/kite-endpoints.ts';

function check(name: string, value: string, protocols: readonly string[]): void {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(`${name} must be a URL like ${protocols[protocols.length - 1]}//example.com, got "${value}".`);
  }
  if (!protocols.includes(url.protocol) || url.search !== '' || url.hash !== '') {
    throw new ConfigError(`${name} must be a ${protocols.join(' or ')} URL without a query, got "${value}".`);
  }
}

export function parseKiteConfig(env: NodeJS.ProcessEnv): KiteEndpoints {
  const endpoints = kiteEndpointsFromEnv({
    KITE_API_ROOT: env.KITE_API_ROOT?.trim(),
    KITE_LOGIN_URL: env.KITE_LOGIN_URL?.trim(),
    KITE_TICKER_URL: env.KITE_TICKER_URL?.trim(),
  });
  check('KITE_API_ROOT', endpoints.apiRoot, ['http:', 'https:']);
  check('KITE_LOGIN_URL', endpoints.loginUrl, ['http:', 'https:']);
  check('KITE_TICKER_URL', endpoints.tickerUrl, ['ws:', 'wss:']);
  return endpoints;
}
