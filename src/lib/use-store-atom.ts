import { useCallback, useSyncExternalStore } from 'react';
import type { Atom, WritableAtom } from 'jotai/vanilla';
import { store } from '@/lib/store';

/*
 * The public pages (sign-in, registration, the error page) read and write the app's Jotai store through these
 * two hooks instead of jotai's React bindings, which then come with the signed-in screens only: 0.6 KB less on
 * a first visit (issue 24). The store itself and every atom stay Jotai's; React's own useSyncExternalStore
 * subscribes a component to one atom. The atoms read here hold plain values (no promises), and a derived one
 * returns the same value until its inputs change, as useSyncExternalStore requires.
 */

/** The atom's current value in the app's store; the component renders again when it changes. */
export function useStoreValue<Value>(atom: Atom<Value>): Value {
  const subscribe = useCallback((onChange: () => void) => store.sub(atom, onChange), [atom]);
  const read = useCallback(() => store.get(atom), [atom]);
  return useSyncExternalStore(subscribe, read, read);
}

/** Writes the atom in the app's store (a stable function, like jotai's useSetAtom). */
export function useStoreSetter<Value>(atom: WritableAtom<unknown, [Value], void>): (value: Value) => void {
  return useCallback((value: Value) => store.set(atom, value), [atom]);
}
