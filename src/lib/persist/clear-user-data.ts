import { del, keys } from 'idb-keyval';
import { forgetLastKnown } from '@/lib/persist/last-known';

/** Keys that belong to the device rather than the signed-in user, kept across sign-out. */
const DEVICE_KEYS = new Set<IDBValidKey>(['preferences']);
/** Workbox's precache holds the app shell, not user data; it must survive so the app opens offline. */
const isPrecache = (name: string) => name.startsWith('workbox-precache');

/** The service worker's message (sw/analytics-cache.ts SIGNED_OUT; the worker is a separate build). */
const SIGNED_OUT = 'SIGNED_OUT';
/** A busy or broken worker must not hold sign-out up: past this, the page deletes the caches itself anyway. */
export const WORKER_ANSWER_MS = 2000;

/**
 * Tells the controlling service worker, and waits for its answer: from then on a read it began before
 * sign-out stores nothing, so the caches deleted below are not re-created by an answer still on its way.
 */
async function signOutServiceWorker(): Promise<void> {
  const worker = typeof navigator === 'undefined' ? null : (navigator.serviceWorker?.controller ?? null);
  if (worker === null) return;
  const channel = new MessageChannel();
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, WORKER_ANSWER_MS);
    channel.port1.onmessage = () => {
      clearTimeout(timer);
      resolve();
    };
    worker.postMessage({ type: SIGNED_OUT }, [channel.port2]);
  });
  channel.port1.close();
}

/** Removes the signed-in user's IndexedDB values and every runtime cache (API snapshots, analytics). */
export async function clearUserData(): Promise<void> {
  forgetLastKnown();
  await signOutServiceWorker();
  const stored = await keys();
  await Promise.all(stored.filter((key) => !DEVICE_KEYS.has(key)).map((key) => del(key)));
  if (typeof caches !== 'undefined') {
    const names = await caches.keys();
    await Promise.all(names.filter((name) => !isPrecache(name)).map((name) => caches.delete(name)));
  }
}
