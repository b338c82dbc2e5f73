/**
 * sw/sw.ts with the Workbox modules mocked: what it precaches, which navigations the shell answers, that
 * the only other routes are the analytics backend's (reads and market_data) and no trading call matches
 * them, that only an explicit SKIP_WAITING activates an update, and that sign-out's SIGNED_OUT empties its caches.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createFakeCacheStorage } from '../support/fake-cache-storage';

const workbox = vi.hoisted(() => ({
  precacheAndRoute: vi.fn(),
  cleanupOutdatedCaches: vi.fn(),
  createHandlerBoundToURL: vi.fn((url: string) => ({ boundTo: url })),
  clientsClaim: vi.fn(),
  registerRoute: vi.fn(),
  navigationRoutes: [] as { handler: unknown; options: { denylist?: RegExp[] } }[],
}));

vi.mock('workbox-precaching', () => ({
  precacheAndRoute: workbox.precacheAndRoute,
  cleanupOutdatedCaches: workbox.cleanupOutdatedCaches,
  createHandlerBoundToURL: workbox.createHandlerBoundToURL,
}));
vi.mock('workbox-core', () => ({ clientsClaim: workbox.clientsClaim }));
vi.mock('workbox-strategies', () => ({
  NetworkFirst: class {
    constructor(readonly options: { cacheName: string; networkTimeoutSeconds: number }) {}
  },
}));
vi.mock('workbox-expiration', () => ({ ExpirationPlugin: class {}, CacheExpiration: class {} }));
vi.mock('workbox-routing', () => ({
  registerRoute: workbox.registerRoute,
  NavigationRoute: class {
    constructor(handler: unknown, options: { denylist?: RegExp[] }) {
      workbox.navigationRoutes.push({ handler, options });
    }
  },
}));

const manifest = [{ url: 'index.html', revision: 'abc' }, { url: 'assets/index-AbCd1234.js', revision: null }];
const skipWaiting = vi.fn(() => Promise.resolve());

beforeAll(async () => {
  // jsdom's global scope stands in for the worker's `self`.
  Object.assign(self, { __WB_MANIFEST: manifest, skipWaiting });
  // A variable specifier keeps the WebWorker-typed file out of this DOM-typed test project.
  const swPath = '../../../sw/sw.ts';
  await import(/* @vite-ignore */ swPath);
});

const isServedByShell = (path: string) =>
  !(workbox.navigationRoutes[0]?.options.denylist ?? []).some((pattern) => pattern.test(path));

describe('service worker', () => {
  it('precaches the build manifest, drops outdated caches and claims the first page', () => {
    expect(workbox.precacheAndRoute).toHaveBeenCalledWith(manifest);
    expect(workbox.cleanupOutdatedCaches).toHaveBeenCalled();
    expect(workbox.clientsClaim).toHaveBeenCalled();
  });

  it('answers app navigations with the precached index.html', () => {
    expect(workbox.navigationRoutes).toHaveLength(1);
    expect(workbox.navigationRoutes[0]?.handler).toEqual({ boundTo: 'index.html' });
    for (const path of ['/', '/app/position', '/app/dashboards/default?tab=2', '/auth/login']) {
      expect(isServedByShell(path), path).toBe(true);
    }
  });

  it('leaves server-owned navigations to the network', () => {
    for (const path of ['/api/profile/user/', '/api', '/analytics/rest/v1/commentary', '/broker-login/7/', '/sw.js', '/screenshots/wide.png?x=1']) {
      expect(isServedByShell(path), path).toBe(false);
    }
  });

  it('routes only the analytics backend: reads network first within 4 s, market_data by POST; no trading call matches', () => {
    type Matcher = (context: { url: URL; request: { method: string } }) => boolean;
    const routes = workbox.registerRoute.mock.calls.slice(1) as unknown as Array<[Matcher, unknown, string?]>;
    expect(routes).toHaveLength(2);
    const matched = (method: string, url: string) => routes.some(([match]) => match({ url: new URL(url, 'https://app.test'), request: { method } }));
    expect(matched('GET', '/analytics/rest/v1/commentary?order=created_at.desc&limit=100')).toBe(true);
    expect(matched('GET', 'https://project.supabase.co/rest/v1/daily_data?limit=10')).toBe(true);
    expect(matched('POST', '/analytics/functions/v1/market_data')).toBe(true);
    expect(routes[0]![1]).toMatchObject({ options: { cacheName: 'analytics-reads', networkTimeoutSeconds: 4 } });
    for (const [method, url] of [
      ['POST', '/api/order-book/order-book/place_trades/'],
      ['POST', '/api/kill-switch/arm/'],
      ['GET', '/api/order-book/order-book/PA1234'],
      ['GET', '/api/position-book/position-book/PA1234'],
      ['POST', '/api/market/stream/'],
      ['POST', '/analytics/rest/v1/commentary'],
    ] as const) {
      expect(matched(method, url), `${method} ${url}`).toBe(false);
    }
  });

  it('activates a waiting update only when the page sends SKIP_WAITING', () => {
    self.dispatchEvent(new MessageEvent('message', { data: { type: 'PING' } }));
    self.dispatchEvent(new MessageEvent('message', { data: 'SKIP_WAITING' }));
    expect(skipWaiting).not.toHaveBeenCalled();
    self.dispatchEvent(new MessageEvent('message', { data: { type: 'SKIP_WAITING' } }));
    expect(skipWaiting).toHaveBeenCalledOnce();
  });

  it('at SIGNED_OUT deletes its saved analytics answers, then answers the page on its port', async () => {
    const caches = createFakeCacheStorage();
    caches.seed('analytics-reads', 'analytics-market-data');
    vi.stubGlobal('caches', caches);
    const answered = vi.fn();
    const kept: Promise<unknown>[] = [];
    // jsdom's MessageEvent has neither ports one can fake nor the worker's waitUntil.
    const event = Object.assign(new Event('message'), {
      data: { type: 'SIGNED_OUT' },
      ports: [{ postMessage: answered }],
      waitUntil: (promise: Promise<unknown>) => kept.push(promise),
    });
    self.dispatchEvent(event);
    expect(kept).toHaveLength(1);
    await kept[0];
    expect(await caches.keys()).toEqual([]);
    expect(answered).toHaveBeenCalledWith({ type: 'SIGNED_OUT' });
    vi.unstubAllGlobals();
  });
});
