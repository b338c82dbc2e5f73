// A position whose fills have no charges figure (charges_status not_priced: a live position as its broker reports
// it, placed outside StrikeDesk) must never read as ₹0 of charges: the Charges tile says the ticket's "Not priced"
// when nothing is priced, and a note says the total leaves those trades out, in English and in French.
import { render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { components } from '@openapi/main';
import { PositionsScreen } from '@/app/routes/positions-screen';
import { frMessages } from '@/i18n/locales/fr/index';
import { configureApiClients } from '@/lib/api/clients';
import { clearStoredValues } from '@/lib/persist/idb-storage';
import { selectedAccountAtom, selectedPortfolioAtom, userDataAtom } from '@/lib/session/user-profile-atoms';
import { store } from '@/lib/store';
import { positionOf } from '../support/position.ts';

type Schemas = components['schemas'];
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

const priced = positionOf('NIFTY26D0126000CE', 65, { charges: 20 });
const outside = positionOf('NIFTY26D0126000PE', 65, { charges: 0, charges_status: 'not_priced' });

let byBot: Schemas['BotPositionGroup'][] = [];
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
        charges_status: byBot.some((group) => group.positions.some((position) => position.charges_status === 'not_priced')) ? 'not_priced' : 'priced',
        net_pnl: -300,
        priced: byBot.every((group) => group.positions.every((position) => position.priced)),
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
  byBot = [{ bot: null, positions: [outside], pnl: -130 }];
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

const intlOf = (locale: 'en' | 'fr') => ({ locale, defaultLocale: 'en', messages: locale === 'fr' ? frMessages : undefined });

function renderScreen(locale: 'en' | 'fr' = 'en') {
  render(
    <IntlProvider {...intlOf(locale)}>
      <MemoryRouter>
        <PositionsScreen />
      </MemoryRouter>
    </IntlProvider>,
  );
}

const chargesTile = async () => {
  await screen.findAllByRole('rowheader', { name: /^NIFTY 01 (Dec|déc\.) 26000 PE/ });
  // The figure as read, without the bidirectional isolates formatInr wraps it in.
  return (screen.getByRole('region', { name: /^(Net P&L|P&L net)$/ }).querySelector('[data-summary="charges"]')!.textContent ?? '').replace(/[\u2068\u2069]/g, '');
};
const note = /^Charges leave out some trades: they were placed outside StrikeDesk/;

describe('charges not priced on the positions screen', () => {
  it('reads "Not priced", never ₹0, when no fill of the positions is priced, and says why', async () => {
    renderScreen();
    expect(await chargesTile()).toBe('Not priced');
    expect(screen.getByText(note)).toBeTruthy();
  });

  it('keeps the priced figure when some is priced, and still says the total is not whole', async () => {
    byBot = [{ bot: null, positions: [priced, outside], pnl: -260 }];
    renderScreen();
    expect(await chargesTile()).toBe('₹20.00');
    expect(screen.getByText(note)).toBeTruthy();
  });

  it('says nothing of the kind when every position is priced, even at ₹0', async () => {
    byBot = [{ bot: null, positions: [priced, positionOf('NIFTY26D0126000PE', 65, { charges: 0 })], pnl: -260 }];
    renderScreen();
    expect(await chargesTile()).toBe('₹20.00');
    expect(screen.queryByText(note)).toBeNull();
  });

  it('says it in French with the ticket’s words', async () => {
    renderScreen('fr');
    expect(await chargesTile()).toBe('Non chiffré');
    expect(screen.getByText(/^Les frais laissent de côté certaines transactions/)).toBeTruthy();
  });
});
