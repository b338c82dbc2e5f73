import { unknownIntentsBinding } from '@/features/orders/atoms/unknown-intents-persistence';
import { restoreAndPersist } from '@/lib/persist/persist-atom';
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
