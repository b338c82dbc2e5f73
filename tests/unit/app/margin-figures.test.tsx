// The margin a trader acts on is the server's, on every screen that shows it (issue 36: the Position book and
// Positions disagreed for the same positions). Each screen is served the same figures and must show them as
// they came, in English and in French: the Position book and the dashboard the account's used and available,
// Positions its portfolio's used (for a portfolio holding everything, the server makes it the account's), the
// strategy builder its basket's required margin (the broker's quote, which placing it then takes) beside the
// account's available.
import { render, renderHook, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { ComponentType } from 'react';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { components } from '@openapi/main';
import { DashboardScreen } from '@/app/routes/dashboard-screen';
import { useStrategyMargin } from '@/app/strategy-builder/use-strategy-margin';
import { StrategyMarginFigures } from '@/features/strategies/components/strategy-margin-figure';
import { PositionBookScreen } from '@/app/routes/position-book-screen';
import { PositionsScreen } from '@/app/routes/positions-screen';
import { frMessages } from '@/i18n/locales/fr/index';
import { configureApiClients } from '@/lib/api/clients';
import { clearStoredValues } from '@/lib/persist/idb-storage';
import { selectedAccountAtom, selectedPortfolioAtom, userDataAtom } from '@/lib/session/user-profile-atoms';
import { store } from '@/lib/store';
import { plainText } from '../support/plain-text.ts';
import { positionOf } from '../support/position.ts';

type Schemas = components['schemas'];
const API = 'http://api.test';
const asOf = '2026-11-24T04:00:00Z';

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
// A short straddle: what the screens could add up of it (its values, its P&L) is nowhere near the margin.
const positions = [positionOf('NIFTY26D0126000CE', -65), positionOf('NIFTY26D0126000PE', -65)];
const margins = { used: 46480.25, available: 453519.75, equity: 500000 };

const server = setupServer(
  http.get(`${API}/api/accounts/all-accounts/`, () => HttpResponse.json({ broker_accounts: [account] })),
  http.get(`${API}/api/portfolios/all-portfolios/:accountId/`, () => HttpResponse.json({ portfolios: [portfolio] })),
  http.get(`${API}/api/position-book/position-book/:accountNumber`, () =>
    HttpResponse.json({
      position_book: { net: positions.map((p) => ({ ...p, portfolio_id: null })), day: [], margins, status: 'OK', as_of: asOf },
    } satisfies Schemas['PositionBookResponse']),
  ),
  http.get(`${API}/api/position/by-bot/:portfolioId/`, () =>
    HttpResponse.json({ data: { groups: [{ bot: null, positions, pnl: -260 }], status: 'OK', as_of: asOf } } satisfies Schemas['PositionsByBotResponse']),
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
        charges_status: 'priced',
        net_pnl: -300,
        priced: true,
        margin_used: margins.used,
        open_positions: 2,
        days: [],
        max_drawdown: 0,
        status: 'OK',
        as_of: asOf,
      },
    } satisfies Schemas['PositionSummaryResponse']),
  ),
  http.post(`${API}/api/order-book/margins/orders/`, () =>
    HttpResponse.json({
      margins: {
        required: 38_210.4,
        available: margins.available,
        margin: 38_150,
        margin_released: 0,
        premium: 0,
        charges: 60.4,
        charge_breakdown: { brokerage: 40, brokerage_status: 'priced', stt: 9.1, exchange: 4.6, sebi: 0.02, stamp_duty: 0, gst: 6.68, call_and_trade: 0 },
        standalone: { required: 38_210.4, margin: 38_150, hedge_benefit: 0 },
      },
    } satisfies Schemas['OrderMarginsResponse']),
  ),
  http.get(`${API}/api/order-book/order-book/:accountNumber`, () => HttpResponse.json({ order_book: [], trades: [], status: 'OK', as_of: asOf })),
  http.get(`${API}/api/trading_bots/trading_bots/:portfolioId/`, () => HttpResponse.json({ trading_bots: [] })),
  http.get(`${API}/api/daily_bots/daily_bots/:portfolioId/`, () => HttpResponse.json({ daily_bots: [] })),
  http.get(`${API}/api/bots/state/:portfolioId/`, () => HttpResponse.json({ bots: [], as_of: asOf })),
  http.get(`${API}/analytics/rest/v1/commentary`, () => HttpResponse.json([], { headers: { 'x-fetched-at': asOf, 'content-range': '*/0' } })),
  http.post(`${API}/analytics/functions/v1/market_data`, () => HttpResponse.json({ data: {} })),
  http.post(`${API}/api/market/stream/`, () => new HttpResponse(null, { status: 503 })),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(async () => {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: true, media: query, addEventListener: () => undefined, removeEventListener: () => undefined }));
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

function renderScreen(Screen: ComponentType, locale: 'en' | 'fr' = 'en') {
  render(
    <IntlProvider locale={locale} defaultLocale="en" messages={locale === 'fr' ? frMessages : undefined}>
      <MemoryRouter>
        <Screen />
      </MemoryRouter>
    </IntlProvider>,
  );
}

const spaces = (text: string) => plainText(text).replace(/[\u00a0\u202f]/g, ' ');

describe('the margin on every screen is the server\'s', () => {
  it('the Position book shows the account\'s used and available as served', async () => {
    renderScreen(PositionBookScreen);
    // As tiles, the words Positions uses for the same figure: a phone no longer wraps a figure from its label.
    const available = await screen.findByText('Margin available');
    expect(plainText(available.nextElementSibling?.textContent ?? '')).toBe('₹4,53,519.75');
    expect(plainText(screen.getByText('Margin used').nextElementSibling?.textContent ?? '')).toBe('₹46,480.25');
  });

  it('Positions shows its portfolio\'s margin used as served', async () => {
    renderScreen(PositionsScreen);
    const tile = await screen.findByText('Margin used');
    await within(tile.parentElement!).findByText('₹46,480.25', { normalizer: plainText });
  });

  it('the dashboard shows each account\'s used and available as served, in the Position book\'s words', async () => {
    renderScreen(DashboardScreen);
    const pnl = await screen.findByRole('region', { name: 'P&L today' });
    expect(await within(pnl).findByText('Margin available ₹4,53,519.75 · used ₹46,480.25', { normalizer: plainText })).toBeTruthy();
  });

  it('says the same figures in French', async () => {
    renderScreen(DashboardScreen, 'fr');
    const margin = await screen.findByText(/^Marge disponible/, { normalizer: plainText });
    expect(spaces(margin.textContent ?? '')).toBe('Marge disponible 453 519,75 ₹ · utilisée 46 480,25 ₹');
  });

  it('the strategy builder shows its basket\'s required margin and the account\'s available as served', async () => {
    const orders = positions.map((p) => ({ tradingsymbol: p.tradingsymbol, exchange: 'NFO' as const, transaction_type: 'SELL' as const, order_type: 'MARKET' as const, product: 'NRML' as const, quantity: 65 }));
    const { result } = renderHook(() => useStrategyMargin(account.account_number, orders, true));
    await waitFor(() => expect(result.current.state).toBe('ready'));
    render(
      <IntlProvider locale="en" defaultLocale="en">
        <dl><StrategyMarginFigures margin={result.current} /></dl>
      </IntlProvider>,
    );
    expect(plainText(screen.getByTestId('margin').textContent)).toBe('Margin, this strategy alone₹38,210.40');
    expect(plainText(screen.getByTestId('margin-after-positions').textContent)).toBe('Margin after your positions₹38,210.40Margin available ₹4,53,519.75');
  });
});
