// Where Upstox lives. Production by default; tests and the browser suite point them at the Upstox-compatible
// server in tests/upstox-server through the environment. The market feed's WebSocket address is not
// configured: it comes from Upstox's authorize answer (/v3/feed/market-data-feed/authorize).
import { trimSlash } from '../live/http-wire.ts';

export type UpstoxEndpoints = {
  /** REST root and login dialog, no trailing slash: https://api.upstox.com */
  apiRoot: string;
  /**
   * Place, modify and cancel. Upstox documents them at https://api-hft.upstox.com; an operator who points
   * UPSTOX_API_ROOT elsewhere (a test server) sends orders there too unless UPSTOX_ORDER_API_ROOT says
   * otherwise, so no order can reach the real Upstox from a server set up for tests.
   */
  orderApiRoot: string;
  /** Upstox's instrument file (gzipped JSON), read each morning. */
  instrumentsUrl: string;
};

export const productionUpstoxEndpoints: UpstoxEndpoints = {
  apiRoot: 'https://api.upstox.com',
  orderApiRoot: 'https://api-hft.upstox.com',
  // https://upstox.com/developer/api-documentation/instruments
  instrumentsUrl: 'https://assets.upstox.com/market-quote/instruments/exchange/complete.json.gz',
};

export function upstoxEndpointsFromEnv(env: Record<string, string | undefined>): UpstoxEndpoints {
  const apiRoot = trimSlash(env.UPSTOX_API_ROOT || productionUpstoxEndpoints.apiRoot);
  const orderRoot = env.UPSTOX_ORDER_API_ROOT || (env.UPSTOX_API_ROOT ? apiRoot : productionUpstoxEndpoints.orderApiRoot);
  return {
    apiRoot,
    orderApiRoot: trimSlash(orderRoot),
    instrumentsUrl: env.UPSTOX_INSTRUMENTS_URL || productionUpstoxEndpoints.instrumentsUrl,
  };
}

/**
 * The login dialog the trader is sent to. `state` comes back with the code and must be unguessable, bound to
 * the trader and the account, and single-use (the caller's job).
 * https://upstox.com/developer/api-documentation/authorize
 */
export function upstoxLoginUrl(apiRoot: string, login: { apiKey: string; redirectUri: string; state: string }): string {
  const url = new URL(`${apiRoot}/v2/login/authorization/dialog`);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', login.apiKey);
  url.searchParams.set('redirect_uri', login.redirectUri);
  url.searchParams.set('state', login.state);
  return url.toString();
}
