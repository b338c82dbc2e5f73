/**
 * Linking a Zerodha account (issue 22): the account number is the Zerodha client ID, and the form shows the
 * redirect and postback URLs to register in the Kite developer console, each with a copy button that says
 * "Copied" to everyone, or selects the URL when the clipboard is refused.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent, type UserEvent } from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { apiOrigin } from '@/features/brokers/components/kite-console';
import { description, input, kite, paper, record, renderBrokers, serveAccounts, serveBrokers, useBrokersServer, type BrokerAccount } from './brokers-harness.tsx';

useBrokersServer();

const zerodha = { ...kite, display_name: 'Zerodha (Kite Connect)' };

async function openKiteForm(user: UserEvent, locale: 'en' | 'fr' = 'en') {
  serveBrokers([paper, zerodha]);
  serveAccounts([]);
  renderBrokers('/app/broker', { locale });
  await user.click(await screen.findByRole('button', { name: locale === 'en' ? 'Add account' : 'Ajouter un compte' }));
  const dialog = screen.getByRole('dialog');
  await user.selectOptions(within(dialog).getByLabelText(locale === 'en' ? /^Broker/ : /^Courtier/), 'kite');
  return dialog;
}

describe('a Kite account', () => {
  it('is named "Zerodha (Kite Connect)" and asks for the Zerodha client ID, not an account number', async () => {
    const user = userEvent.setup();
    const dialog = await openKiteForm(user);
    expect(within(dialog).getByRole('option', { name: 'Zerodha (Kite Connect)' })).toBeTruthy();
    const clientId = input(/^Zerodha client ID/);
    expect(description(clientId)).toBe('The ID you log in to Kite with, e.g. AB1234.');
    expect(within(dialog).queryByLabelText(/^Account number/)).toBeNull();
    // Its errors name the field as it is labelled.
    await user.type(clientId, 'A');
    await user.tab();
    expect(description(clientId)).toBe('Zerodha client ID must be 2 to 32 letters, digits, hyphens or underscores');
    // Back on the paper broker, it is an account number again.
    await user.selectOptions(within(dialog).getByLabelText(/^Broker/), 'paper');
    expect(input(/^Account number/)).toBeTruthy();
    expect(within(dialog).queryByRole('region', { name: /Kite developer console/ })).toBeNull();
  });

  it('shows the redirect and postback URLs to register, read-only, and copies each', async () => {
    const user = userEvent.setup();
    const dialog = await openKiteForm(user);
    const console = within(dialog).getByRole('region', { name: 'Register StrikeDesk in the Kite developer console' });
    const redirect = within(console).getByLabelText<HTMLTextAreaElement>('Redirect URL');
    const postback = within(console).getByLabelText<HTMLTextAreaElement>('Postback URL');
    expect(redirect.value).toBe(`${window.location.origin}/app/broker/kite/callback`);
    // The tests' API server is http://api.test: Zerodha must post to wherever the trading API answers.
    expect(postback.value).toBe('http://api.test/api/brokers/kite/postback/');
    expect(redirect.readOnly && postback.readOnly).toBe(true);

    await user.click(within(console).getByRole('button', { name: 'Copy Redirect URL' }));
    expect(await navigator.clipboard.readText()).toBe(redirect.value);
    const statuses = within(console).getAllByRole('status');
    expect(statuses.map((status) => status.textContent)).toEqual(['Copied', '']);
    await user.click(within(console).getByRole('button', { name: 'Copy Postback URL' }));
    expect(await navigator.clipboard.readText()).toBe(postback.value);
    expect(statuses[1]?.textContent).toBe('Copied');
  });

  it('selects the URL and says how to copy it when the clipboard is refused', async () => {
    const user = userEvent.setup();
    const dialog = await openKiteForm(user);
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('Denied', 'NotAllowedError'));
    await user.click(within(dialog).getByRole('button', { name: 'Copy Postback URL' }));
    const postback = within(dialog).getByLabelText<HTMLTextAreaElement>('Postback URL');
    await waitFor(() => expect(document.activeElement).toBe(postback));
    expect([postback.selectionStart, postback.selectionEnd]).toEqual([0, postback.value.length]);
    expect(within(dialog).getByText('Selected: copy it with Ctrl+C (⌘C on a Mac) or your device’s menu.')).toBeTruthy();
    expect(within(dialog).queryByText('Copied')).toBeNull();
  });

  it('is linked with its client ID, key and secret', async () => {
    const user = userEvent.setup();
    const created: BrokerAccount = {
      id: 41,
      broker: 'kite',
      name: 'Zerodha',
      account_number: 'AB1234',
      api_key: 'kitekey',
      capital: 100000,
      is_logged_in: false,
      session_expires_at: null,
    };
    const calls = record('post', '/api/accounts/accounts/', () => HttpResponse.json({ broker_accounts: created }));
    const dialog = await openKiteForm(user);
    await user.type(input(/^Account name/), 'Zerodha');
    await user.type(input(/^Zerodha client ID/), 'AB1234');
    await user.type(input(/^API key/), 'kitekey');
    await user.type(input(/^API secret/), 'kitesecret');
    await user.type(input(/^Capital/), '100000');
    await user.click(within(dialog).getByRole('button', { name: 'Add account' }));
    await waitFor(() => expect(calls.map((call) => call.body)).toEqual([
      { broker: 'kite', name: 'Zerodha', account_number: 'AB1234', api_key: 'kitekey', api_secret: 'kitesecret', capital: 100000 },
    ]));
  });

  it('is explained in French', async () => {
    const user = userEvent.setup();
    const dialog = await openKiteForm(user, 'fr');
    expect(input(/^Identifiant client Zerodha/)).toBeTruthy();
    expect(within(dialog).getByLabelText('URL de redirection')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Copier : URL de postback' })).toBeTruthy();
  });
});

describe('where Zerodha posts order updates', () => {
  it('is this origin by default, else the configured API server', () => {
    expect(apiOrigin('https://desk.example', '')).toBe('https://desk.example');
    expect(apiOrigin('https://desk.example', 'https://api.example/')).toBe('https://api.example');
    expect(apiOrigin('https://desk.example', '/backend/')).toBe('https://desk.example/backend');
  });
});
