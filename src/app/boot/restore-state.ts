import { unknownIntentsBinding } from '@/features/orders/atoms/unknown-intents-persistence';
import { persistChanges, restoreAndPersist, saveNow, type PersistBinding } from '@/lib/persist/persist-atom';
import type { RestoreResult } from '@/lib/persist/idb-storage';
import { preferencesBinding } from '@/lib/preferences/preferences-persistence';
import { accountsSliceBinding, brokerLoginBinding, tokenBinding } from '@/lib/session/session-persistence';

/**
 * Restores everything kept in IndexedDB before the first render (spec §4), in parallel and each capped at
 * the restore time-out, then keeps writing changes through.
 */
export async function restoreState(timeoutMs?: number): Promise<Record<string, RestoreResult<unknown>['status']>> {
  const [token, accounts, preferences, brokerLogin, unknownIntents] = await Promise.all([
    restoreAndPersist(tokenBinding, timeoutMs),
    restoreAndPersist(accountsSliceBinding, timeoutMs),
    restoreAndPersist(preferencesBinding, timeoutMs),
    restoreAndPersist(brokerLoginBinding, timeoutMs),
    // Orders whose outcome was unknown when the app closed: reconciled again once the server answers.
    restoreAndPersist(unknownIntentsBinding, timeoutMs),
  ]);
  return {
    token: token.status,
    accounts: accounts.status,
    preferences: preferences.status,
    brokerLogin: brokerLogin.status,
    unknownIntents: unknownIntents.status,
  };
}

/** Calls `each` with every binding kept in IndexedDB (one call each: their values' types differ). */
function forEachBinding(each: <T>(binding: PersistBinding<T>) => void): void {
  each(tokenBinding);
  each(accountsSliceBinding);
  each(preferencesBinding);
  each(brokerLoginBinding);
  each(unknownIntentsBinding);
}

/** The atoms kept in IndexedDB: boot's list of them (persisted-atoms.ts) must name the same ones. */
export function persistedBindingAtoms(): unknown[] {
  const atoms: unknown[] = [];
  forEachBinding((binding) => atoms.push(binding.atom));
  return atoms;
}

/**
 * When nothing was stored (a first visit, see stored-state-probe.ts): saves the values changed before this
 * module arrived, then writes every later change through. Values not changed are not written, so a tab
 * still on its first visit never overwrites what another tab has stored since.
 */
export function persistFromNow(changed: ReadonlySet<unknown>): void {
  forEachBinding((binding) => {
    if (changed.has(binding.atom)) saveNow(binding);
    persistChanges(binding);
  });
}
