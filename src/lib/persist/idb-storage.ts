/**
 * The only door to IndexedDB (idb-keyval). Restoring is the delicate part: the app must not wait forever,
 * and a read that times out or fails must never lead to the stored value being overwritten with a default.
 * Callers therefore get a tagged result and decide; nothing here writes on their behalf.
 */
import { clear, del, get, set } from 'idb-keyval';

export const RESTORE_TIMEOUT_MS = 5000;

export type RestoreResult<T> =
  | { status: 'restored'; value: T }
  | { status: 'empty' }
  | { status: 'corrupt' }
  | { status: 'timeout' }
  | { status: 'failed'; error: unknown };

/** Parses a raw stored value; returns undefined when it is not a valid value of the expected shape. */
export type Parse<T> = (raw: unknown) => T | undefined;

export async function restoreValue<T>(
  key: string,
  parse: Parse<T>,
  timeoutMs: number = RESTORE_TIMEOUT_MS,
): Promise<RestoreResult<T>> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<RestoreResult<T>>((resolve) => {
    timer = setTimeout(() => resolve({ status: 'timeout' }), timeoutMs);
  });
  const read = get<unknown>(key).then(
    (raw): RestoreResult<T> => {
      if (raw === undefined) return { status: 'empty' };
      const value = parse(raw);
      return value === undefined ? { status: 'corrupt' } : { status: 'restored', value };
    },
    (error: unknown): RestoreResult<T> => ({ status: 'failed', error }),
  );
  try {
    return await Promise.race([read, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export function storeValue(key: string, value: unknown): Promise<void> {
  return set(key, value);
}

export function removeValue(key: string): Promise<void> {
  return del(key);
}

/** Removes everything this app keeps in its IndexedDB store (sign-out, 401). */
export function clearStoredValues(): Promise<void> {
  return clear();
}
