// The Positions screen on a paper account's portfolio, its calls answered by msw: the bot groups a test sets, a
// summary that follows them (priced and charges_status as the server derives them), no orders and the price stream
// down, so no tick moves a figure. Call once at a test file's top level: it registers the file's hooks.
import { render } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import type { components } from '@openapi/main';
import { PositionsScreen } from '@/app/routes/positions-screen';
import { frMessages } from '@/i18n/locales/fr/index';
import { configureApiClients } from '@/lib/api/clients';
import { clearStoredValues } from '@/lib/persist/idb-storage';
import { selectedAccountAtom, selectedPortfolioAtom, userDataAtom } from '@/lib/session/user-profile-atoms';
import { store } from '@/lib/store';

type Schemas = components['schemas'];
type Groups = Schemas['BotPositionGroup'][];
const API = 'http://api.test';

const account: Schemas['BrokerAccount'] = {
  id: 21,
  broker: 'paper',
  name: 'Paper desk',
  account_number: 'PA1234',
  api_key: 'paper_key',
  capital: 500000,
  is_logged_in: true,
  session_expires_at: '2099-01-17T06:00:00+05:30',
};
const portfolio = { id: 4, broker_account: 21, name: 'Weekly', description: '', capital: 300000 };

export const intlOf = (locale: 'en' | 'fr') => ({ locale, defaultLocale: 'en', messages: locale === 'fr' ? frMessages : undefined });

/** `groups` are the bot groups each test starts from; `setGroups` changes them for one test. */
export function positionsScreenHarness(groups: () => Groups) {
  let byBot: Groups = [];
  const positions = () => byBot.flatMap((group) => group.positions);
  const server = setupServer(
    http.get(`${API}/api/accounts/all-accounts/`, () => HttpResponse.json({ broker_accounts: [account] })),
    http.get(`${API}/api/portfolios/all-portfolios/:accountId/`, () => HttpResponse.json({ portfolios: [portfolio] })),
    http.get(`${API}/api/position/by-bot/:portfolioId/`, () =>
      HttpResponse.json({ data: { groups: byBot, status: 'OK', as_of: '2026-11-24T04:00:00Z' } } satisfies Schemas['PositionsByBotResponse']),
    ),
    http.get(`${API}/api/position/summary/:id/`, () =>
      HttpResponse.json({
        data: {
          portfolio_id: 4,
          capital: 300000,
          realised: 0,
          unrealised: -260,
          pnl: -260,
          charges: 40,
          // Not priced over partly priced over priced, as trading-books.ts totals them.
          charges_status: positions().some((position) => position.charges_status === 'not_priced')
            ? 'not_priced'
            : positions().some((position) => position.charges_status === 'partial')
              ? 'partial'
              : 'priced',
          net_pnl: -300,
          priced: positions().every((position) => position.priced),
          margin_used: 0,
          open_positions: 2,
          days: [],
          max_drawdown: 0,
          status: 'OK',
          as_of: '2026-11-24T04:00:00Z',
        },
      } satisfies Schemas['PositionSummaryResponse']),
    ),
    http.get(`${API}/api/order-book/order-book/:accountNumber`, () => HttpResponse.json({ order_book: [], trades: [], status: 'OK', as_of: '2026-11-24T04:00:00Z' })),
    http.post(`${API}/analytics/functions/v1/market_data`, () => HttpResponse.json({ data: {} })),
    http.post(`${API}/api/market/stream/`, () => new HttpResponse(null, { status: 503 })),
  );

  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  beforeEach(async () => {
    // A desk wide enough for the positions table (jsdom has no media queries: below 768 px it shows cards).
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: true, media: query, addEventListener: () => undefined, removeEventListener: () => undefined }));
    byBot = groups();
    configureApiClients({ apiBaseUrl: API, analyticsUrl: `${API}/analytics`, analyticsAnonKey: 'k' });
    store.set(userDataAtom, null);
    store.set(selectedAccountAtom, null);
    store.set(selectedPortfolioAtom, null);
    await clearStoredValues();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    server.resetHandlers();
  });
  afterAll(() => server.close());

  return {
    setGroups: (next: Groups) => {
      byBot = next;
    },
    renderScreen: (locale: 'en' | 'fr' = 'en') =>
      render(
        <IntlProvider {...intlOf(locale)}>
          <MemoryRouter>
            <PositionsScreen />
          </MemoryRouter>
        </IntlProvider>,
      ),
  };
}
