/**
 * The atoms kept in IndexedDB, as boot watches them on a first visit, before the restore code has loaded
 * (boot.tsx): the first change of any loads it, and it saves what changed. The same atoms as the bindings
 * of restore-state.ts (a unit test compares the two lists).
 */
import { unknownIntentsAtom } from '@/features/orders/atoms/unknown-intents-atom';
import { preferencesAtom } from '@/lib/preferences/preferences-atom';
import { accountsSliceAtom } from '@/lib/session/accounts-slice-atom';
import { tokenAtom } from '@/lib/session/auth-atoms';
import { loginBrokerAccountIdAtom } from '@/lib/session/user-profile-atoms';

export const persistedAtoms = [tokenAtom, accountsSliceAtom, preferencesAtom, loginBrokerAccountIdAtom, unknownIntentsAtom] as const;
