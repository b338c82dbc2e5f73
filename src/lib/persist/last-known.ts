/**
 * The last-known copy of what a screen showed (issue 24): Jotai atoms backed by IndexedDB, one per name. A
 * good answer is kept (in memory and on the device, snapshot.ts); when a refresh fails, offline or with the
 * server unreachable, the screen shows the kept copy with "as of <time>" instead of "could not be loaded".
 * User data: sign-out and a 401 clear the stored copies with the rest (clear-user-data.ts) and the store's
 * copies with the session (the atoms are read only through a signed-in screen).
 */
import { atom, useAtomValue, type PrimitiveAtom } from 'jotai';
import { useEffect } from 'react';
import { readSnapshot, saveSnapshot, type Snapshot } from '@/lib/persist/snapshot';
import { tokenAtom } from '@/lib/session/auth-atoms';
import { store } from '@/lib/store';

type Kept = { token: string | null; snapshot: Snapshot<unknown> } | null;
const atoms = new Map<string, PrimitiveAtom<Kept>>();

function keptAtom(name: string): PrimitiveAtom<Kept> {
  let found = atoms.get(name);
  if (found === undefined) {
    found = atom<Kept>(null);
    atoms.set(name, found);
  }
  return found;
}

export function rememberLastKnown(name: string, value: unknown, at = Date.now()): void {
  store.set(keptAtom(name), { token: store.get(tokenAtom), snapshot: { at, value } });
  saveSnapshot(name, value, at);
}

/** The kept copy: this session's from memory, else the device's (after a reload offline). */
export async function recallLastKnown<T>(name: string): Promise<Snapshot<T> | null> {
  const kept = store.get(keptAtom(name));
  if (kept !== null && kept.token === store.get(tokenAtom)) return kept.snapshot as Snapshot<T>;
  const stored = await readSnapshot<T>(name);
  if (stored !== null) store.set(keptAtom(name), { token: store.get(tokenAtom), snapshot: stored });
  return stored;
}

/**
 * A screen's data with its last-known copy: `fresh` (this visit's answer) is kept as it comes; while `failed`
 * and no fresh answer is here, the kept copy is the value, with `asOf` its time.
 */
export function useLastKnown<T>(name: string, fresh: T | undefined, failed: boolean): { value: T | undefined; asOf: number | null } {
  const kept = useAtomValue(keptAtom(name), { store });
  useEffect(() => {
    if (fresh !== undefined) rememberLastKnown(name, fresh);
  }, [name, fresh]);
  useEffect(() => {
    if (failed && fresh === undefined) void recallLastKnown(name);
  }, [name, failed, fresh]);
  if (fresh !== undefined) return { value: fresh, asOf: null };
  if (!failed || kept === null || kept.token !== store.get(tokenAtom)) return { value: undefined, asOf: null };
  return { value: kept.snapshot.value as T, asOf: kept.snapshot.at };
}

/** Forgets every copy kept in memory (sign-out, a 401: the stored ones go with the user's data). */
export function forgetLastKnown(): void {
  for (const kept of atoms.values()) store.set(kept, null);
}
