// Rows the backend made up say so (issue 36): a new install's Strategies screen showed "paper results since
// 13 Oct 2026, +16.6 %, 120 trades" for records that are a model over a made-up history. Every screen showing
// a row marked `sample` says "Sample" in words, in English and French; a recorded row never does.
import { render, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '@openapi/analytics';
import { MarketViewScreen } from '@/features/analytics/routes/market-view-screen';
import { StrategiesScreen } from '@/features/analytics/routes/strategies-screen';
import { frMessages } from '@/i18n/locales/fr/index';
import { configureApiClients } from '@/lib/api/clients';

type Schemas = components['schemas'];
const API = 'http://analytics.test';
const headers = { 'x-fetched-at': '2026-11-25T05:30:00.000Z' };

const bot = (id: number, name: string, sample?: boolean): Schemas['Bot'] => ({
  id,
  name,
  strategy: 'short_straddle',
  underlying: 'NIFTY',
  description: 'Sells the at-the-money call and put at the open.',
  capital: 250_000,
  pnl: 41_500,
  pnl_pct: 16.6,
  win_rate: 61.2,
  trades: 120,
  max_drawdown_pct: 4.1,
  equity_curve: [
    { date: '2026-10-13', equity: 250_000 },
    { date: '2026-10-14', equity: 252_100 },
  ],
  since: '2026-10-13',
  updated_at: '2026-11-25T05:30:00.000Z',
  ...(sample === undefined ? {} : { sample }),
});

const commentary = (id: number, title: string, sample: boolean): Schemas['Commentary'] => ({
  id,
  created_at: '2026-11-20T10:05:00.000Z',
  title,
  body: 'Plain words.',
  index: 'NIFTY',
  sentiment: 'neutral',
  sample,
});

let bots: Schemas['Bot'][] = [];
const server = setupServer(
  http.get(`${API}/rest/v1/bots`, () => HttpResponse.json(bots, { headers })),
  http.get(`${API}/rest/v1/commentary`, () =>
    HttpResponse.json([commentary(2, 'NIFTY crosses 26,100', false), commentary(1, 'NIFTY closes higher at 26,050', true)], { headers: { ...headers, 'content-range': '0-1/2' } }),
  ),
  http.get(`${API}/rest/v1/data`, () => HttpResponse.json([], { headers })),
  http.get(`${API}/rest/v1/daily_data`, () => HttpResponse.json([], { headers })),
  http.get(`${API}/rest/v1/index_config`, () => HttpResponse.json([], { headers })),
);

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  configureApiClients({ apiBaseUrl: 'http://api.test', analyticsUrl: API, analyticsAnonKey: 'k' });
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function renderScreen(screenElement: ReactNode, locale: 'en' | 'fr' = 'en') {
  return render(
    <IntlProvider locale={locale} defaultLocale="en" messages={locale === 'fr' ? frMessages : undefined}>
      <MemoryRouter>{screenElement}</MemoryRouter>
    </IntlProvider>,
  );
}

describe('the Strategies screen', () => {
  it('says a made-up record is a sample, on each card, and never calls it paper results', async () => {
    bots = [bot(1, 'NIFTY expiry straddle', true), bot(2, 'NIFTY iron condor', true)];
    renderScreen(<StrategiesScreen />);
    const cards = await screen.findAllByRole('article');
    expect(cards).toHaveLength(2);
    for (const card of cards) expect(within(card).getByText('Sample')).toBeTruthy();
    expect(screen.getByTestId('sample-note').textContent).toMatch(/^Sample records: each is a model applied to the simulated market’s daily bars/);
    expect(screen.queryByText(/^Paper results/)).toBeNull();
  });

  it('leaves a record another backend sent without the column as it is: paper results, no Sample', async () => {
    bots = [bot(3, 'Desk straddle')];
    renderScreen(<StrategiesScreen />);
    const card = await screen.findByRole('article');
    expect(within(card).queryByText('Sample')).toBeNull();
    expect(screen.queryByTestId('sample-note')).toBeNull();
    expect(screen.getByText('Paper results, after charges. Past results do not promise future ones.')).toBeTruthy();
  });

  it('says it in French', async () => {
    bots = [bot(1, 'NIFTY expiry straddle', true)];
    renderScreen(<StrategiesScreen />, 'fr');
    const card = await screen.findByRole('article');
    expect(within(card).getByText('Exemple')).toBeTruthy();
    expect(screen.getByTestId('sample-note').textContent).toMatch(/^Résultats d’exemple/);
  });
});

describe('Market view', () => {
  it('marks the made-up commentary, not the recorded one, and says why once', async () => {
    renderScreen(<MarketViewScreen />);
    const seeded = await screen.findByRole('article', { name: 'NIFTY closes higher at 26,050' });
    expect(within(seeded).getByText('Sample')).toBeTruthy();
    expect(within(screen.getByRole('article', { name: 'NIFTY crosses 26,100' })).queryByText('Sample')).toBeNull();
    expect(screen.getAllByTestId('sample-note')).toHaveLength(1);
  });
});
