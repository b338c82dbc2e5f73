/**
 * The signed-in trader's last-known broker data (positions, order book, accounts, dashboard figures), kept on
 * the device so that offline a screen still shows what it last showed, read-only and marked with when it was
 * fetched. Snapshots are user data: sign-out and a 401 clear them with the rest (clear-user-data.ts). Each
 * carries a version: a snapshot written by an older app whose shape changed is simply not shown.
 */
import { restoreValue, storeValue } from '@/lib/persist/idb-storage';

export type Snapshot<T> = { at: number; value: T };

const version = 1;
const keyOf = (name: string) => `snapshot:${name}`;

/** Keeps `value` as the last known one; a write that fails (storage full, private window) costs only the snapshot. */
export function saveSnapshot(name: string, value: unknown, at = Date.now()): void {
  storeValue(keyOf(name), { version, at, value }).catch(() => undefined);
}

export async function readSnapshot<T>(name: string): Promise<Snapshot<T> | null> {
  const restored = await restoreValue(
    keyOf(name),
    (raw) =>
      typeof raw === 'object' && raw !== null && 'version' in raw && raw.version === version && 'at' in raw && typeof raw.at === 'number' && 'value' in raw
        ? { at: raw.at, value: raw.value as T }
        : undefined,
    1000,
  );
  return restored.status === 'restored' ? restored.value : null;
}
