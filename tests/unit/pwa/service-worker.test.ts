/**
 * sw/sw.ts with the Workbox modules mocked: what it precaches, which navigations the shell answers,
 * that trading calls get no route at all, and that only an explicit SKIP_WAITING activates an update.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';

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

  it('registers nothing but the navigation route, so trading calls are never cached or replayed', () => {
    expect(workbox.registerRoute).toHaveBeenCalledTimes(1);
  });

  it('activates a waiting update only when the page sends SKIP_WAITING', () => {
    self.dispatchEvent(new MessageEvent('message', { data: { type: 'PING' } }));
    self.dispatchEvent(new MessageEvent('message', { data: 'SKIP_WAITING' }));
    expect(skipWaiting).not.toHaveBeenCalled();
    self.dispatchEvent(new MessageEvent('message', { data: { type: 'SKIP_WAITING' } }));
    expect(skipWaiting).toHaveBeenCalledOnce();
  });
});
