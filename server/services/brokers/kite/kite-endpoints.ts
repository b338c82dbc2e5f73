// Where Kite lives. Production by default; tests and the browser suite point all three at the Kite-compatible
// server in tests/kite-server through the environment.
import { trimSlash } from '../live/http-wire.ts';

export type KiteEndpoints = {
  /** REST root, no trailing slash: https://api.kite.trade */
  apiRoot: string;
  /** The login page the trader is sent to, before its `?v=3&api_key=` query. */
  loginUrl: string;
  /** The ticker WebSocket, before its `?api_key=&access_token=` query. */
  tickerUrl: string;
};

export const productionKiteEndpoints: KiteEndpoints = {
  apiRoot: 'https://api.kite.trade',
  loginUrl: 'https://kite.zerodha.com/connect/login',
  tickerUrl: 'wss://ws.kite.trade',
};

export function kiteEndpointsFromEnv(env: Record<string, string | undefined>): KiteEndpoints {
  return {
    apiRoot: trimSlash(env.KITE_API_ROOT || productionKiteEndpoints.apiRoot),
    loginUrl: env.KITE_LOGIN_URL || productionKiteEndpoints.loginUrl,
    tickerUrl: env.KITE_TICKER_URL || productionKiteEndpoints.tickerUrl,
  };
}

/** The login page for one app: Kite wants `v=3` and the app's api_key. */
export function kiteLoginUrl(loginUrl: string, apiKey: string): string {
  const url = new URL(loginUrl);
  url.searchParams.set('v', '3');
  url.searchParams.set('api_key', apiKey);
  return url.toString();
}
