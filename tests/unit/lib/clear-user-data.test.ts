/**
 * What sign-out wipes on the device (ARCHITECTURE.md "Offline and install"): the user's IndexedDB values
 * and every runtime cache, so the next person on a shared phone sees nothing of theirs; the device's
 * preferences and Workbox's precache of the app shell stay, so the app still opens offline.
 */
import { clear, keys, set } from 'idb-keyval';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearUserData } from '@/lib/persist/clear-user-data';
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

afterEach(async () => {
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

  it('still clears IndexedDB where Cache Storage does not exist (insecure origins, some private windows)', async () => {
    vi.stubGlobal('caches', undefined);
    await expect(clearUserData()).resolves.toBeUndefined();
    expect(await keys()).toEqual(['preferences']);
  });
});
