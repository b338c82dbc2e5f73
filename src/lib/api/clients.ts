/**
 * One openapi-fetch client per backend (the only place createClient is called). They are rebuilt when the
 * runtime configuration arrives at boot; until then same-origin defaults apply.
 */
import createClient, { type Client } from 'openapi-fetch';
import type { paths as AnalyticsPaths } from '@openapi/analytics';
import type { paths as MainPaths } from '@openapi/main';
import { guardClient } from '@/lib/api/guard-client';
import { apiKeyMiddleware, bearerTokenMiddleware, catalogueMiddleware } from '@/lib/api/middleware';
import { defaultRuntimeConfig, type RuntimeConfig } from '@/lib/api/runtime-config';
import { createTimeoutFetch } from '@/lib/api/timeout-fetch';
import { tokenAtom } from '@/lib/session/auth-atoms';
import { store } from '@/lib/store';

export type MainClient = Client<MainPaths>;
export type AnalyticsClient = Client<AnalyticsPaths>;

type Clients = { config: RuntimeConfig; main: MainClient; analytics: AnalyticsClient };

function buildClients(config: RuntimeConfig, fetchImpl?: (request: Request) => Promise<Response>): Clients {
  const fetch = createTimeoutFetch(undefined, fetchImpl);
  const main = createClient<MainPaths>({ baseUrl: config.apiBaseUrl, fetch });
  main.use(bearerTokenMiddleware(() => store.get(tokenAtom)), catalogueMiddleware);
  const analytics = createClient<AnalyticsPaths>({ baseUrl: config.analyticsUrl, fetch });
  analytics.use(apiKeyMiddleware(() => config.analyticsAnonKey), catalogueMiddleware);
  return { config, main: guardClient(main), analytics: guardClient(analytics) };
}

let clients = buildClients(defaultRuntimeConfig);

/** Points the clients at the configured backends (boot), or at a test server with its own fetch. */
export function configureApiClients(config: RuntimeConfig, fetchImpl?: (request: Request) => Promise<Response>): void {
  clients = buildClients(config, fetchImpl);
}

export const mainApi = (): MainClient => clients.main;
export const analyticsApi = (): AnalyticsClient => clients.analytics;
export const runtimeConfig = (): RuntimeConfig => clients.config;
