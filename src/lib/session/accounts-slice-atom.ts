// jotai/vanilla, not jotai: this module is in the first visit's entry (tests/unit/app/first-visit-entry-imports.test.ts).
import { atom } from 'jotai/vanilla';
import { brokerAccountsAtom, selectedAccountAtom, type BrokerAccount } from '@/lib/session/user-profile-atoms';

/** The broker-accounts slice that survives reloads (spec §4: list and selected account, key `root`). */
export type AccountsSlice = { brokerAccounts: BrokerAccount[]; selectedAccount: BrokerAccount | null };

export const accountsSliceAtom = atom(
  (get): AccountsSlice => ({ brokerAccounts: get(brokerAccountsAtom), selectedAccount: get(selectedAccountAtom) }),
  (_get, set, slice: AccountsSlice) => {
    set(brokerAccountsAtom, slice.brokerAccounts);
    set(selectedAccountAtom, slice.selectedAccount);
  },
);
