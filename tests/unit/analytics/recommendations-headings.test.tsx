// The Recommendations screen's heading outline: each recommendation's title one level under the screen's
// h1, its legs one under that, never a skipped level (the screener, whose cards sit under a section's h2,
// keeps them one lower).
import { render, screen } from '@testing-library/react';
import { Provider } from 'jotai';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router-dom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '@openapi/analytics';
import { RecommendationsScreen } from '@/app/routes/recommendations-screen';
import { configureApiClients } from '@/lib/api/clients';
import { store } from '@/lib/store';
import { skippedHeadingLevels } from '../support/heading-outline';

const API = 'http://analytics.test';
const recommendation: components['schemas']['Screener'] = {
  id: 4,
  display_order: 1,
  created_at: '2026-11-23T03:59:00.000Z',
  index: 'NIFTY',
  title: 'Range-bound NIFTY: iron condor',
  strategy: 'iron_condor',
  view: 'neutral',
  rationale: 'Quiet market.',
  legs: [
    { tradingsymbol: 'NIFTY26D0126500CE', exchange: 'NFO', transaction_type: 'SELL', lots: 1, price: 40 },
    { tradingsymbol: 'NIFTY26D0126700CE', exchange: 'NFO', transaction_type: 'BUY', lots: 1, price: 12 },
  ],
  max_profit: 1800,
  max_loss: 11200,
  breakevens: [26528],
  valid_until: null,
};

const server = setupServer(http.get(`${API}/rest/v1/screener`, () => HttpResponse.json([recommendation], { headers: { 'x-fetched-at': '2026-11-23T04:00:00.000Z' } })));
beforeAll(() => {
  server.listen({ onUnhandledRequest: 'bypass' });
  configureApiClients({ apiBaseUrl: 'http://api.test', analyticsUrl: API, analyticsAnonKey: 'k' });
});
afterAll(() => server.close());

describe('the Recommendations screen', () => {
  it('titles each recommendation with an h2 under the screen’s h1, its legs with an h3', async () => {
    const { container } = render(
      <Provider store={store}>
        <IntlProvider locale="en" defaultLocale="en">
          <MemoryRouter>
            <RecommendationsScreen />
          </MemoryRouter>
        </IntlProvider>
      </Provider>,
    );
    expect(await screen.findByRole('heading', { level: 2, name: 'Range-bound NIFTY: iron condor' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 3, name: 'Legs (hedges first)' })).toBeTruthy();
    expect(skippedHeadingLevels(container)).toEqual([]);
  });
});
