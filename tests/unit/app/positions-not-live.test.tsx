// A position the broker had no quote for is marked at its last trade's price (Position.priced false): its
// row says it has no live price, and every total that adds it up (the summary tiles, the group's header,
// the table's total, a phone's total) says it includes one, in English and in French. The price stream
// stays down, so no tick makes it live.
import { render, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { components } from '@openapi/main';
import { PositionsScreen } from '@/app/routes/positions-screen';
import { PositionGroups } from '@/features/positions/components/position-groups';
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

const quoted = positionOf('NIFTY26D0126000CE', 65);
const unquoted = positionOf('NIFTY26D0126000PE', 65, { priced: false });

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
        charges_status: 'priced',
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
  byBot = [{ bot: null, positions: [quoted, unquoted], pnl: -260 }];
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

const rowOf = (symbol: string) => screen.getByRole('rowheader', { name: new RegExp(`^${symbol}`) }).closest('tr')!;

describe('a position without a live price on the positions screen', () => {
  it('marks its row, and the summary, the group and the table total say they include it', async () => {
    renderScreen();
    await screen.findByRole('rowheader', { name: /^NIFTY 01 Dec 26000 PE/ });
    const hint = 'No current quote: marked at the price of its last trade, so this P&L is not live.';
    const stale = rowOf('NIFTY 01 Dec 26000 PE');
    expect(within(stale).getByText('No live price')).toBeTruthy();
    expect(within(stale).getByText(hint)).toBeTruthy();
    expect(within(stale).getByTitle(hint)).toBeTruthy();
    expect(within(rowOf('NIFTY 01 Dec 26000 CE')).queryByText('No live price')).toBeNull();
    // The summary's tiles, the group's header and the table's total: each says so, the number still shown.
    expect(screen.getAllByText('Includes 1 position without a live price')).toHaveLength(3);
    const summary = screen.getByRole('region', { name: 'Net P&L' });
    const note = within(summary).getByText('Includes 1 position without a live price');
    for (const field of ['net-pnl', 'unrealised']) {
      const tile = summary.querySelector(`[data-summary="${field}"]`)!;
      expect(tile.getAttribute('aria-describedby')).toBe(note.closest('[id]')!.id);
      expect(tile.textContent).not.toBe('');
    }
    expect(summary.querySelector('[data-summary="charges"]')!.getAttribute('aria-describedby')).toBeNull();
  });

  it('says nothing of the kind when every price is live', async () => {
    byBot = [{ bot: null, positions: [quoted], pnl: -130 }];
    renderScreen();
    await screen.findByRole('rowheader', { name: 'NIFTY 01 Dec 26000 CE' });
    expect(screen.queryByText('No live price')).toBeNull();
    expect(screen.queryByText(/without a live price/)).toBeNull();
  });

  it('says it in French', async () => {
    renderScreen('fr');
    await screen.findByRole('rowheader', { name: /^NIFTY 01 déc\. 26000 PE/ });
    expect(within(rowOf('NIFTY 01 déc\\. 26000 PE')).getByText('Pas de cours en direct')).toBeTruthy();
    expect(screen.getAllByText('Inclut 1 position sans cours en direct')).toHaveLength(3);
  });
});

describe('a position without a live price on a phone', () => {
  function renderCards(locale: 'en' | 'fr', positions: Schemas['Position'][]) {
    render(
      <IntlProvider {...intlOf(locale)}>
        <PositionGroups groups={[{ bot: null, positions, pnl: 0 }]} live={new Map()} phone />
      </IntlProvider>,
    );
  }

  it('marks its card and the total, and counts every one of them', () => {
    renderCards('en', [quoted, unquoted, positionOf('NIFTY26D0126100PE', -65, { priced: false })]);
    const cards = screen.getAllByRole('listitem');
    expect(cards.map((card) => within(card).queryByText('No live price') !== null)).toEqual([false, true, true]);
    const total = screen.getByText('Total').closest('p')!;
    expect(within(total).getByText('Includes 2 positions without a live price')).toBeTruthy();
  });

  it('says it in French', () => {
    renderCards('fr', [quoted, unquoted]);
    expect(within(screen.getAllByRole('listitem')[1]!).getByText('Pas de cours en direct')).toBeTruthy();
    expect(within(screen.getByText('Total').closest('p')!).getByText('Inclut 1 position sans cours en direct')).toBeTruthy();
  });

  it('leaves a closed position unmarked: its P&L needs no price', () => {
    renderCards('en', [positionOf('NIFTY26D0126000PE', 0, { priced: false })]);
    expect(screen.queryByText('No live price')).toBeNull();
    expect(screen.queryByText(/without a live price/)).toBeNull();
  });
});
