// Where Dhan lives: DHAN_API_ROOT (the v2 REST API), DHAN_AUTH_ROOT (the consent flow; the API root when only that
// is set), DHAN_SCRIP_MASTER_URL (the scrip master CSV), DHAN_FEED_URL, DHAN_ORDER_UPDATE_URL, DHAN_DEPTH_URL and DHAN_FULL_DEPTH_URL
// (the market feed's, order updates', 20-level and 200-level depth's sockets; the API root's when only that is set), Dhan's by default, read at start so tests, the browser
// suite and operators can point the adapter at another Dhan-compatible server.
import { checkedEndpoints } from './config-upstox.ts';
import { dhanEndpointsFromEnv, type DhanEndpoints } from './services/brokers/dhan/dhan-endpoints.ts';

export function parseDhanConfig(env: NodeJS.ProcessEnv): DhanEndpoints {
  return checkedEndpoints<DhanEndpoints>(
    env,
    { apiRoot: 'DHAN_API_ROOT', authRoot: 'DHAN_AUTH_ROOT', scripMasterUrl: 'DHAN_SCRIP_MASTER_URL', feedUrl: 'DHAN_FEED_URL', orderUpdateUrl: 'DHAN_ORDER_UPDATE_URL', depthUrl: 'DHAN_DEPTH_URL', fullDepthUrl: 'DHAN_FULL_DEPTH_URL' },
    dhanEndpointsFromEnv,
    ['feedUrl', 'orderUpdateUrl', 'depthUrl', 'fullDepthUrl'],
  );
}
