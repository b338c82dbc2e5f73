// Issue 62: "the account loses its Selected badge after the broker login round trip". The brokers screen marks the
// selected account; a list read with none selected (the app reloaded from the broker's login page, a new device)
// used to leave none marked while the desk showed the first logged-in account. Now a list read with none selected,
// or without the selected one, selects the account the desk shows: the first logged in, else the first.
import { createStore } from 'jotai/vanilla';
import { describe, expect, it } from 'vitest';
import { accountsLoadedAtom } from '@/features/brokers/atoms/account-list-actions';
import { selectedAccountAtom, type BrokerAccount } from '@/lib/session/user-profile-atoms';

const account = (id: number, loggedIn: boolean): BrokerAccount =>
  ({ id, broker: 'paper', name: `Account ${id}`, account_number: `PA${id}`, api_key: 'k', capital: 100_000, is_logged_in: loggedIn, session_expires_at: null }) as BrokerAccount;

describe('the selected broker account when the list is read', () => {
  it('with none selected, is the account the desk shows: the first logged in', () => {
    const store = createStore();
    store.set(accountsLoadedAtom, [account(1, false), account(2, true)]);
    expect(store.get(selectedAccountAtom)?.id).toBe(2);
  });

  it('with none logged in, is the first', () => {
    const store = createStore();
    store.set(accountsLoadedAtom, [account(1, false), account(2, false)]);
    expect(store.get(selectedAccountAtom)?.id).toBe(1);
  });

  it('keeps the trader’s choice, refreshed from the list, and replaces one the server no longer has', () => {
    const store = createStore();
    store.set(selectedAccountAtom, account(1, false));
    store.set(accountsLoadedAtom, [account(1, true), account(2, true)]);
    expect(store.get(selectedAccountAtom)).toMatchObject({ id: 1, is_logged_in: true });
    store.set(accountsLoadedAtom, [account(2, true)]);
    expect(store.get(selectedAccountAtom)?.id).toBe(2);
    store.set(accountsLoadedAtom, []);
    expect(store.get(selectedAccountAtom)).toBeNull();
  });
});
