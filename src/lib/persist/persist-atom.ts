/**
 * Binds an atom to one IndexedDB key: restore once before the first render, then write through on change.
 * Only changes made after the restore are written, so a restore that timed out or failed never replaces
 * what is stored with the in-memory default.
 */
import type { WritableAtom } from 'jotai';
import { store } from '@/lib/store';
import { removeValue, restoreValue, storeValue, type Parse, type RestoreResult } from '@/lib/persist/idb-storage';

export type PersistBinding<T> = {
  key: string;
  atom: WritableAtom<T, [T], void>;
  parse: Parse<T>;
  /** What to store for a value; undefined removes the key (e.g. no token). */
  serialize: (value: T) => unknown;
};

export async function restoreAndPersist<T>(binding: PersistBinding<T>, timeoutMs?: number): Promise<RestoreResult<T>> {
  const result = await restoreValue(binding.key, binding.parse, timeoutMs);
  if (result.status === 'restored') store.set(binding.atom, result.value);
  if (result.status === 'failed') console.error(`Could not restore "${binding.key}"`, result.error);
  persistChanges(binding);
  return result;
}

/** Writes the atom's value now (what it was changed to before anything was listening). */
export function saveNow<T>(binding: PersistBinding<T>): void {
  const serialized = binding.serialize(store.get(binding.atom));
  const write = serialized === undefined ? removeValue(binding.key) : storeValue(binding.key, serialized);
  write.catch((error: unknown) => console.error(`Could not save "${binding.key}"`, error));
}

/** Writes every later change of the atom through. */
export function persistChanges<T>(binding: PersistBinding<T>): void {
  store.sub(binding.atom, () => saveNow(binding));
}
