/**
 * The broker accounts screen: what it loads and shows, its empty and failure states, selecting an
 * account, and starting the broker login. HTTP is MSW (see brokers-harness).
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { restoreValue } from '@/lib/persist/idb-storage';
import { brokerLoginBinding } from '@/lib/session/session-persistence';
import {
  brokerAccountsAtom,
  loginBrokerAccountIdAtom,
  selectedAccountAtom,
} from '@/lib/session/user-profile-atoms';
import { store } from '@/lib/store';
import {
  API,
  SESSION_END,
  kite,
  main,
  notifications,
  paper,
  record,
  renderBrokers,
  serveAccounts,
  serveBrokers,
  server,
  swing,
  useBrokersServer,
} from './brokers-harness.tsx';
import { plainText } from '../support/plain-text.ts';
import { capabilitiesOf } from '../support/broker-capabilities.ts';

useBrokersServer();

function row(name: string) {
  return screen.getByRole('listitem', { name });
}

describe('broker accounts list', () => {
  it('loads the brokers and accounts and shows each account with its broker session', async () => {
    serveBrokers();
    serveAccounts([main, swing]);
    renderBrokers();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Broker accounts');
    expect(screen.getByRole('status').textContent).toBe('Loading your broker accounts…');

    const first = await screen.findByRole('listitem', { name: 'Main paper account' });
    expect(within(first).getByText('Paper broker (simulated)')).toBeTruthy();
    expect(within(first).getByText('PA1234')).toBeTruthy();
    expect(within(first).getByText('₹5,00,000.00', { normalizer: plainText })).toBeTruthy();
    expect(within(first).getByText('Logged out')).toBeTruthy();
    expect(within(first).getByRole('button', { name: 'Log in to broker: Main paper account' })).toBeTruthy();

    const second = row('Swing');
    expect(within(second).getByText('Zerodha (Kite Connect)')).toBeTruthy();
    // Paper or live, in words: the paper broker's account is play money, any other broker's is real.
    expect(within(first).getByText('Paper')).toBeTruthy();
    expect(within(first).queryByText('Live')).toBeNull();
    expect(within(second).getByText('Live')).toBeTruthy();
    expect(within(second).queryByText('Paper')).toBeNull();
    expect(within(second).getByText('₹12,50,000.50', { normalizer: plainText })).toBeTruthy();
    // The session end in IST to the minute, in words and not by colour alone; while logged in, the
    // session can be renewed or ended.
    expect(within(second).getByText('Logged in until 17 Jan 2099, 06:00 IST', { normalizer: plainText })).toBeTruthy();
    expect(within(second).queryByRole('button', { name: /^Log in to broker/ })).toBeNull();
    expect(within(second).getByRole('button', { name: 'Log in again: Swing' })).toBeTruthy();
    expect(within(second).getByRole('button', { name: 'Log out of broker: Swing' })).toBeTruthy();
    expect(within(first).queryByRole('button', { name: /^Log out/ })).toBeNull();
    expect(store.get(brokerAccountsAtom)).toEqual([main, swing]);
  });

  it('names each session button with the words it shows first, so a voice-control user can say them', async () => {
    serveBrokers();
    serveAccounts([main, swing]);
    renderBrokers();
    const buttons = [
      within(await screen.findByRole('listitem', { name: 'Main paper account' })).getByRole('button', { name: /^Log in/ }),
      ...within(row('Swing')).getAllByRole('button', { name: /^Log (in|out)/ }),
    ];
    expect(buttons).toHaveLength(3);
    for (const button of buttons) expect(button.getAttribute('aria-label')).toMatch(new RegExp(`^${button.textContent?.trim()}: `));
  });

  it('keeps the heading outline whole: each account is an h2 under the screen’s h1', async () => {
    serveBrokers();
    serveAccounts([main, swing]);
    renderBrokers();
    await screen.findByRole('listitem', { name: 'Main paper account' });
    const levels = screen.getAllByRole('heading').map((heading) => Number(heading.tagName.slice(1)));
    expect(levels).toEqual([1, 2, 2, 3]);
    levels.forEach((level, index) => expect(level - (levels[index - 1] ?? 0)).toBeLessThanOrEqual(1));
  });

  it('names brokers in the trader’s language, and one the app does not know by the server’s name', async () => {
    const upstox = { id: 3, name: 'upstox', display_name: 'Upstox', capabilities: capabilitiesOf('upstox') };
    serveBrokers([paper, kite, upstox]);
    serveAccounts([main, swing, { ...swing, id: 13, broker: 'upstox', name: 'Other', account_number: 'UP1' }]);
    renderBrokers('/app/broker', { locale: 'fr' });
    const first = await screen.findByRole('listitem', { name: 'Main paper account' });
    expect(within(first).getByText('Courtier papier (simulé)')).toBeTruthy();
    expect(within(first).getByText('Simulé')).toBeTruthy();
    expect(within(row('Swing')).getByText('Zerodha (Kite Connect)')).toBeTruthy();
    expect(within(row('Swing')).getByText('Réel')).toBeTruthy();
    // A broker the app does not know yet is named by the server, and counts as live: never the safe-looking case.
    expect(within(row('Other')).getByText('Upstox')).toBeTruthy();
    expect(within(row('Other')).getByText('Réel')).toBeTruthy();
  });

  it('offline, says why and disables what needs the server (add, log in), and enables it again online', async () => {
    serveBrokers();
    serveAccounts([main]);
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    // As a browser does when the connection goes.
    window.dispatchEvent(new Event('offline'));
    try {
      renderBrokers();
      const login = await screen.findByRole('button', { name: 'Log in to broker: Main paper account' });
      expect(login.hasAttribute('disabled')).toBe(true);
      expect(screen.getByRole('button', { name: 'Add account' }).hasAttribute('disabled')).toBe(true);
      expect(screen.getByText(/You are offline/)).toBeTruthy();

      // Back online in the browser's word, enabled once the server answers (lib/network's probe): a
      // connection that answers nothing (a captive portal) must not enable anything.
      server.use(http.get(`${API}/api/health/`, () => HttpResponse.json({ status: 'ok' })));
      onLine.mockReturnValue(true);
      act(() => {
        window.dispatchEvent(new Event('online'));
      });
      expect(login.hasAttribute('disabled')).toBe(true);
      await waitFor(() => expect(login.hasAttribute('disabled')).toBe(false));
      expect(screen.queryByText(/You are offline/)).toBeNull();
    } finally {
      onLine.mockRestore();
    }
  });

  it('when the accounts cannot be read (the server unreachable), shows the last-known list as of its time, read-only', async () => {
    serveBrokers();
    serveAccounts([main]);
    const first = renderBrokers();
    await screen.findByRole('listitem', { name: 'Main paper account' });
    first.unmount();

    server.use(http.get(`${API}/api/accounts/all-accounts/`, () => HttpResponse.error()));
    renderBrokers();
    expect(await screen.findByText(/^Last known, as of \d\d:\d\d:\d\d IST: it could not be refreshed\.$/, { normalizer: plainText })).toBeTruthy();
    const item = screen.getByRole('listitem', { name: 'Main paper account' });
    expect(within(item).getByRole('button', { name: 'Log in to broker: Main paper account' }).hasAttribute('disabled')).toBe(true);
    expect(screen.queryByText('Your broker accounts could not be loaded.')).toBeNull();
  });

  it('counts a session whose end has passed as logged out, whatever the stored flag says', async () => {
    serveBrokers();
    serveAccounts([{ ...swing, session_expires_at: '2020-01-17T06:00:00+05:30' }]);
    renderBrokers();
    const item = await screen.findByRole('listitem', { name: 'Swing' });
    expect(within(item).getByText('Logged out')).toBeTruthy();
    expect(within(item).getByRole('button', { name: 'Log in to broker: Swing' })).toBeTruthy();
  });

  it('leads to linking a first account when there is none', async () => {
    const user = userEvent.setup();
    serveBrokers();
    serveAccounts([]);
    renderBrokers();
    const empty = await screen.findByRole('region', { name: 'Link your first broker account' });
    await user.click(within(empty).getByRole('button', { name: 'Add account' }));
    expect(screen.getByRole('dialog', { name: 'Link a broker account' })).toBeTruthy();
  });

  it('offers a retry when the accounts cannot be loaded, never a blank screen', async () => {
    const user = userEvent.setup();
    serveBrokers();
    server.use(
      http.get(`${API}/api/accounts/all-accounts/`, () => HttpResponse.json({ message: 'Boom', code: 'internal' }, { status: 500 }), {
        once: true,
      }),
    );
    renderBrokers();
    expect((await screen.findByRole('alert')).textContent).toContain('Your broker accounts could not be loaded.');

    serveAccounts([main]);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('listitem', { name: 'Main paper account' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('replaces a selected account the server no longer has with the one the desk shows, and refreshes one it still has', async () => {
    serveBrokers();
    const renamed = { ...main, name: 'Renamed' };
    serveAccounts([renamed]);
    store.set(selectedAccountAtom, main);
    renderBrokers();
    await screen.findByRole('listitem', { name: 'Renamed' });
    expect(store.get(selectedAccountAtom)).toEqual(renamed);

    store.set(selectedAccountAtom, swing);
    store.set(brokerAccountsAtom, []);
    serveAccounts([renamed]);
    renderBrokers();
    await waitFor(() => expect(store.get(selectedAccountAtom)).toEqual(renamed));
  });
});

describe('selecting an account', () => {
  it('marks the chosen account as selected and keeps it in the persisted selection', async () => {
    const user = userEvent.setup();
    serveBrokers();
    serveAccounts([main, swing]);
    renderBrokers();
    // None chosen yet: the account the desk shows (the first logged in) is the one marked (issue 62).
    await waitFor(() => expect(within(row('Swing')).getByText('Selected')).toBeTruthy());
    const item = row('Main paper account');
    expect(within(item).queryByText('Selected')).toBeNull();

    await user.click(within(item).getByRole('button', { name: 'Actions for Main paper account' }));
    await user.click(screen.getByRole('menuitem', { name: 'Select' }));
    expect(store.get(selectedAccountAtom)).toEqual(main);
    expect(within(row('Main paper account')).getByText('Selected')).toBeTruthy();
    expect(within(row('Swing')).queryByText('Selected')).toBeNull();

    // Selecting again is not offered for the account already selected.
    await user.click(within(row('Main paper account')).getByRole('button', { name: 'Actions for Main paper account' }));
    expect(screen.queryByRole('menuitem', { name: 'Select' })).toBeNull();
  });
});

describe('logging in to a broker', () => {
  /** The server's login links: each answer names the account, so the test sees which link was followed. */
  const serveLinks = () =>
    record('post', '/api/accounts/account-login-link/:accountId/', () => HttpResponse.json({ login_url: 'https://broker.example/login?state=s1' }));

  it('asks the server for the account’s link, remembers the account, on the device too, then opens the broker login page', async () => {
    const user = userEvent.setup();
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    serveBrokers([paper, kite]);
    serveAccounts([main, { ...swing, is_logged_in: false, session_expires_at: null }]);
    const links = serveLinks();
    renderBrokers();

    await user.click(await screen.findByRole('button', { name: 'Log in to broker: Main paper account' }));
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    expect(links).toEqual([
      { path: `/api/accounts/account-login-link/${main.id}/`, body: { broker_name: 'paper', redirect_uri: `${window.location.origin}/app/broker/paper/callback`, lang: 'en' } },
    ]);
    expect(assign).toHaveBeenCalledWith('https://broker.example/login?state=s1');
    expect(store.get(loginBrokerAccountIdAtom)).toBe(main.id);
    // Written before leaving: the broker's page is a full page load away.
    expect(await restoreValue(brokerLoginBinding.key, brokerLoginBinding.parse)).toEqual({ status: 'restored', value: main.id });
    // Another login cannot start while the page is leaving.
    const other = screen.getByRole('button', { name: 'Log in to broker: Swing' }) as HTMLButtonElement;
    expect(other.disabled).toBe(true);

    // Back from the broker's page restores this page from the back-forward cache: usable again.
    act(() => {
      window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    });
    expect(other.disabled).toBe(false);
  });

  it('names the live broker’s own return page', async () => {
    const user = userEvent.setup();
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    serveBrokers([paper, kite]);
    serveAccounts([{ ...swing, is_logged_in: false, session_expires_at: null }]);
    const links = serveLinks();
    renderBrokers();
    await user.click(await screen.findByRole('button', { name: 'Log in to broker: Swing' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://broker.example/login?state=s1'));
    expect(links.map((call) => call.body)).toEqual([{ broker_name: 'kite', redirect_uri: `${window.location.origin}/app/broker/kite/callback`, lang: 'en' }]);
    expect(store.get(loginBrokerAccountIdAtom)).toBe(swing.id);
  });

  it('asks the broker’s page for the trader’s language', async () => {
    const user = userEvent.setup();
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    serveBrokers([paper, kite]);
    serveAccounts([main]);
    const links = serveLinks();
    renderBrokers('/app/broker', { locale: 'fr' });
    await user.click(await screen.findByRole('button', { name: 'Se connecter au courtier : Main paper account' }));
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    expect(links.map((call) => (call.body as { lang: string }).lang)).toEqual(['fr']);
  });

  it('stays on the page and says why when the server refuses the link', async () => {
    const user = userEvent.setup();
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    serveBrokers([paper, kite]);
    serveAccounts([main]);
    record('post', '/api/accounts/account-login-link/:accountId/', () =>
      HttpResponse.json({ code: 'broker_mismatch', message: 'This account is on another broker.' }, { status: 400 }),
    );
    renderBrokers();
    const button = await screen.findByRole('button', { name: 'Log in to broker: Main paper account' });
    await user.click(button);
    await waitFor(() => expect(notifications().map((notice) => notice.kind)).toEqual(['error']));
    expect(assign).not.toHaveBeenCalled();
    expect((button as HTMLButtonElement).disabled).toBe(false);
    expect(store.get(loginBrokerAccountIdAtom)).toBeNull();
  });

  it('logs in again to an account whose session is still open', async () => {
    const user = userEvent.setup();
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    serveBrokers([paper, kite]);
    serveAccounts([{ ...main, is_logged_in: true, session_expires_at: SESSION_END }]);
    serveLinks();
    renderBrokers();
    await user.click(await screen.findByRole('button', { name: 'Log in again: Main paper account' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://broker.example/login?state=s1'));
    expect(store.get(loginBrokerAccountIdAtom)).toBe(main.id);
  });
});

describe('logging out of a broker', () => {
  it('asks first, then ends the session and shows the account as the server answers it', async () => {
    const user = userEvent.setup();
    const open = { ...main, is_logged_in: true, session_expires_at: SESSION_END };
    serveBrokers([paper, kite]);
    serveAccounts([open, swing]);
    store.set(selectedAccountAtom, open);
    const calls = record('post', '/api/accounts/account-logout/:accountId/', () =>
      HttpResponse.json({ message: 'Logged out of the broker', broker_accounts: main }),
    );
    renderBrokers();
    await user.click(await screen.findByRole('button', { name: 'Log out of broker: Main paper account' }));

    const dialog = screen.getByRole('alertdialog', { name: 'Log out of the broker for “Main paper account”?' });
    expect(calls).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Log out of broker' }));

    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls).toEqual([{ path: '/api/accounts/account-logout/11/', body: undefined }]);
    const item = row('Main paper account');
    expect(within(item).getByText('Logged out')).toBeTruthy();
    expect(within(item).getByRole('button', { name: 'Log in to broker: Main paper account' })).toBeTruthy();
    expect(store.get(brokerAccountsAtom)).toEqual([main, swing]);
    expect(store.get(selectedAccountAtom)).toEqual(main);
    expect(notifications()).toEqual([{ kind: 'success', title: 'Logged out of the broker', description: 'Main paper account', values: undefined }]);
  });

  it('keeps the session when the trader cancels', async () => {
    const user = userEvent.setup();
    serveBrokers([paper, kite]);
    serveAccounts([swing]);
    const calls = record('post', '/api/accounts/account-logout/:accountId/', () => HttpResponse.json({}));
    renderBrokers();
    await user.click(await screen.findByRole('button', { name: 'Log out of broker: Swing' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(calls).toEqual([]);
    expect(within(row('Swing')).getByText('Logged in until 17 Jan 2099, 06:00 IST', { normalizer: plainText })).toBeTruthy();
  });
});
