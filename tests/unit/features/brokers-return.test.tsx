/**
 * The return from the broker's login page (/app/broker/:broker/*): the request_token is exchanged once,
 * and every outcome says what happened and offers a way forward. HTTP is MSW (see brokers-harness).
 */
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import {
  brokerAccountsAtom,
  loginBrokerAccountIdAtom,
  selectedAccountAtom,
} from '@/lib/session/user-profile-atoms';
import { store } from '@/lib/store';
import {
  API,
  SESSION_END,
  main,
  notifications,
  record,
  renderBrokers,
  serveAccounts,
  serveBrokers,
  server,
  swing,
  useBrokersServer,
  where,
} from './brokers-harness.tsx';
import { plainText } from '../support/plain-text.ts';

useBrokersServer();

const loggedIn = { ...main, is_logged_in: true, session_expires_at: SESSION_END };
const callback = (token: string) => `/app/broker/paper/callback?request_token=${token}&action=login&status=success`;
const LOGIN_PATH = '/api/accounts/account-login/:accountId/';

function rememberLogin() {
  store.set(brokerAccountsAtom, [main, swing]);
  store.set(selectedAccountAtom, main);
  store.set(loginBrokerAccountIdAtom, main.id);
}

describe('broker login return', () => {
  it('posts the token for the remembered account, then updates the account and lands on the list', async () => {
    rememberLogin();
    serveBrokers();
    serveAccounts([loggedIn, swing]);
    const calls = record('post', LOGIN_PATH, () => HttpResponse.json({ message: 'Logged in', broker_accounts: loggedIn }));
    renderBrokers(callback('rt_success_0001'));
    expect(screen.getByRole('status').textContent).toBe('Completing broker login…');

    await waitFor(() => expect(where()).toBe('/app/broker'));
    expect(calls).toEqual([
      { path: '/api/accounts/account-login/11/', body: { request_token: 'rt_success_0001', broker_name: 'paper' } },
    ]);
    expect(store.get(loginBrokerAccountIdAtom)).toBeNull();
    expect(store.get(selectedAccountAtom)).toEqual(loggedIn);
    expect(notifications()).toEqual([{ kind: 'success', title: 'Logged in to Paper broker (simulated)', description: 'Main paper account', values: undefined }]);
    // The list is read again and shows the open session.
    const item = await screen.findByRole('listitem', { name: 'Main paper account' });
    expect(within(item).getByText('Logged in until 17 Jan 2099, 06:00 IST', { normalizer: plainText })).toBeTruthy();
    expect(store.get(brokerAccountsAtom)).toEqual([loggedIn, swing]);
  });

  it('posts the token exactly once under StrictMode', async () => {
    rememberLogin();
    serveBrokers();
    serveAccounts([loggedIn, swing]);
    const calls = record('post', LOGIN_PATH, () => HttpResponse.json({ message: 'Logged in', broker_accounts: loggedIn }));
    renderBrokers(callback('rt_strict_00001'), { strict: true });
    await waitFor(() => expect(where()).toBe('/app/broker'));
    await screen.findByRole('listitem', { name: 'Main paper account' });
    expect(calls).toHaveLength(1);
    expect(notifications()).toHaveLength(1);
  });

  it('shows the refusal of an expired or reused token, and restarts the login for that account', async () => {
    const user = userEvent.setup();
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    rememberLogin();
    serveBrokers();
    serveAccounts([main, swing]);
    record('post', LOGIN_PATH, () =>
      HttpResponse.json({ message: 'The request token has expired or was already used', code: 'request_token_invalid' }, { status: 422 }),
    );
    renderBrokers(callback('rt_reused_00001'));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The broker login did not go through');
    expect(alert.textContent).toContain('The request token has expired or was already used');
    expect(where()).toBe('/app/broker/paper/callback?request_token=rt_reused_00001&action=login&status=success');
    expect(store.get(loginBrokerAccountIdAtom)).toBe(main.id);
    expect(screen.getByRole('link', { name: 'Back to broker accounts' }).getAttribute('href')).toBe('/app/broker');
    // The same token cannot work again, so it is not offered again.
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();

    const links = record('post', '/api/accounts/account-login-link/:accountId/', () => HttpResponse.json({ login_url: '/broker-login/paper?api_key=paper_key&lang=en' }));
    await user.click(screen.getByRole('button', { name: 'Log in to the broker again' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/broker-login/paper?api_key=paper_key&lang=en'));
    expect(links.map((call) => call.path)).toEqual([`/api/accounts/account-login-link/${main.id}/`]);
    expect(store.get(loginBrokerAccountIdAtom)).toBe(main.id);
  });

  it('posts an OAuth code with the state the broker sent back (Upstox)', async () => {
    rememberLogin();
    serveBrokers();
    serveAccounts([loggedIn, swing]);
    const calls = record('post', LOGIN_PATH, () => HttpResponse.json({ message: 'Logged in', broker_accounts: loggedIn }));
    const state = 'Zk3pQ8vLr2N0sT5uW7xY9aBcDeFgHiJkLmNoPqRsTuV';
    renderBrokers(`/app/broker/upstox/callback?code=mk404x&state=${state}`);
    await waitFor(() => expect(where()).toBe('/app/broker'));
    expect(calls).toEqual([{ path: '/api/accounts/account-login/11/', body: { request_token: 'mk404x', broker_name: 'upstox', state } }]);
  });

  it('posts the tokenId Dhan sent back, with no state (the server keeps the link’s)', async () => {
    rememberLogin();
    serveBrokers();
    serveAccounts([loggedIn, swing]);
    const calls = record('post', LOGIN_PATH, () => HttpResponse.json({ message: 'Logged in', broker_accounts: loggedIn }));
    renderBrokers('/app/broker/dhan/callback?tokenId=3f1c9a2e-5b7d-4e8f-9a0b-1c2d3e4f5a6b');
    await waitFor(() => expect(where()).toBe('/app/broker'));
    expect(calls).toEqual([{ path: '/api/accounts/account-login/11/', body: { request_token: '3f1c9a2e-5b7d-4e8f-9a0b-1c2d3e4f5a6b', broker_name: 'dhan' } }]);
  });

  it('says the login was cancelled when the trader declined the OAuth dialog, and posts nothing', async () => {
    rememberLogin();
    serveBrokers();
    const calls = record('post', LOGIN_PATH, () => HttpResponse.json({}));
    renderBrokers('/app/broker/upstox/callback?error=access_denied&state=Zk3pQ8vLr2N0sT5uW7xY9aBcDeFgHiJkLmNoPqRsTuV');
    expect((await screen.findByRole('status')).textContent).toContain('cancelled');
    expect(calls).toEqual([]);
  });

  it('shows the server’s message for a wrong broker', async () => {
    rememberLogin();
    serveBrokers();
    record('post', LOGIN_PATH, () =>
      HttpResponse.json({ message: 'This account is not a kite account', code: 'broker_mismatch', field: 'broker_name' }, { status: 400 }),
    );
    renderBrokers('/app/broker/kite/callback?request_token=rt_kite_000001&action=login&status=success');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Broker login failed');
    expect(alert.textContent).toContain('This account is not a kite account');
    // Kite is named in the app's words, never by its slug (a broker the app has no words for gets the
    // server's display name: brokers-list.test.tsx).
    expect(await screen.findByText('Broker: Zerodha (Kite Connect)')).toBeTruthy();
  });

  it('names the broker, not its slug, in the trader’s language', async () => {
    rememberLogin();
    renderBrokers('/app/broker/paper/callback?status=cancelled');
    expect(screen.getByText('Broker: Paper broker (simulated)')).toBeTruthy();
  });

  it('names the broker in French too', async () => {
    rememberLogin();
    renderBrokers('/app/broker/paper/callback?status=cancelled', { locale: 'fr' });
    expect(screen.getByText('Courtier : Courtier papier (simulé)')).toBeTruthy();
  });

  it('sends the same token again after a failure that may not have reached the server', async () => {
    const user = userEvent.setup();
    rememberLogin();
    serveBrokers();
    serveAccounts([loggedIn, swing]);
    const calls = record('post', LOGIN_PATH, () => HttpResponse.json({ message: 'Logged in', broker_accounts: loggedIn }));
    // Handlers added later are tried first: the first post gets no answer at all.
    server.use(http.post(`${API}/api/accounts/account-login/:accountId/`, () => HttpResponse.error(), { once: true }));
    renderBrokers(callback('rt_network_0001'));
    expect((await screen.findByRole('alert')).textContent).toContain('the server did not answer');

    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(where()).toBe('/app/broker'));
    expect(calls).toHaveLength(1);
    expect(store.get(loginBrokerAccountIdAtom)).toBeNull();
  });

  it('says the login was cancelled, posts nothing, and links back', async () => {
    rememberLogin();
    renderBrokers('/app/broker/paper/callback?status=cancelled');
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Broker login cancelled');
    expect(screen.getByRole('link', { name: 'Back to broker accounts' }).getAttribute('href')).toBe('/app/broker');
    expect(screen.getByRole('button', { name: 'Log in to the broker again' })).toBeTruthy();
  });

  it('says so when the broker sent no token', async () => {
    rememberLogin();
    renderBrokers('/app/broker/paper/callback?action=login&status=success');
    expect(screen.getByRole('alert').textContent).toContain('The broker sent no valid login token');
    expect(screen.getByRole('link', { name: 'Back to broker accounts' })).toBeTruthy();
  });

  it('says it cannot tell which account was logging in when none is remembered', async () => {
    renderBrokers(callback('rt_orphan_00001'));
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain(
      'We could not tell which account was logging in. Start the broker login again from Broker accounts.',
    );
    expect(screen.getByRole('link', { name: 'Back to broker accounts' }).getAttribute('href')).toBe('/app/broker');
    expect(screen.queryByRole('button', { name: 'Log in to the broker again' })).toBeNull();
  });
});
