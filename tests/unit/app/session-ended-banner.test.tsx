// The shell's banner of live accounts that need a login (issue 38): it reads the accounts list once when it
// mounts (so a reload still shows it) and again when the price stream tells of an account's change, never on
// a timer; it names the broker and the account, leaves paper accounts and a log-out by the trader alone, and
// goes once the account is logged in again. HTTP is MSW.
import { act, render, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { IntlProvider } from 'react-intl';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { components } from '@openapi/main';
import { SessionEndedBanner } from '@/app/layouts/session-ended-banner';
import { frMessages } from '@/i18n/locales/fr/index';
import { configureApiClients } from '@/lib/api/clients';
import { streamNoticesAtom } from '@/lib/network/stream-notices-atom';
import { tokenAtom } from '@/lib/session/auth-atoms';
import { brokerAccountsAtom } from '@/lib/session/user-profile-atoms';
import { store } from '@/lib/store';

type BrokerAccount = components['schemas']['BrokerAccount'];
const API = 'http://api.test';
const endedAt = '2026-11-20T05:00:00.000Z';

const upstox: BrokerAccount = {
  id: 7, broker: 'upstox', name: 'Upstox desk', account_number: 'UP1234', api_key: 'up_key', capital: 500000,
  is_logged_in: false, session_expires_at: null, session_ended_at: endedAt,
};
// A paper account whose session ran out, and a Kite account the trader logged out of: neither needs asking.
const paper: BrokerAccount = { ...upstox, id: 8, broker: 'paper', name: 'Paper', account_number: 'PA1' };
const kiteLoggedOut: BrokerAccount = { ...upstox, id: 9, broker: 'kite', name: 'Kite desk', account_number: 'ZR1', session_ended_at: null };

let reads = 0;
let accounts: BrokerAccount[] = [];
const server = setupServer(
  http.get(`${API}/api/accounts/all-accounts/`, () => {
    reads += 1;
    return HttpResponse.json({ broker_accounts: accounts });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  reads = 0;
  accounts = [upstox, paper, kiteLoggedOut];
  configureApiClients({ apiBaseUrl: API, analyticsUrl: `${API}/analytics`, analyticsAnonKey: 'k' });
  store.set(tokenAtom, 'token-banner');
  store.set(brokerAccountsAtom, []);
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
});
afterEach(() => {
  vi.useRealTimers();
  store.set(streamNoticesAtom, { open: false, alerts: 0, killSwitch: 0, accounts: 0, bots: 0 });
});
afterAll(() => server.close());

const renderBanner = (locale: 'en' | 'fr' = 'en') =>
  render(
    <IntlProvider locale={locale} defaultLocale="en" messages={locale === 'fr' ? frMessages : undefined}>
      <SessionEndedBanner />
    </IntlProvider>,
  );

describe("the shell's banner of broker sessions that ended", () => {
  it('names the live account and its broker from the first read, and goes when the stream tells of the login', async () => {
    renderBanner();
    const banner = await screen.findByRole('region', { name: 'Broker logins needed' });
    expect(banner.textContent).toMatch(/^Your Upstox session for .Upstox desk. \(.UP1234.\) ended at /);
    expect(within(banner).getAllByRole('listitem')).toHaveLength(1);
    expect(within(banner).getByRole('button', { name: 'Log in to the broker again: Upstox desk' })).toBeTruthy();

    // Nothing on a timer: an hour of intervals later, still the one read.
    await act(() => vi.advanceTimersByTimeAsync(3_600_000));
    expect(reads).toBe(1);

    // Logged in again (on another device): the stream's account notice reads the list once, and it goes.
    accounts = [{ ...upstox, is_logged_in: true, session_expires_at: '2026-11-21T00:30:00.000Z', session_ended_at: null }, paper, kiteLoggedOut];
    act(() => store.set(streamNoticesAtom, (old) => ({ ...old, open: true, accounts: old.accounts + 1 })));
    await vi.waitFor(() => expect(screen.queryByRole('region', { name: 'Broker logins needed' })).toBeNull());
    expect(reads).toBe(2);
  });

  it('says it in French', async () => {
    renderBanner('fr');
    const banner = await screen.findByRole('region', { name: 'Connexions aux courtiers à refaire' });
    expect(banner.textContent).toMatch(/^Votre session Upstox pour .Upstox desk. \(.UP1234.\) a pris fin le /);
    expect(within(banner).getByRole('button', { name: 'Se reconnecter au courtier : Upstox desk' })).toBeTruthy();
  });
});
