/**
 * What the alerts tests share: an MSW server (an unexpected request fails the test) with the API client
 * pointed at it, a fake feed the server pages through like the contract says (newest first, before/after,
 * category, limit), and the alerts screen rendered as the app mounts it.
 */
import { render } from '@testing-library/react';
import { Provider } from 'jotai';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { ComponentProps } from 'react';
import { IntlProvider } from 'react-intl';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import type { components } from '@openapi/main';
import { StrategyAlertsScreen } from '@/app/routes/strategy-alerts-screen';
import { configureApiClients } from '@/lib/api/clients';
import { notificationsAtom } from '@/lib/notify/notifications-atom';
import { clearStoredValues } from '@/lib/persist/idb-storage';
import { tokenAtom } from '@/lib/session/auth-atoms';
import { store } from '@/lib/store';

export type Alert = components['schemas']['Alert'];
export type PriceAlert = components['schemas']['PriceAlert'];

export const API = 'http://api.test';

/**
 * The live quotes the app's price feed reads (its stream refused, it polls market_data), by instrument
 * ('NSE:NIFTY 50', 'NFO:NIFTY26D0124000CE'): the prices a price alert's level is checked against. The feed
 * is the app's one, kept across tests as across screens: an instrument quoted once keeps its last price.
 */
export const market = { quotes: {} as Record<string, { last_price: number; timestamp: string }> };

export const server = setupServer(
  http.post(`${API}/analytics/functions/v1/market_data`, async ({ request }) => {
    const { instruments } = (await request.json()) as { instruments: string[] };
    return HttpResponse.json({ data: Object.fromEntries(instruments.flatMap((name) => (market.quotes[name] === undefined ? [] : [[name, market.quotes[name]]]))) });
  }),
  http.post(`${API}/api/market/stream/`, () => new HttpResponse(null, { status: 503 })),
  // The price alerts' page also lists the premium and IV alerts (issue 40): none unless a test says otherwise.
  http.get(`${API}/api/condition-alerts/`, () => HttpResponse.json({ condition_alerts: [] })),
);

/** The server's feed, any order; served newest first. */
export const feed = { alerts: [] as Alert[], reads: [] as unknown[], queries: [] as URLSearchParams[] };

export function alert(id: number, overrides: Partial<Alert> = {}): Alert {
  return {
    id,
    category: 'order',
    event: 'order_filled',
    severity: 'success',
    title: `Order ${id} filled`,
    body: `BUY 50 NIFTY26D0124000CE at ₹142.35 (order ${id})`,
    at: new Date(Date.UTC(2026, 10, 23, 4, 0, id % 60)).toISOString(),
    link: '/app/order_book',
    account_number: 'PA1234',
    bot: null,
    read: false,
    title_i18n: null,
    body_i18n: null,
    ...overrides,
  };
}

export function serveFeed() {
  server.use(
    http.get(`${API}/api/alerts/`, ({ request }) => {
      const query = new URL(request.url).searchParams;
      feed.queries.push(query);
      const before = query.get('before');
      const after = query.get('after');
      const category = query.get('category');
      const limit = Number(query.get('limit') ?? 50);
      const matching = [...feed.alerts]
        .sort((a, b) => b.id - a.id)
        .filter((entry) => (before === null || entry.id < Number(before)) && (after === null || entry.id > Number(after)))
        .filter((entry) => category === null || entry.category === category);
      return HttpResponse.json({
        alerts: matching.slice(0, limit),
        unread: feed.alerts.filter((entry) => !entry.read).length,
        as_of: '2026-11-23T04:00:00Z',
      });
    }),
    http.post(`${API}/api/alerts/read/`, async ({ request }) => {
      const body = (await request.json()) as { up_to: number };
      feed.reads.push(body);
      for (const entry of feed.alerts) if (entry.id <= body.up_to) entry.read = true;
      return HttpResponse.json({ unread: feed.alerts.filter((entry) => !entry.read).length });
    }),
  );
}

export function useAlertsServer() {
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterAll(() => server.close());
  beforeEach(async () => {
    configureApiClients({ apiBaseUrl: API, analyticsUrl: `${API}/analytics`, analyticsAnonKey: 'k' });
    store.set(tokenAtom, 'token-abc');
    store.set(notificationsAtom, []);
    feed.alerts = [];
    feed.reads = [];
    feed.queries = [];
    await clearStoredValues();
  });
  afterEach(() => server.resetHandlers());
}

type IntlOptions = Omit<ComponentProps<typeof IntlProvider>, 'children'>;

export function renderAlerts(url = '/app/strategy_alerts', intl: IntlOptions = { locale: 'en' }) {
  return render(
    <Provider store={store}>
      <IntlProvider defaultLocale="en" {...intl}>
        <MemoryRouter initialEntries={[url]}>
          <Routes>
            <Route path="/app/strategy_alerts" element={<StrategyAlertsScreen />} />
          </Routes>
        </MemoryRouter>
      </IntlProvider>
    </Provider>,
  );
}
