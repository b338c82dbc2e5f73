// A broker session that ended at the broker (Kite's 06:00 IST, a login elsewhere) while the app still listed
// the account as logged in: the books read UNKNOWN, the note asks to log in to the broker again right there,
// and the account list is read again so the trading controls wait for that login (issue 22).
import { render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { components } from '@openapi/main';
import { PositionBookScreen } from '@/app/routes/position-book-screen';
import { frMessages } from '@/i18n/locales/fr/index';
import { configureApiClients } from '@/lib/api/clients';
import { clearStoredValues } from '@/lib/persist/idb-storage';
import { selectedAccountAtom, selectedPortfolioAtom, userDataAtom } from '@/lib/session/user-profile-atoms';
import { store } from '@/lib/store';

type Schemas = components['schemas'];
const API = 'http://api.test';

const kite: Schemas['BrokerAccount'] = {
  id: 21,
  broker: 'kite',
  name: 'Zerodha desk',
  account_number: 'ZR1234',
  api_key: 'kite_abc',
  capital: 500000,
  is_logged_in: true,
  session_expires_at: '2099-01-17T06:00:00+05:30',
};
const loggedOut = { ...kite, is_logged_in: false, session_expires_at: null };

const position: Schemas['Position'] = {
  tradingsymbol: 'NIFTY26D0126050CE',
  exchange: 'NFO',
  product: 'MIS',
  quantity: 65,
  overnight_quantity: 0,
  average_price: 100,
  last_price: 100,
  pnl: 0,
  realised: 0,
  unrealised: 0,
  m2m: 0,
  buy_quantity: 65,
  buy_price: 100,
  buy_value: 6500,
  sell_quantity: 0,
  sell_price: 0,
  sell_value: 0,
  day_buy_quantity: 65,
  day_sell_quantity: 0,
  close_price: 0,
  charges: 0,
  charges_status: 'priced',
  net_pnl: 0,
  lot_size: 65,
  expiry: '2026-12-01',
  portfolio_id: null,
  priced: true,
};

let accountReads = 0;
let bookStatus: Schemas['BrokerDataStatus'] = 'UNKNOWN';
const server = setupServer(
  http.get(`${API}/api/accounts/all-accounts/`, () => {
    accountReads += 1;
    // The server dropped the session when Kite refused its token: the second read says so.
    return HttpResponse.json({ broker_accounts: [accountReads === 1 ? kite : loggedOut] });
  }),
  http.get(`${API}/api/portfolios/all-portfolios/:accountId/`, () => HttpResponse.json({ portfolios: [] })),
  http.get(`${API}/api/position-book/position-book/:accountNumber`, () =>
    HttpResponse.json({
      position_book: { net: [position], day: [position], margins: { available: 0, used: 0, equity: 0 }, status: bookStatus, as_of: '2026-11-24T04:00:00Z' },
    } satisfies Schemas['PositionBookResponse']),
  ),
  http.get(`${API}/api/order-book/order-book/:accountNumber`, () => HttpResponse.json({ order_book: [], trades: [], status: bookStatus, as_of: '2026-11-24T04:00:00Z' })),
  http.post(`${API}/analytics/functions/v1/market_data`, () => HttpResponse.json({ data: {} })),
  // The live price stream is not what this test is about: it stays down, the table shows the book's prices.
  http.post(`${API}/api/market/stream/`, () => new HttpResponse(null, { status: 503 })),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(async () => {
  // A desk wide enough for the positions table (jsdom has no media queries: below 768 px the desk shows cards).
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: true, media: query, addEventListener: () => undefined, removeEventListener: () => undefined }));
  accountReads = 0;
  bookStatus = 'UNKNOWN';
  configureApiClients({ apiBaseUrl: API, analyticsUrl: `${API}/analytics`, analyticsAnonKey: 'k' });
  store.set(userDataAtom, null);
  store.set(selectedAccountAtom, null);
  store.set(selectedPortfolioAtom, null);
  await clearStoredValues();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function renderBook(locale: 'en' | 'fr' = 'en') {
  render(
    <IntlProvider locale={locale} defaultLocale="en" messages={locale === 'fr' ? frMessages : undefined}>
      <MemoryRouter>
        <PositionBookScreen />
      </MemoryRouter>
    </IntlProvider>,
  );
}

describe('positions unknown after the broker ended the session', () => {
  it('keeps the last known positions, asks to log in to the broker again, and disables trading until then', async () => {
    renderBook();
    await screen.findByText(/Positions unknown: the broker session has expired/);
    expect(screen.getByRole('rowheader', { name: 'NIFTY 01 Dec 26050 CE' })).toBeDefined();
    expect(screen.getByRole('button', { name: 'Log in to the broker again' })).toBeDefined();
    await waitFor(() => expect(accountReads).toBe(2));
    await waitFor(() => expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Square off all' }).disabled).toBe(true));
  });

  it('says it in French', async () => {
    renderBook('fr');
    await screen.findByText(/Positions inconnues/);
    expect(screen.getByRole('button', { name: 'Se reconnecter au courtier' })).toBeDefined();
  });

  it('leaves a known book and an open session alone', async () => {
    bookStatus = 'OK';
    renderBook();
    await screen.findByRole('rowheader', { name: 'NIFTY 01 Dec 26050 CE' });
    expect(screen.queryByRole('button', { name: 'Log in to the broker again' })).toBeNull();
    expect(accountReads).toBe(1);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Square off all' }).disabled).toBe(false);
  });
});
