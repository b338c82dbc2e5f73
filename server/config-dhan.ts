// Where Dhan lives: DHAN_API_ROOT (the v2 REST API), DHAN_AUTH_ROOT (the consent flow; the API root when only that
// is set) and DHAN_SCRIP_MASTER_URL (the scrip master CSV), Dhan's by default, read at start so tests, the browser
// suite and operators can point the adapter at another Dhan-compatible server.
import { check } from './config-upstox.ts';
import { dhanEndpointsFromEnv, type DhanEndpoints } from './services/brokers/dhan/dhan-endpoints.ts';

export function parseDhanConfig(env: NodeJS.ProcessEnv): DhanEndpoints {
  const endpoints = dhanEndpointsFromEnv({
    DHAN_API_ROOT: env.DHAN_API_ROOT?.trim(),
    DHAN_AUTH_ROOT: env.DHAN_AUTH_ROOT?.trim(),
    DHAN_SCRIP_MASTER_URL: env.DHAN_SCRIP_MASTER_URL?.trim(),
  });
  check('DHAN_API_ROOT', endpoints.apiRoot);
  check('DHAN_AUTH_ROOT', endpoints.authRoot);
  check('DHAN_SCRIP_MASTER_URL', endpoints.scripMasterUrl);
  return endpoints;
}
