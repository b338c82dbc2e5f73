/**
 * Linking and editing a broker account: what is sent, how the list and the selection follow (spec §4),
 * client validation, and server refusals shown on the form without losing what was typed.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent, type UserEvent } from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { brokerAccountsAtom, selectedAccountAtom } from '@/lib/session/user-profile-atoms';
import { store } from '@/lib/store';
import {
  description,
  input,
  main,
  notifications,
  record,
  renderBrokers,
  serveAccounts,
  serveBrokers,
  swing,
  useBrokersServer,
  type BrokerAccount,
} from './brokers-harness.tsx';

useBrokersServer();

async function openAddForm(user: UserEvent) {
  await user.click(await screen.findByRole('button', { name: 'Add account' }));
  return screen.getByRole('dialog', { name: 'Link a broker account' });
}

async function openEditForm(user: UserEvent, name: string) {
  const item = await screen.findByRole('listitem', { name });
  await user.click(within(item).getByRole('button', { name: `Actions for ${name}` }));
  await user.click(screen.getByRole('menuitem', { name: 'Edit' }));
  return screen.getByRole('dialog', { name: `Edit “${name}”` });
}

async function fillNewAccount(user: UserEvent) {
  await user.type(input(/^Account name/), '  Intraday ');
  await user.type(input(/^Account number/), 'PA5555');
  await user.type(input(/^API key/), 'key_123');
  await user.type(input(/^API secret/), 's3cret');
  await user.type(input(/^Capital/), '2,50,000');
}

const created: BrokerAccount = {
  id: 31,
  broker: 'paper',
  name: 'Intraday',
  account_number: 'PA5555',
  api_key: 'key_123',
  capital: 250000,
  is_logged_in: false,
  session_expires_at: null,
};

describe('adding an account', () => {
  it('sends the contract body, appends the answer, selects a first account, and says so', async () => {
    const user = userEvent.setup();
    serveBrokers();
    serveAccounts([]);
    const calls = record('post', '/api/accounts/accounts/', () => HttpResponse.json({ broker_accounts: created }, { status: 201 }));
    renderBrokers();
    const dialog = await openAddForm(user);
    expect((within(dialog).getByLabelText(/^Broker/) as HTMLSelectElement).value).toBe('paper');
    await fillNewAccount(user);
    await user.click(within(dialog).getByRole('button', { name: 'Add account' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.map((call) => call.body)).toEqual([
      { broker: 'paper', name: 'Intraday', account_number: 'PA5555', api_key: 'key_123', api_secret: 's3cret', capital: 250000 },
    ]);
    expect(store.get(brokerAccountsAtom)).toEqual([created]);
    expect(store.get(selectedAccountAtom)).toEqual(created);
    expect(screen.getByRole('listitem', { name: 'Intraday' })).toBeTruthy();
    expect(notifications()).toEqual([
      {
        kind: 'success',
        title: 'Account added',
        description: '{number} is now the selected account: the desk, positions and orders show it.',
        values: { number: 'PA5555', selected: 'PA5555' },
      },
    ]);
  });

  it('keeps the selected account when there is one, and says which one the screens still show', async () => {
    const user = userEvent.setup();
    serveBrokers();
    serveAccounts([main]);
    store.set(selectedAccountAtom, main);
    record('post', '/api/accounts/accounts/', () => HttpResponse.json({ broker_accounts: created }, { status: 201 }));
    renderBrokers();
    const dialog = await openAddForm(user);
    await fillNewAccount(user);
    await user.click(within(dialog).getByRole('button', { name: 'Add account' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(store.get(selectedAccountAtom)).toEqual(main);
    expect(notifications()).toEqual([
      {
        kind: 'success',
        title: 'Account added',
        description: '{selected} stays the selected account; choose Select on {number} to trade on it.',
        values: { number: 'PA5555', selected: main.account_number },
      },
    ]);
  });

  it('keeps the account the screens showed when none was chosen yet: the new one never takes its place', async () => {
    const user = userEvent.setup();
    serveBrokers();
    // Not chosen on this device yet: the desk shows the account logged in to its broker (swing), not the first.
    serveAccounts([main, swing]);
    record('post', '/api/accounts/accounts/', () => HttpResponse.json({ broker_accounts: created }, { status: 201 }));
    renderBrokers();
    const dialog = await openAddForm(user);
    await fillNewAccount(user);
    await user.click(within(dialog).getByRole('button', { name: 'Add account' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(store.get(brokerAccountsAtom)).toEqual([main, swing, created]);
    expect(store.get(selectedAccountAtom)).toEqual(swing);
    expect(notifications()).toEqual([
      {
        kind: 'success',
        title: 'Account added',
        description: '{selected} stays the selected account; choose Select on {number} to trade on it.',
        values: { number: 'PA5555', selected: swing.account_number },
      },
    ]);
  });

  it('fills the keys for the paper broker only, with fresh random values each time', async () => {
    const user = userEvent.setup();
    serveBrokers();
    serveAccounts([]);
    renderBrokers();
    const dialog = await openAddForm(user);
    await user.click(within(dialog).getByRole('button', { name: 'Generate keys' }));
    const key = input(/^API key/).value;
    const secret = input(/^API secret/).value;
    expect(key).toMatch(/^paper_[0-9a-f]{20}$/);
    expect(secret).toMatch(/^[0-9a-f]{48}$/);
    await user.click(within(dialog).getByRole('button', { name: 'Generate keys' }));
    expect(input(/^API key/).value).not.toBe(key);

    await user.selectOptions(within(dialog).getByLabelText(/^Broker/), 'kite');
    expect(within(dialog).queryByRole('button', { name: 'Generate keys' })).toBeNull();
  });

  it('blocks an account number the contract refuses, with the reason on the field, and sends nothing', async () => {
    const user = userEvent.setup();
    serveBrokers();
    serveAccounts([]);
    const calls = record('post', '/api/accounts/accounts/', () => HttpResponse.json({ broker_accounts: created }));
    renderBrokers();
    const dialog = await openAddForm(user);
    await fillNewAccount(user);
    const number = input(/^Account number/);
    await user.clear(number);
    await user.type(number, 'PA 55!');
    await user.click(within(dialog).getByRole('button', { name: 'Add account' }));

    expect(number.getAttribute('aria-invalid')).toBe('true');
    expect(description(number)).toContain('Account number must be 2 to 32 letters, digits, hyphens or underscores');
    expect(document.activeElement).toBe(number);
    expect(calls).toEqual([]);
  });

  it('shows a refusal on the field it is about and keeps everything typed', async () => {
    const user = userEvent.setup();
    serveBrokers();
    serveAccounts([main]);
    record('post', '/api/accounts/accounts/', () =>
      HttpResponse.json({ message: 'Account PA5555 is already linked', code: 'account_exists' }, { status: 409 }),
    );
    renderBrokers();
    const dialog = await openAddForm(user);
    await fillNewAccount(user);
    await user.click(within(dialog).getByRole('button', { name: 'Add account' }));

    const number = input(/^Account number/);
    await waitFor(() => expect(description(number)).toContain('You have already linked an account with this number.'));
    expect(document.activeElement).toBe(number);
    expect(input(/^Account name/).value).toBe('  Intraday ');
    expect(input(/^API secret/).value).toBe('s3cret');
    expect(store.get(brokerAccountsAtom)).toEqual([main]);
    expect(notifications()).toEqual([]);
  });

  it('shows a refusal about no field above the form', async () => {
    const user = userEvent.setup();
    serveBrokers();
    serveAccounts([main]);
    record('post', '/api/accounts/accounts/', () =>
      HttpResponse.json({ message: 'Linking is paused for maintenance', code: 'maintenance' }, { status: 422 }),
    );
    renderBrokers();
    const dialog = await openAddForm(user);
    await fillNewAccount(user);
    await user.click(within(dialog).getByRole('button', { name: 'Add account' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Linking is paused for maintenance');
    expect(screen.getByRole('dialog')).toBe(dialog);
  });
});

describe('editing an account', () => {
  it('sends only what changed, never a blank secret, and replaces the account in the list and the selection', async () => {
    const user = userEvent.setup();
    serveBrokers();
    serveAccounts([main, swing]);
    store.set(selectedAccountAtom, main);
    const updated: BrokerAccount = { ...main, name: 'Main', capital: 600000 };
    const calls = record('put', '/api/accounts/accounts/:id/', () => HttpResponse.json({ broker_accounts: updated }));
    renderBrokers();
    const dialog = await openEditForm(user, 'Main paper account');

    const secret = input(/^API secret/);
    expect(secret.value).toBe('');
    expect(description(secret)).toContain('Leave blank to keep the current secret.');
    expect((within(dialog).getByLabelText(/^Broker/) as HTMLSelectElement).disabled).toBe(true);
    const save = within(dialog).getByRole('button', { name: 'Save changes' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);

    await user.clear(input(/^Account name/));
    await user.type(input(/^Account name/), 'Main');
    await user.clear(input(/^Capital/));
    await user.type(input(/^Capital/), '600000');
    await user.click(save);

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls).toEqual([{ path: '/api/accounts/accounts/11/', body: { name: 'Main', capital: 600000 } }]);
    expect(store.get(brokerAccountsAtom)).toEqual([updated, swing]);
    expect(store.get(selectedAccountAtom)).toEqual(updated);
    expect(notifications()).toEqual([{ kind: 'success', title: 'Account updated', values: undefined }]);
  });

  it('sends a new secret when one is typed', async () => {
    const user = userEvent.setup();
    serveBrokers();
    serveAccounts([main]);
    const calls = record('put', '/api/accounts/accounts/:id/', () => HttpResponse.json({ broker_accounts: main }));
    renderBrokers();
    const dialog = await openEditForm(user, 'Main paper account');
    await user.type(input(/^API secret/), 'rotated');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(calls.map((call) => call.body)).toEqual([{ api_secret: 'rotated' }]));
  });

  it('keeps the edits and shows why when the capital is refused', async () => {
    const user = userEvent.setup();
    serveBrokers();
    serveAccounts([main]);
    record('put', '/api/accounts/accounts/:id/', () =>
      HttpResponse.json(
        { message: 'Portfolios hold ₹4,00,000 of this account', code: 'capital_exceeded', field: 'capital' },
        { status: 422 },
      ),
    );
    renderBrokers();
    const dialog = await openEditForm(user, 'Main paper account');
    const capital = input(/^Capital/);
    await user.clear(capital);
    await user.type(capital, '100');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(description(capital)).toContain('Portfolios hold ₹4,00,000 of this account'));
    expect(capital.value).toBe('100');
    expect(store.get(brokerAccountsAtom)).toEqual([main]);
  });
});
