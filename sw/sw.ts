/**
 * StrikeDesk service worker (built by vite-plugin-pwa, injectManifest strategy).
 *
 * - Precaches the shell and every content-hashed screen chunk, so every screen opens offline.
 * - Navigations fall back to the precached index.html, except for server-owned pages.
 * - Updates are offered, never forced: a new worker waits until the page posts SKIP_WAITING
 *   (src/app/pwa/register-service-worker.ts does it when the trader accepts).
 * - Trading calls (/api/) are never intercepted: no cache, no queue, no replay.
 * - Push notifications are shown and their taps open the app (push.ts); the worker never trades.
 */
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { forgetSavedReads, registerAnalyticsCaching, SIGNED_OUT } from './analytics-cache';
import { registerPushHandlers } from './push';

declare let self: ServiceWorkerGlobalScope;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// The very first install takes control of the open page at once, so it works offline without a reload.
// Later versions still wait for SKIP_WAITING: claiming only matters while nothing controls the page.
clientsClaim();

/**
 * Navigations the shell must not answer: the two backends, the server-hosted broker login page
 * (a redirect target of the broker) and anything that looks like a file.
 */
const serverOwnedNavigations = [
  /^\/api(?:\/|$)/,
  /^\/analytics(?:\/|$)/,
  /^\/broker-login(?:\/|$)/,
  /\/[^/?]+\.[a-z0-9]+(?:$|\?)/i,
];

registerRoute(
  new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: serverOwnedNavigations }),
);

// Trading calls: /api/ deliberately has NO route. With no matching route Workbox never calls
// respondWith, so the browser goes straight to the network: nothing is cached, queued or replayed,
// and an offline order fails at once instead of being sent later at a stale price.
// Do not add a default handler (setDefaultHandler) or a catch-all route: it would capture /api/.

// Analytics reads and market snapshots: network first, then the copy saved on the device (analytics-cache.ts).
registerAnalyticsCaching();

type SkipWaitingMessage = { type: 'SKIP_WAITING' };

function isSkipWaitingMessage(data: unknown): data is SkipWaitingMessage {
  return typeof data === 'object' && data !== null && 'type' in data && data.type === 'SKIP_WAITING';
}

const isSignedOutMessage = (data: unknown) => typeof data === 'object' && data !== null && 'type' in data && data.type === SIGNED_OUT;

self.addEventListener('message', (event) => {
  if (isSkipWaitingMessage(event.data)) {
    void self.skipWaiting();
  } else if (isSignedOutMessage(event.data)) {
    // The page waits for this answer before it deletes the caches itself: after it, no read begun before
    // sign-out stores anything (analytics-cache.ts).
    const [port] = event.ports;
    event.waitUntil(forgetSavedReads().finally(() => port?.postMessage({ type: SIGNED_OUT })));
  }
});

registerPushHandlers(self);
