// The order book says, for the account it shows, whether it is paper or live: in the account list's
// options and as a badge read with the choice (issue 22: the books show the trading mode per account).
import { render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { components } from '@openapi/main';
import { OrderBookScreen } from '@/app/routes/order-book-screen';
import { frMessages } from '@/i18n/locales/fr/index';
import { configureApiClients } from '@/lib/api/clients';
import { clearStoredValues } from '@/lib/persist/idb-storage';
import { brokerAccountsAtom, selectedAccountAtom, selectedPortfolioAtom, userDataAtom } from '@/lib/session/user-profile-atoms';
import { store } from '@/lib/store';
import { plainText } from '../support/plain-text.ts';

type BrokerAccount = components['schemas']['BrokerAccount'];
const API = 'http://api.test';

const paper: BrokerAccount = {
  id: 11,
  broker: 'paper',
  name: 'Main paper account',
  account_number: 'PA1234',
  api_key: 'paper_key',
  capital: 500000,
  is_logged_in: true,
  session_expires_at: '2099-01-17T06:00:00+05:30',
};
const swing: BrokerAccount = { ...paper, id: 12, broker: 'kite', name: 'Swing', account_number: 'ZX9876', api_key: 'kite_abc' };

const server = setupServer(
  http.get(`${API}/api/accounts/all-accounts/`, () => HttpResponse.json({ broker_accounts: [paper, swing] })),
  http.get(`${API}/api/portfolios/all-portfolios/:accountId/`, () => HttpResponse.json({ portfolios: [] })),
  http.get(`${API}/api/order-book/order-book/:accountNumber`, () =>
    HttpResponse.json({ order_book: [], trades: [], status: 'OK', as_of: '2026-11-24T04:00:00Z' } satisfies components['schemas']['OrderBookResponse']),
  ),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(async () => {
  configureApiClients({ apiBaseUrl: API, analyticsUrl: `${API}/analytics`, analyticsAnonKey: 'k' });
  store.set(userDataAtom, null);
  store.set(selectedAccountAtom, null);
  store.set(selectedPortfolioAtom, null);
  await clearStoredValues();
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function renderBook(locale: 'en' | 'fr' = 'en') {
  render(
    <IntlProvider locale={locale} defaultLocale="en" messages={locale === 'fr' ? frMessages : undefined}>
      <MemoryRouter>
        <OrderBookScreen />
      </MemoryRouter>
    </IntlProvider>,
  );
}

/** What a screen reader hears after the account list's name: the chosen account's mode. */
const described = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

describe('the order book', () => {
  it('names each account paper or live, and badges the one shown', async () => {
    renderBook();
    const choice = await screen.findByRole<HTMLSelectElement>('combobox', { name: 'Broker account' });
    expect([...choice.options].map((option) => plainText(option.text))).toEqual(['Paper · Main paper account (PA1234)', 'Live · Swing (ZX9876)']);
    // On the simulated market the index strip says so; under the account only a live feed is named (below).
    expect(plainText(described(choice))).toBe('PaperSimulated orders: no real money');

    await userEvent.selectOptions(choice, String(swing.id));
    await waitFor(() => expect(described(choice)).toBe('LiveReal orders at the broker, with real money'));
    expect(document.querySelector('[data-trading-mode="live"]')?.className).toContain('border-danger');
  });

  it('says it in French', async () => {
    renderBook('fr');
    const choice = await screen.findByRole<HTMLSelectElement>('combobox', { name: 'Compte courtier' });
    expect([...choice.options].map((option) => plainText(option.text))).toEqual(['Simulé · Main paper account (PA1234)', 'Réel · Swing (ZX9876)']);
    expect(plainText(described(choice))).toBe('SimuléOrdres simulés : pas d’argent réel');
  });

  it("names the live account whose feed a paper account trades on", async () => {
    const onFeed = { ...paper, market_account_id: swing.id };
    server.use(http.get(`${API}/api/accounts/all-accounts/`, () => HttpResponse.json({ broker_accounts: [onFeed, swing] })));
    renderBook();
    const choice = await screen.findByRole<HTMLSelectElement>('combobox', { name: 'Broker account' });
    expect(plainText(described(choice))).toBe('PaperSimulated orders: no real moneyPrices: Kite · ZX9876 (live)');
    expect(screen.queryByRole('button', { name: 'Use the simulated market' })).toBeNull();
  });

  it('says when the feed of a paper account logged out, and switches it back to the simulator', async () => {
    const onFeed = { ...paper, market_account_id: swing.id };
    const loggedOut = { ...swing, is_logged_in: false, session_expires_at: null };
    let chosen: unknown = undefined;
    server.use(
      http.get(`${API}/api/accounts/all-accounts/`, () => HttpResponse.json({ broker_accounts: [onFeed, loggedOut] })),
      http.put(`${API}/api/accounts/accounts/:id/`, async ({ request }) => {
        chosen = await request.json();
        return HttpResponse.json({ broker_accounts: { ...paper, market_account_id: null } });
      }),
    );
    renderBook('fr');
    const choice = await screen.findByRole<HTMLSelectElement>('combobox', { name: 'Compte courtier' });
    expect(plainText(described(choice))).toContain('Prix : Kite · ZX9876 est déconnecté. Les ordres papier sont en pause');
    // The app's list, which the index strip reads, is the one the screen just read.
    expect(store.get(brokerAccountsAtom).find((account) => account.id === swing.id)?.is_logged_in).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Utiliser le marché simulé' }));
    await waitFor(() => expect(chosen).toEqual({ market_account_id: null }));
  });
});
