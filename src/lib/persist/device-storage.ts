/**
 * What the app keeps on this device and how safely: the browser may evict a site's storage under pressure
 * unless it is persistent, which matters to a trader who relies on the last snapshots offline. Asked for once
 * signed in (app-layout), shown and clearable in settings.
 */
import { del, keys } from 'idb-keyval';

export type StorageState = { usage: number | null; quota: number | null; persisted: boolean | null };

const storage = (): StorageManager | undefined => (typeof navigator === 'undefined' ? undefined : navigator.storage);

/** Asks the browser to keep this site's data (it may grant it silently, prompt, or refuse). */
export async function requestPersistentStorage(): Promise<boolean | null> {
  const manager = storage();
  if (manager?.persist === undefined) return null;
  try {
    return (await manager.persisted()) || (await manager.persist());
  } catch {
    return null;
  }
}

export async function storageState(): Promise<StorageState> {
  const manager = storage();
  const [estimate, persisted] = await Promise.all([
    manager?.estimate?.().catch(() => undefined),
    manager?.persisted?.().catch(() => null),
  ]);
  return { usage: estimate?.usage ?? null, quota: estimate?.quota ?? null, persisted: persisted ?? null };
}

/** Snapshot and analytics caches: saved market data, never the session or the app itself. */
const isSavedDataCache = (name: string) => name.startsWith('analytics-');

/** Removes the saved market data and last-known snapshots; the session, preferences and the offline app stay. */
export async function clearSavedData(): Promise<void> {
  const stored = await keys();
  await Promise.all(stored.filter((key) => typeof key === 'string' && (key.startsWith('snapshot:') || key.startsWith('market:'))).map((key) => del(key)));
  if (typeof caches !== 'undefined') {
    const names = await caches.keys();
    await Promise.all(names.filter(isSavedDataCache).map((name) => caches.delete(name)));
  }
}
