/**
 * One openapi-fetch client per backend (the only place createClient is called). They are rebuilt when the
 * runtime configuration arrives at boot. The first screen does not wait for it (the sign-in form paints
 * at once): a request made before it has arrived waits for it instead, so it still goes to the configured
 * backend.
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
/** Settles when the configuration is known; null once it is (requests then go straight to the clients). */
let pending: Promise<unknown> | null = null;

/** Points the clients at the configured backends, or at a test server with its own fetch. */
export function configureApiClients(config: RuntimeConfig, fetchImpl?: (request: Request) => Promise<Response>): void {
  clients = buildClients(config, fetchImpl);
  pending = null;
}

/**
 * Boot: the configuration is on its way (loadRuntimeConfig never rejects). Requests made meanwhile wait for
 * it; nothing else does.
 */
export function configureApiClientsWhen(config: Promise<RuntimeConfig>): Promise<void> {
  const settled = config.then((loaded) => {
    if (pending === settled) configureApiClients(loaded);
  });
  pending = settled;
  return settled;
}

/** A client whose request methods first wait for the configuration, then call the configured client. */
function deferred<C extends object>(current: () => C): C {
  return new Proxy(current(), {
    get(_target, prop) {
      const value: unknown = Reflect.get(current(), prop);
      if (typeof value !== 'function' || typeof prop !== 'string' || !/^[A-Z]+$/.test(prop)) return value;
      return (...args: unknown[]) =>
        (pending ?? Promise.resolve()).then(() => (Reflect.get(current(), prop) as (...a: unknown[]) => unknown)(...args));
    },
  });
}

const deferredMain = deferred(() => clients.main);
const deferredAnalytics = deferred(() => clients.analytics);

export const mainApi = (): MainClient => (pending ? deferredMain : clients.main);
export const analyticsApi = (): AnalyticsClient => (pending ? deferredAnalytics : clients.analytics);
export const runtimeConfig = (): RuntimeConfig => clients.config;
