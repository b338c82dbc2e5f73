/**
 * The last market snapshots, for traders on flaky connections: analytics reads are answered from the
 * network when it answers within a few seconds, else from the copy saved on the device. Every saved answer
 * carries when the server produced it (`X-Fetched-At`; stamped here when a backend such as Supabase does
 * not send it), and an answer from the saved copy says so (`X-Served-From: cache`), so the screens show
 * "as of" and the offline banner (src/features/analytics/api/analytics-reads.ts).
 *
 * Only the analytics backend is handled: public market data. Trading calls (/api/) never reach this file.
 */
import { CacheExpiration, ExpirationPlugin } from 'workbox-expiration';
import { registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import type { WorkboxPlugin } from 'workbox-core/types';

export const analyticsReadsCache = 'analytics-reads';
export const marketDataCache = 'analytics-market-data';
const networkTimeoutSeconds = 4;

/** GET <analytics>/rest/v1/<table>, on the app's origin or the configured analytics backend's. */
export const isAnalyticsRead = (url: URL, method: string) => method === 'GET' && /\/rest\/v1\/[a-z_]+$/.test(url.pathname);
export const isMarketDataCall = (url: URL, method: string) => method === 'POST' && url.pathname.endsWith('/functions/v1/market_data');

function withHeaders(response: Response, extra: Record<string, string>): Response {
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(extra)) headers.set(name, value);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/** A fresh network answer keeps the server's fetch time, or gets now. */
function stamped(response: Response): Response {
  return response.headers.has('x-fetched-at') ? response : withHeaders(response, { 'x-fetched-at': new Date().toISOString() });
}

const servedFromCache = (response: Response) => withHeaders(response, { 'x-served-from': 'cache' });

/**
 * A counted read that returns part of the rows answers 206 (PostgREST's way), and the Cache API refuses to
 * store a 206: it is an ordinary full answer to its query (no Range was asked), so it is kept as a 200.
 */
function storable(response: Response): Response {
  if (response.status !== 206) return response;
  return new Response(response.body, { status: 200, statusText: 'OK', headers: response.headers });
}

const stampPlugin: WorkboxPlugin = {
  fetchDidSucceed: async ({ response }) => (response.ok ? stamped(storable(response)) : response),
  cachedResponseWillBeUsed: async ({ cachedResponse }) => (cachedResponse === undefined ? undefined : servedFromCache(cachedResponse)),
};

/**
 * Sign-out empties these caches, but a read already under way then would write its answer afterwards and
 * re-create them (Workbox stores in the next task, after the answer has gone to the page): the signed-out
 * trader's copies left on the device. Each sign-out starts a new session here; an answer is stored only if
 * no sign-out came between its request and its storing.
 */
let session = 0;

/** What the page sends the worker at sign-out (src/lib/persist/clear-user-data.ts), with a port for the answer. */
export const SIGNED_OUT = 'SIGNED_OUT';

/** Sign-out: nothing begun before it is stored any more, and what was stored is deleted. */
export async function forgetSavedReads(): Promise<void> {
  session += 1;
  await Promise.all([caches.delete(analyticsReadsCache), caches.delete(marketDataCache)]);
}

type SessionState = { session?: number };

/**
 * Notes the session a read begins in, and stores its answer only in that session. The check sits just before
 * Workbox opens the cache (it opens it in the same task), so a sign-out cannot fall between them. Being a
 * cacheWillUpdate plugin it replaces Workbox's default one: only a complete answer (200) is stored, as before.
 */
export const sameSessionPlugin: WorkboxPlugin = {
  handlerWillStart: async ({ state }) => {
    (state as SessionState).session = session;
  },
  cacheWillUpdate: async ({ response, state }) => ((state as SessionState | undefined)?.session === session && response.status === 200 ? response : null),
};

/**
 * The request body's instruments, sorted and without repeats: the same prices asked in any order share a copy;
 * and the broker named, whose market status the answer carries (a Kite desk's copy says the exchange's).
 */
export function normalisedInstruments(body: string): string | null {
  try {
    const parsed: unknown = JSON.parse(body);
    if (typeof parsed !== 'object' || parsed === null || !('instruments' in parsed) || !Array.isArray(parsed.instruments)) return null;
    const instruments = [...new Set(parsed.instruments.map(String))].sort().join(',');
    return 'broker' in parsed && typeof parsed.broker === 'string' ? `${instruments}|${parsed.broker}` : instruments;
  } catch {
    return null;
  }
}

async function marketDataKey(url: URL, body: string): Promise<Request | null> {
  const instruments = normalisedInstruments(body);
  if (instruments === null) return null;
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(instruments));
  const hex = [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  // Cache API keys are GET requests: the POST is saved under a GET URL named after its normalised body.
  return new Request(`${url.origin}${url.pathname}?instruments=${hex}`);
}

const isQuotaError = (error: unknown) => error instanceof DOMException && error.name === 'QuotaExceededError';

function fetchWithin(request: Request, seconds: number): Promise<Response> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('network time-out')), seconds * 1000);
    fetch(request).then(
      (response) => {
        clearTimeout(timer);
        resolve(response);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error('network error'));
      },
    );
  });
}

const marketDataExpiration = new CacheExpiration(marketDataCache, { maxEntries: 40, maxAgeSeconds: 7 * 24 * 60 * 60 });

/** market_data: network first within the time-out; a good answer is saved under its normalised body. */
async function marketData(request: Request, url: URL): Promise<Response> {
  const startedIn = session;
  const key = await marketDataKey(url, await request.clone().text());
  try {
    const response = stamped(await fetchWithin(request, networkTimeoutSeconds));
    if (response.ok && key !== null) {
      const copy = response.clone();
      void (async () => {
        try {
          // Signed out while the prices were on their way: they are not stored (sameSessionPlugin's reason).
          if (startedIn !== session) return;
          await (await caches.open(marketDataCache)).put(key, copy);
          await marketDataExpiration.updateTimestamp(key.url);
          await marketDataExpiration.expireEntries();
        } catch (error) {
          if (isQuotaError(error)) await caches.delete(marketDataCache);
        }
      })();
    }
    return response;
  } catch (error) {
    const saved = key === null ? undefined : await caches.match(key, { cacheName: marketDataCache });
    if (saved !== undefined) return servedFromCache(saved);
    throw error;
  }
}

export function registerAnalyticsCaching(): void {
  registerRoute(
    ({ url, request }) => isAnalyticsRead(url, request.method),
    new NetworkFirst({
      cacheName: analyticsReadsCache,
      networkTimeoutSeconds,
      plugins: [stampPlugin, sameSessionPlugin, new ExpirationPlugin({ maxEntries: 120, maxAgeSeconds: 7 * 24 * 60 * 60, purgeOnQuotaError: true })],
    }),
  );
  registerRoute(({ url, request }) => isMarketDataCall(url, request.method), ({ request, url }) => marketData(request, url), 'POST');
}
