/**
 * What sign-out wipes on the device (ARCHITECTURE.md "Offline and install"): the user's IndexedDB values
 * and every runtime cache, so the next person on a shared phone sees nothing of theirs; the device's
 * preferences and Workbox's precache of the app shell stay, so the app still opens offline.
 */
import { clear, keys, set } from 'idb-keyval';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearUserData, WORKER_ANSWER_MS } from '@/lib/persist/clear-user-data';
import { createFakeCacheStorage, type FakeCacheStorage } from '../support/fake-cache-storage';

const precache = 'workbox-precache-v2-http://localhost/';
let caches: FakeCacheStorage;

beforeEach(async () => {
  caches = createFakeCacheStorage();
  vi.stubGlobal('caches', caches);
  await Promise.all([
    set('auth_token', 'token-abc'),
    set('root', { version: 2, brokerAccounts: [], selectedAccount: null }),
    set('broker_login', 7),
    set('preferences', { version: 1, theme: 'dark' }),
  ]);
});

/** A service worker controlling the page; `answer` decides when (or whether) it answers SIGNED_OUT. */
function controlledBy(answer: (reply: () => void) => void) {
  const received: unknown[] = [];
  const controller = {
    postMessage: (message: unknown, ports: MessagePort[]) => {
      received.push(message);
      answer(() => {
        ports[0]!.postMessage({ type: 'SIGNED_OUT' });
        ports[0]!.close();
      });
    },
  };
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { controller } });
  return received;
}

afterEach(async () => {
  Reflect.deleteProperty(navigator, 'serviceWorker');
  vi.useRealTimers();
  vi.unstubAllGlobals();
  await clear();
});

describe('clearing the user’s data', () => {
  it('removes every IndexedDB value but the device’s preferences', async () => {
    await clearUserData();
    expect(await keys()).toEqual(['preferences']);
  });

  it('deletes every runtime cache and keeps the precached app shell', async () => {
    caches.seed(precache, 'strikedesk-analytics', 'strikedesk-market-snapshots', 'some-future-cache');
    await clearUserData();
    expect(await caches.keys()).toEqual([precache]);
  });

  it('has the service worker forget first, and deletes the caches only once it answered', async () => {
    // A read under way at sign-out would store its answer again after the page emptied the caches: the
    // worker is told first, so that nothing begun before sign-out is stored (sw/analytics-cache.ts).
    caches.seed(precache, 'analytics-reads');
    let reply = () => {};
    const received = controlledBy((answer) => (reply = answer));
    const clearing = clearUserData();
    await vi.waitFor(() => expect(received).toEqual([{ type: 'SIGNED_OUT' }]));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await caches.keys()).toContain('analytics-reads');
    reply();
    await clearing;
    expect(await caches.keys()).toEqual([precache]);
  });

  it('does not wait on a worker that never answers past its time', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    caches.seed(precache, 'analytics-reads');
    controlledBy(() => undefined);
    const clearing = clearUserData();
    await vi.advanceTimersByTimeAsync(WORKER_ANSWER_MS);
    await clearing;
    expect(await caches.keys()).toEqual([precache]);
    expect(await keys()).toEqual(['preferences']);
  });

  it('still clears IndexedDB where Cache Storage does not exist (insecure origins, some private windows)', async () => {
    vi.stubGlobal('caches', undefined);
    await expect(clearUserData()).resolves.toBeUndefined();
    expect(await keys()).toEqual(['preferences']);
  });
});
