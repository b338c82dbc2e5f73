// Where Dhan lives. Production by default; tests and the browser suite point them at the Dhan-compatible server
// in tests/dhan-server through the environment (DHAN_API_ROOT, DHAN_AUTH_ROOT, DHAN_SCRIP_MASTER_URL). An
// operator who points DHAN_API_ROOT elsewhere (a test server) logs in there too unless DHAN_AUTH_ROOT says
// otherwise, so no login can reach the real Dhan from a server set up for tests.
import { trimSlash } from '../live/http-wire.ts';

export type DhanEndpoints = {
  /** The v2 REST root, no trailing slash: https://api.dhan.co */
  apiRoot: string;
  /** The consent flow's root (generate consent, the login page, consume consent): https://auth.dhan.co */
  authRoot: string;
  /** Dhan's scrip master (compact CSV), read each morning: https://dhanhq.co/docs/v2/instruments/ */
  scripMasterUrl: string;
};

export const productionDhanEndpoints: DhanEndpoints = {
  apiRoot: 'https://api.dhan.co',
  authRoot: 'https://auth.dhan.co',
  scripMasterUrl: 'https://images.dhan.co/api-data/api-scrip-master.csv',
};

export function dhanEndpointsFromEnv(env: Record<string, string | undefined>): DhanEndpoints {
  const apiRoot = trimSlash(env.DHAN_API_ROOT || productionDhanEndpoints.apiRoot);
  const authRoot = env.DHAN_AUTH_ROOT || (env.DHAN_API_ROOT ? apiRoot : productionDhanEndpoints.authRoot);
  return { apiRoot, authRoot: trimSlash(authRoot), scripMasterUrl: env.DHAN_SCRIP_MASTER_URL || productionDhanEndpoints.scripMasterUrl };
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
