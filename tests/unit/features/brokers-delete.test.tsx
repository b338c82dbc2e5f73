/** Unlinking an account: asked first, naming what goes with it; removed from the list and the selection. */
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent, type UserEvent } from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  brokerAccountsAtom,
  loginBrokerAccountIdAtom,
  selectedAccountAtom,
} from '@/lib/session/user-profile-atoms';
import { store } from '@/lib/store';
import {
  main,
  notifications,
  record,
  renderBrokers,
  serveAccounts,
  serveBrokers,
  swing,
  useBrokersServer,
} from './brokers-harness.tsx';

useBrokersServer();

async function askToDelete(user: UserEvent, name: string) {
  const item = await screen.findByRole('listitem', { name });
  await user.click(within(item).getByRole('button', { name: `Actions for ${name}` }));
  await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
  return screen.getByRole('alertdialog', { name: `Delete “${name}”?` });
}

describe('deleting an account', () => {
  it('says the portfolios and bots go too, then removes the account and clears it as selected', async () => {
    const user = userEvent.setup();
    serveBrokers();
    serveAccounts([main, swing]);
    store.set(selectedAccountAtom, main);
    store.set(loginBrokerAccountIdAtom, main.id);
    const calls = record('delete', '/api/accounts/accounts/:id/', () => HttpResponse.json({ message: 'Deleted' }));
    renderBrokers();
    const dialog = await askToDelete(user, 'Main paper account');
    expect(within(dialog).getByText(/^Unlinking “Main paper account” \(PA1234\) also deletes its portfolios and bots/)).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Delete account' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls.map((call) => call.path)).toEqual(['/api/accounts/accounts/11/']);
    expect(store.get(brokerAccountsAtom)).toEqual([swing]);
    expect(store.get(selectedAccountAtom)).toBeNull();
    expect(store.get(loginBrokerAccountIdAtom)).toBeNull();
    expect(screen.queryByRole('listitem', { name: 'Main paper account' })).toBeNull();
    expect(notifications()).toEqual([{ kind: 'success', title: 'Account deleted', values: undefined }]);
  });

  it('keeps another selected account selected', async () => {
    const user = userEvent.setup();
    serveBrokers();
    serveAccounts([main, swing]);
    store.set(selectedAccountAtom, swing);
    record('delete', '/api/accounts/accounts/:id/', () => HttpResponse.json({ message: 'Deleted' }));
    renderBrokers();
    const dialog = await askToDelete(user, 'Main paper account');
    await user.click(within(dialog).getByRole('button', { name: 'Delete account' }));
    await waitFor(() => expect(store.get(brokerAccountsAtom)).toEqual([swing]));
    expect(store.get(selectedAccountAtom)).toEqual(swing);
  });

  it('deletes nothing when the trader cancels', async () => {
    const user = userEvent.setup();
    serveBrokers();
    serveAccounts([main]);
    const calls = record('delete', '/api/accounts/accounts/:id/', () => HttpResponse.json({ message: 'Deleted' }));
    renderBrokers();
    const dialog = await askToDelete(user, 'Main paper account');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(calls).toEqual([]);
    expect(store.get(brokerAccountsAtom)).toEqual([main]);
  });

  it('shows a refusal in the dialog and keeps the account', async () => {
    const user = userEvent.setup();
    serveBrokers();
    serveAccounts([main]);
    record('delete', '/api/accounts/accounts/:id/', () =>
      HttpResponse.json({ message: 'Square off the open positions first', code: 'positions_open' }, { status: 409 }),
    );
    renderBrokers();
    const dialog = await askToDelete(user, 'Main paper account');
    await user.click(within(dialog).getByRole('button', { name: 'Delete account' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Square off the open positions first');
    expect(store.get(brokerAccountsAtom)).toEqual([main]);
  });

  it('drops an account another device already deleted', async () => {
    const user = userEvent.setup();
    serveBrokers();
    serveAccounts([main]);
    record('delete', '/api/accounts/accounts/:id/', () =>
      HttpResponse.json({ message: 'Not Found', code: 'not_found' }, { status: 404 }),
    );
    renderBrokers();
    const dialog = await askToDelete(user, 'Main paper account');
    await user.click(within(dialog).getByRole('button', { name: 'Delete account' }));
    await waitFor(() => expect(store.get(brokerAccountsAtom)).toEqual([]));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
