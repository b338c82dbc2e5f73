/**
 * Linking a Zerodha account (issue 22): the account number is the Zerodha client ID, and the form shows the
 * redirect and postback URLs to register in the Kite developer console, each with a copy button that says
 * "Copied" to everyone, or selects the URL when the clipboard is refused.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent, type UserEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { apiOrigin } from '@/lib/api/api-origin';
import { addressProblem } from '@/features/brokers/public-address';
import { configureApiClients } from '@/lib/api/clients';
import { API, description, input, kite, paper, record, renderBrokers, server, serveAccounts, serveBrokers, useBrokersServer, type BrokerAccount } from './brokers-harness.tsx';

useBrokersServer();

const zerodha = { ...kite, display_name: 'Zerodha (Kite Connect)' };

async function openKiteForm(user: UserEvent, locale: 'en' | 'fr' = 'en', serve = true) {
  if (serve) {
    serveBrokers([paper, zerodha]);
    serveAccounts([]);
  }
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

describe('an address Kite cannot use', () => {
  const textarea = (dialog: HTMLElement, label: string) => within(dialog).getByLabelText<HTMLTextAreaElement>(label);

  it('is said beside each URL: this computer’s address works for neither the login nor the postbacks', async () => {
    const user = userEvent.setup();
    // The test page is on http://localhost:3000, its API on http://api.test: neither is a public address.
    const dialog = await openKiteForm(user);
    expect(description(textarea(dialog, 'Redirect URL'))).toBe(
      'Kite needs a public https address here. This one is reachable only from this computer or its network: logging in to Kite works only in a browser there. Serve StrikeDesk at a public https address to log in from anywhere.',
    );
    expect(description(textarea(dialog, 'Postback URL'))).toBe(
      'Kite needs a public https address here: it posts your order updates from the internet. This one is reachable only from this computer or its network, so no postback will arrive. Until StrikeDesk is served at one, order updates come only from Kite’s ticker and StrikeDesk’s own reads of your orders.',
    );
  });

  it('says nothing beside a public https address', async () => {
    const user = userEvent.setup();
    configureApiClients({ apiBaseUrl: 'https://api.strikedesk.in', analyticsUrl: `${API}/analytics`, analyticsAnonKey: 'k' });
    // The accounts are read from the configured API.
    server.use(
      http.get('https://api.strikedesk.in/api/brokers/brokers/', () => HttpResponse.json({ brokers: [paper, zerodha] })),
      http.get('https://api.strikedesk.in/api/accounts/all-accounts/', () => HttpResponse.json({ broker_accounts: [] })),
    );
    const dialog = await openKiteForm(user, 'en', false);
    expect(textarea(dialog, 'Postback URL').value).toBe('https://api.strikedesk.in/api/brokers/kite/postback/');
    expect(description(textarea(dialog, 'Postback URL'))).toBe('');
  });

  it('is said in French', async () => {
    const user = userEvent.setup();
    const dialog = await openKiteForm(user, 'fr');
    expect(description(textarea(dialog, 'URL de postback'))).toMatch(/^Kite a besoin ici d’une adresse https publique : il y envoie les mises à jour de vos ordres depuis Internet\. Celle-ci n’est joignable que depuis cet ordinateur ou son réseau/);
  });

  it.each([
    ['https://desk.strikedesk.in/app/broker/kite/callback', null],
    ['https://203.0.113.7/api/', null],
    ['http://desk.strikedesk.in/app/broker/kite/callback', 'http'],
    ['http://127.0.0.1:4000/api/brokers/kite/postback/', 'local'],
    ['https://127.8.9.1/', 'local'],
    ['https://localhost/', 'local'],
    ['https://desk.localhost/', 'local'],
    ['https://10.1.2.3/', 'local'],
    ['https://172.20.0.5/', 'local'],
    ['https://172.32.0.5/', null],
    ['https://192.168.1.20:8443/', 'local'],
    ['https://169.254.10.1/', 'local'],
    ['https://100.64.0.1/', 'local'],
    ['https://[::1]/', 'local'],
    ['https://[fd12:3456::1]/', 'local'],
    ['https://[fe80::1]/', 'local'],
    ['https://[::ffff:192.168.0.1]/', 'local'],
    ['https://[2606:4700::1111]/', null],
    ['https://nas/', 'local'],
    ['https://printer.local/', 'local'],
    ['https://desk.home.arpa/', 'local'],
    ['not a url', 'local'],
  ])('%s is %s', (url, problem) => {
    expect(addressProblem(url)).toBe(problem);
  });
});

describe('where Zerodha posts order updates', () => {
  it('is this origin by default, else the configured API server', () => {
    expect(apiOrigin('https://desk.example', '')).toBe('https://desk.example');
    expect(apiOrigin('https://desk.example', 'https://api.example/')).toBe('https://api.example');
    expect(apiOrigin('https://desk.example', '/backend/')).toBe('https://desk.example/backend');
  });
});
