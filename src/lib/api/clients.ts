/**
 * One client per backend. The runtime configuration is read when first needed and the clients themselves
 * (openapi-fetch and its middleware, lib/api/build-clients) load after the first paint: the sign-in form
 * needs neither to paint. A request made before both are here waits for them, so it still goes to the
 * configured backend through the same middleware.
 */
import type { AnalyticsClient, buildClients, Clients, FetchImpl, MainClient } from '@/lib/api/build-clients';
import { ApiError } from '@/lib/api/api-error';
import { reportApiError } from '@/lib/api/api-error-events';
import { defaultRuntimeConfig, type RuntimeConfig } from '@/lib/api/runtime-config';

export type { AnalyticsClient, MainClient };

type Builder = { buildClients: typeof buildClients };

let config: RuntimeConfig = defaultRuntimeConfig;
let fetchImpl: FetchImpl | undefined;
/** The clients for `config`, once the builder has loaded (rebuilt when the configuration changes). */
let clients: Clients | null = null;
let builder: Builder | null = null;
let loading: Promise<Builder> | null = null;
/** Settles when the configuration is known; null once it is. */
let pending: Promise<unknown> | null = null;

function current(): Clients | null {
  if (clients === null && builder !== null) clients = builder.buildClients(config, fetchImpl);
  return clients;
}

/**
 * Starts loading the clients' code (boot calls this once the page has loaded). A failed download (offline
 * before the service worker has the files) is tried again by the next request.
 */
export function loadApiClients(): Promise<Builder> {
  loading ??= import('@/lib/api/build-clients').then(
    (loaded) => {
      builder = loaded;
      return loaded;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** Points the clients at the configured backends, or at a test server with its own fetch. */
export function configureApiClients(next: RuntimeConfig, nextFetch?: FetchImpl): void {
  startConfig = null;
  config = next;
  fetchImpl = nextFetch;
  clients = null;
  pending = null;
}

/** Starts reading the configuration boot asked for on demand; null when there is none to start. */
let startConfig: (() => void) | null = null;

/**
 * Boot: the configuration is read only when it is first needed, at the first request or when boot calls the
 * function returned (the trader signs in or starts acting): a visit that only looks at the sign-in page
 * downloads neither /config.json nor its reader (mobile data, issue 24). Requests made meanwhile wait for it.
 */
export function configureApiClientsOnDemand(load: () => Promise<RuntimeConfig>): () => void {
  let begin = () => {};
  const begun = new Promise<void>((resolve) => (begin = resolve));
  const settled: Promise<void> = begun.then(load).then((loaded) => {
    if (pending === settled) configureApiClients(loaded);
  });
  pending = settled;
  startConfig = begin;
  return begin;
}

/** The clients once the configuration is known and their code is here; a failed download is a network error. */
async function ready(): Promise<Clients> {
  startConfig?.();
  await pending;
  try {
    await loadApiClients();
  } catch (error) {
    const failure = new ApiError('network', 'Error', { cause: error });
    reportApiError(failure);
    throw failure;
  }
  await pending;
  const built = current();
  if (built === null) throw new Error('the API clients did not load');
  return built;
}

/** A client whose request methods (GET, POST, …) first wait for `ready`, then call the real client. */
function deferred<C extends object>(pick: (built: Clients) => C): C {
  return new Proxy({} as C, {
    get(_target, prop) {
      if (typeof prop !== 'string' || !/^[A-Z]+$/.test(prop)) {
        const built = current();
        return built === null ? undefined : Reflect.get(pick(built), prop);
      }
      return (...args: unknown[]) =>
        ready().then((built) => (Reflect.get(pick(built), prop) as (...a: unknown[]) => unknown)(...args));
    },
  });
}

const deferredMain = deferred((built) => built.main);
const deferredAnalytics = deferred((built) => built.analytics);

export const mainApi = (): MainClient => (pending === null ? (current()?.main ?? deferredMain) : deferredMain);
export const analyticsApi = (): AnalyticsClient =>
  pending === null ? (current()?.analytics ?? deferredAnalytics) : deferredAnalytics;
export const runtimeConfig = (): RuntimeConfig => config;
