/**
 * Builds the openapi-fetch clients (the only place createClient is called). Loaded on demand by
 * lib/api/clients, so openapi-fetch, the middleware and the fetch wrappers are not part of the first
 * screen's download: the sign-in form paints without them.
 */
import createClient, { type Client } from 'openapi-fetch';
import type { paths as AnalyticsPaths } from '@openapi/analytics';
import type { paths as MainPaths } from '@openapi/main';
import { guardClient } from '@/lib/api/guard-client';
import { apiKeyMiddleware, bearerTokenMiddleware, catalogueMiddleware } from '@/lib/api/middleware';
import type { RuntimeConfig } from '@/lib/api/runtime-config';
import { createTimeoutFetch } from '@/lib/api/timeout-fetch';
import { tokenAtom } from '@/lib/session/auth-atoms';
import { store } from '@/lib/store';

export type MainClient = Client<MainPaths>;
export type AnalyticsClient = Client<AnalyticsPaths>;
export type Clients = { config: RuntimeConfig; main: MainClient; analytics: AnalyticsClient };
export type FetchImpl = (request: Request) => Promise<Response>;

export function buildClients(config: RuntimeConfig, fetchImpl?: FetchImpl): Clients {
  const fetch = createTimeoutFetch(undefined, fetchImpl);
  const main = createClient<MainPaths>({ baseUrl: config.apiBaseUrl, fetch });
  main.use(bearerTokenMiddleware(() => store.get(tokenAtom)), catalogueMiddleware);
  const analytics = createClient<AnalyticsPaths>({ baseUrl: config.analyticsUrl, fetch });
  analytics.use(apiKeyMiddleware(() => config.analyticsAnonKey), catalogueMiddleware);
  return { config, main: guardClient(main), analytics: guardClient(analytics) };
}
