// Where Dhan lives. Production by default; tests and the browser suite point them at the Dhan-compatible server
// in tests/dhan-server through the environment (DHAN_API_ROOT, DHAN_AUTH_ROOT, DHAN_SCRIP_MASTER_URL,
// DHAN_FEED_URL, DHAN_ORDER_UPDATE_URL, DHAN_DEPTH_URL, DHAN_FULL_DEPTH_URL). An operator who points DHAN_API_ROOT elsewhere (a test server) logs in
// and opens the sockets there too unless told otherwise, so nothing reaches the real Dhan from a server set up
// for tests.
import { trimSlash } from '../live/http-wire.ts';

export type DhanEndpoints = {
  /** The v2 REST root, no trailing slash: https://api.dhan.co */
  apiRoot: string;
  /** The consent flow's root (generate consent, the login page, consume consent): https://auth.dhan.co */
  authRoot: string;
  /** Dhan's scrip master (compact CSV), read each morning: https://dhanhq.co/docs/v2/instruments/ */
  scripMasterUrl: string;
  /** The live market feed v2 (binary): wss://api-feed.dhan.co */
  feedUrl: string;
  /** The live order update socket (JSON): wss://api-order-update.dhan.co */
  orderUpdateUrl: string;
  /** The 20-level market depth socket (binary): wss://depth-api-feed.dhan.co/twentydepth */
  depthUrl: string;
  /** The 200-level market depth socket, one instrument a connection: wss://full-depth-api.dhan.co/twohundreddepth */
  fullDepthUrl: string;
};

export const productionDhanEndpoints: DhanEndpoints = {
  apiRoot: 'https://api.dhan.co',
  authRoot: 'https://auth.dhan.co',
  scripMasterUrl: 'https://images.dhan.co/api-data/api-scrip-master.csv',
  feedUrl: 'wss://api-feed.dhan.co',
  orderUpdateUrl: 'wss://api-order-update.dhan.co',
  depthUrl: 'wss://depth-api-feed.dhan.co/twentydepth',
  fullDepthUrl: 'wss://full-depth-api.dhan.co/twohundreddepth',
};

export function dhanEndpointsFromEnv(env: Record<string, string | undefined>): DhanEndpoints {
  const apiRoot = trimSlash(env.DHAN_API_ROOT || productionDhanEndpoints.apiRoot);
  const authRoot = env.DHAN_AUTH_ROOT || (env.DHAN_API_ROOT ? apiRoot : productionDhanEndpoints.authRoot);
  // A test server's sockets beside its REST API, unless told otherwise: no socket reaches the real Dhan then.
  const local = (path: string) => (env.DHAN_API_ROOT ? `${apiRoot.replace(/^http/, 'ws')}${path}` : null);
  return {
    apiRoot,
    authRoot: trimSlash(authRoot),
    scripMasterUrl: env.DHAN_SCRIP_MASTER_URL || productionDhanEndpoints.scripMasterUrl,
    feedUrl: env.DHAN_FEED_URL || local('/feed') || productionDhanEndpoints.feedUrl,
    orderUpdateUrl: env.DHAN_ORDER_UPDATE_URL || local('/order-update') || productionDhanEndpoints.orderUpdateUrl,
    depthUrl: env.DHAN_DEPTH_URL || local('/twentydepth') || productionDhanEndpoints.depthUrl,
    fullDepthUrl: env.DHAN_FULL_DEPTH_URL || local('/twohundreddepth') || productionDhanEndpoints.fullDepthUrl,
  };
}

/**
 * Dhan's login page for a consent (https://dhanhq.co/docs/v2/authentication, step 2): after the trader logs in it
 * redirects to the app's redirect URL, fixed when the API key was generated on web.dhan.co, with a `tokenId`.
 */
export function dhanConsentLoginUrl(authRoot: string, consentAppId: string): string {
  const url = new URL(`${authRoot}/login/consentApp-login`);
  url.searchParams.set('consentAppId', consentAppId);
  return url.toString();
}
