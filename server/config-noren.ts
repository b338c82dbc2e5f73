// Where the Noren brokers live: for each, <PREFIX>_API_ROOT (the REST root calls are appended to),
// <PREFIX>_AUTH_ROOT (the login page; the API root's origin when only that is set), <PREFIX>_TOKEN_URL (the code's
// exchange), <PREFIX>_SCRIP_MASTER_URL (the NFO scrip master) and <PREFIX>_FEED_URL (the websocket), with SHOONYA and FLATTRADE as prefixes, the
// brokers' own by default, read at start so tests, the browser suite and operators can point the adapter at
// another Noren-compatible server.
import { checkedEndpoints } from './config-upstox.ts';
import { flattrade, norenEndpointsFromEnv, shoonya, type NorenBrokerKind, type NorenEndpoints } from './services/brokers/noren/noren-endpoints.ts';

export type NorenConfig = { shoonya: NorenEndpoints; flattrade: NorenEndpoints };

function parseOne(env: NodeJS.ProcessEnv, kind: NorenBrokerKind): NorenEndpoints {
  const p = kind.envPrefix;
  return checkedEndpoints<NorenEndpoints>(env, { apiRoot: `${p}_API_ROOT`, authRoot: `${p}_AUTH_ROOT`, tokenUrl: `${p}_TOKEN_URL`, scripMasterUrl: `${p}_SCRIP_MASTER_URL`, feedUrl: `${p}_FEED_URL` }, (trimmed) => norenEndpointsFromEnv(kind, trimmed), ['feedUrl']);
}

export function parseNorenConfig(env: NodeJS.ProcessEnv): NorenConfig {
  return { shoonya: parseOne(env, shoonya), flattrade: parseOne(env, flattrade) };
}
