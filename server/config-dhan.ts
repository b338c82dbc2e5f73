// Where Dhan lives: DHAN_API_ROOT (the v2 REST API), DHAN_AUTH_ROOT (the consent flow; the API root when only that
// is set), DHAN_SCRIP_MASTER_URL (the scrip master CSV), DHAN_FEED_URL and DHAN_ORDER_UPDATE_URL (the market feed's
// and order updates' sockets; the API root's when only that is set), Dhan's by default, read at start so tests, the browser
// suite and operators can point the adapter at another Dhan-compatible server.
import { check } from './config-upstox.ts';
import { dhanEndpointsFromEnv, type DhanEndpoints } from './services/brokers/dhan/dhan-endpoints.ts';

export function parseDhanConfig(env: NodeJS.ProcessEnv): DhanEndpoints {
  const endpoints = dhanEndpointsFromEnv({
    DHAN_API_ROOT: env.DHAN_API_ROOT?.trim(),
    DHAN_AUTH_ROOT: env.DHAN_AUTH_ROOT?.trim(),
    DHAN_SCRIP_MASTER_URL: env.DHAN_SCRIP_MASTER_URL?.trim(),
    DHAN_FEED_URL: env.DHAN_FEED_URL?.trim(),
    DHAN_ORDER_UPDATE_URL: env.DHAN_ORDER_UPDATE_URL?.trim(),
  });
  check('DHAN_API_ROOT', endpoints.apiRoot);
  check('DHAN_AUTH_ROOT', endpoints.authRoot);
  check('DHAN_SCRIP_MASTER_URL', endpoints.scripMasterUrl);
  // The sockets' addresses are ws: or wss:; check() takes http: or https:, so each is checked in that form.
  check('DHAN_FEED_URL', endpoints.feedUrl.replace(/^ws/, 'http'));
  check('DHAN_ORDER_UPDATE_URL', endpoints.orderUpdateUrl.replace(/^ws/, 'http'));
  return endpoints;
}
