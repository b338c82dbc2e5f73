import { del, keys } from 'idb-keyval';
import { forgetLastKnown } from '@/lib/persist/last-known';

/** Keys that belong to the device rather than the signed-in user, kept across sign-out. */
const DEVICE_KEYS = new Set<IDBValidKey>(['preferences']);
/** Workbox's precache holds the app shell, not user data; it must survive so the app opens offline. */
const isPrecache = (name: string) => name.startsWith('workbox-precache');

/** Removes the signed-in user's IndexedDB values and every runtime cache (API snapshots, analytics). */
export async function clearUserData(): Promise<void> {
  forgetLastKnown();
  const stored = await keys();
  await Promise.all(stored.filter((key) => !DEVICE_KEYS.has(key)).map((key) => del(key)));
  if (typeof caches !== 'undefined') {
    const names = await caches.keys();
    await Promise.all(names.filter((name) => !isPrecache(name)).map((name) => caches.delete(name)));
  }
}
