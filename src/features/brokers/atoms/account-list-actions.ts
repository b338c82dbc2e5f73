/**
 * The only writers of the broker-accounts slice (spec §4): a create appends, an update replaces the item
 * with the same id, a delete removes it. The selected account is a copy of one list item, so each action
 * keeps it in step: refreshed when its account changes, cleared when its account goes.
 */
import { atom } from 'jotai';
import type { BrokerAccount } from '@/features/brokers/api/broker-types';
import { defaultAccount, shownAccount } from '@/lib/session/session-open';
import { appendItem, removeItem, replaceItem } from '@/lib/session/list-rules';
import {
  brokerAccountsAtom,
  loginBrokerAccountIdAtom,
  selectedAccountAtom,
} from '@/lib/session/user-profile-atoms';

/**
 * The list as the server answered it. The selected account is refreshed from it; one the server no longer has, or
 * none chosen yet (a list read on a new device, or after the broker's login page), gives way to the account the
 * screens show (defaultAccount), so the brokers screen's Selected badge is never missing while the desk shows one.
 */
export const accountsLoadedAtom = atom(null, (get, set, accounts: BrokerAccount[]) => {
  set(brokerAccountsAtom, accounts);
  set(selectedAccountAtom, shownAccount(accounts, get(selectedAccountAtom)));
});

/**
 * A new account never takes the trader's place: the selected account stays. With none selected yet, the
 * screens were showing one of the accounts already linked (the desk the first logged in to its broker, else
 * the first), and that one becomes the selection; only a first account is selected at once, so the other
 * screens have an account to show. Answers the account selected afterwards, for the caller to tell the
 * trader which one the screens show.
 */
export const accountAddedAtom = atom(null, (get, set, account: BrokerAccount): BrokerAccount => {
  const before = get(brokerAccountsAtom);
  set(brokerAccountsAtom, appendItem(before, account));
  const selected = get(selectedAccountAtom);
  if (selected !== null) return selected;
  const shown = defaultAccount(before) ?? account;
  set(selectedAccountAtom, shown);
  return shown;
});

export const accountUpdatedAtom = atom(null, (get, set, account: BrokerAccount) => {
  set(brokerAccountsAtom, replaceItem(get(brokerAccountsAtom), account));
  if (get(selectedAccountAtom)?.id === account.id) set(selectedAccountAtom, account);
});

export const accountRemovedAtom = atom(null, (get, set, id: number) => {
  set(brokerAccountsAtom, removeItem(get(brokerAccountsAtom), id));
  if (get(selectedAccountAtom)?.id === id) set(selectedAccountAtom, null);
  if (get(loginBrokerAccountIdAtom) === id) set(loginBrokerAccountIdAtom, null);
});
