// The two Noren brokers StrikeDesk speaks to, which run the same order system (Noren OMS, by Kambala Solutions)
// and differ in where it lives, how a login's code becomes a token, and their names. Production by default;
// tests and the browser suite point them at the Noren-compatible server in tests/noren-server through the
// environment (SHOONYA_API_ROOT, SHOONYA_AUTH_ROOT, SHOONYA_SCRIP_MASTER_URL; FLATTRADE_* the same). An operator
// who points the API root elsewhere (a test server) logs in there too unless the auth root says otherwise, so no
// login can reach a real broker from a server set up for tests.
//
// Sources (read 30 November 2026): Noren's REST API as Shoonya publishes it (github.com/Shoonya-Dev/ShoonyaApi-py,
// NorenRestApiPy: host https://api.shoonya.com/NorenWClientTP/) and its OAuth login (GenAcsTok: jData {code,
// checksum}, checksum SHA-256 of client id + secret + code; docs.infinn.in/login_and_user_details/genacstok,
// zebumyntapi.web.app/OAuth/Authentication: the login page /OAuthlogin/authorize/oauth?client_id=, the redirect
// with ?code=); Flattrade's PiConnect (pi.flattrade.in/docs: host https://piconnect.flattrade.in/PiConnectTP/,
// the login page auth.flattrade.in/?app_key=, the redirect with ?code=&client=, the token call
// authapi.flattrade.in/trade/apitoken with api_secret = SHA-256 of api_key + request_code + api_secret).
import { createHash } from 'node:crypto';
import { trimSlash } from '../live/http-wire.ts';

export type NorenSlug = 'shoonya' | 'flattrade';

export type NorenEndpoints = {
  /** The REST root every call's name is appended to, no trailing slash: https://api.shoonya.com/NorenWClientTP */
  apiRoot: string;
  /** Where the login page and the code's exchange live (Flattrade's auth hosts; Shoonya's own site). */
  authRoot: string;
  /** Where a login's code is exchanged for the session's token (Shoonya's GenAcsTok, Flattrade's apitoken). */
  tokenUrl: string;
  /** The NFO scrip master (Noren's NFO_symbols.txt, zipped or not), read each morning. */
  scripMasterUrl: string;
  /** Noren's JSON websocket (touchline, depth, order updates). */
  feedUrl: string;
};

/** What tells one Noren broker from the other. */
export type NorenBrokerKind = {
  slug: NorenSlug;
  /** The broker's name in the trader's texts. */
  name: string;
  /** The environment's prefix for its endpoints. */
  envPrefix: 'SHOONYA' | 'FLATTRADE';
  production: NorenEndpoints;
  /** How the session's token travels with each call: in the body (`jKey`, Flattrade) or as a Bearer header (Noren's OAuth token). */
  tokenIn: 'jKey' | 'bearer';
  /** The token call's path on a test server's root (tokenUrl when the roots are overridden). */
  tokenPath: string;
  /** The websocket's path on a test server's origin (feedUrl when the API root is overridden). */
  feedPath: string;
  /** Shoonya's GenAcsTok takes Noren's `jData={…}`; Flattrade's apitoken plain JSON. */
  tokenBody: 'jData' | 'json';
  /** The login page a trader is sent to for this app (api_key). */
  loginPage: (authRoot: string, apiKey: string) => string;
  /** The checksum the code's exchange carries, as the broker specifies it. */
  checksum: (apiKey: string, apiSecret: string, code: string) => string;
};

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export const shoonya: NorenBrokerKind = {
  slug: 'shoonya',
  name: 'Shoonya',
  envPrefix: 'SHOONYA',
  production: {
    apiRoot: 'https://api.shoonya.com/NorenWClientTP',
    authRoot: 'https://trade.shoonya.com',
    tokenUrl: 'https://api.shoonya.com/NorenWClientTP/GenAcsTok',
    feedUrl: 'wss://api.shoonya.com/NorenWSTP/',
    scripMasterUrl: 'https://api.shoonya.com/NFO_symbols.txt.zip',
  },
  tokenIn: 'bearer',
  tokenPath: '/GenAcsTok',
  feedPath: '/NorenWSTP/',
  tokenBody: 'jData',
  loginPage: (authRoot, apiKey) => `${authRoot}/OAuthlogin/authorize/oauth?client_id=${encodeURIComponent(apiKey)}`,
  // GenAcsTok: SHA-256 of the client id (the app's key), the secret and the code, joined without spaces.
  checksum: (apiKey, apiSecret, code) => sha256(`${apiKey}${apiSecret}${code}`),
};

export const flattrade: NorenBrokerKind = {
  slug: 'flattrade',
  name: 'Flattrade',
  envPrefix: 'FLATTRADE',
  production: {
    apiRoot: 'https://piconnect.flattrade.in/PiConnectTP',
    authRoot: 'https://auth.flattrade.in',
    tokenUrl: 'https://authapi.flattrade.in/trade/apitoken',
    feedUrl: 'wss://piconnect.flattrade.in/PiConnectWSTp/',
    // Noren's tokens are the exchange's and its trading symbols Noren's own: Shoonya's public file names
    // Flattrade's contracts too. FLATTRADE_SCRIP_MASTER_URL points elsewhere.
    scripMasterUrl: 'https://api.shoonya.com/NFO_symbols.txt.zip',
  },
  tokenIn: 'jKey',
  tokenPath: '/trade/apitoken',
  feedPath: '/PiConnectWSTp/',
  tokenBody: 'json',
  loginPage: (authRoot, apiKey) => `${authRoot}/?app_key=${encodeURIComponent(apiKey)}`,
  // /trade/apitoken: api_secret = SHA-256 of api_key + request_code + api_secret.
  checksum: (apiKey, apiSecret, code) => sha256(`${apiKey}${code}${apiSecret}`),
};

export const norenBrokers = [shoonya, flattrade] as const;

export function norenEndpointsFromEnv(kind: NorenBrokerKind, env: Record<string, string | undefined>): NorenEndpoints {
  const api = env[`${kind.envPrefix}_API_ROOT`];
  const auth = env[`${kind.envPrefix}_AUTH_ROOT`];
  const apiRoot = trimSlash(api || kind.production.apiRoot);
  const authRoot = auth || (api ? new URL(apiRoot).origin : kind.production.authRoot);
  const tokenUrl = env[`${kind.envPrefix}_TOKEN_URL`] || (api || auth ? `${trimSlash(authRoot)}${kind.tokenPath}` : kind.production.tokenUrl);
  const feedUrl = env[`${kind.envPrefix}_FEED_URL`] || (api ? `${new URL(apiRoot).origin.replace(/^http/, 'ws')}${kind.feedPath}` : kind.production.feedUrl);
  return { apiRoot, authRoot: trimSlash(authRoot), tokenUrl, scripMasterUrl: env[`${kind.envPrefix}_SCRIP_MASTER_URL`] || kind.production.scripMasterUrl, feedUrl };
}
