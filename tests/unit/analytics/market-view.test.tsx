// The market view against a mocked analytics backend: server text stays text (markup included), each panel
// says when its data was fetched, the service worker's saved copy is announced, commentary pages by the
// exact count, and a failed panel fails alone.
import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '@openapi/analytics';
import { MarketViewScreen } from '@/features/analytics/routes/market-view-screen';
import { configureApiClients } from '@/lib/api/clients';

type Schemas = components['schemas'];
const API = 'http://analytics.test';
const fetchedAt = '2026-11-23T04:00:00.000Z';

const commentary = (id: number, title: string, body = 'Plain words.'): Schemas['Commentary'] => ({
  id,
  created_at: '2026-11-23T03:59:00.000Z',
  title,
  body,
  index: 'NIFTY',
  sentiment: 'bullish',
});

const snapshot: Schemas['MarketData'] = {
  id: 7,
  created_at: '2026-11-23T03:59:30.000Z',
  index: 'NIFTY',
  symbol: 'NIFTY',
  spot: 26050.4,
  change: -32.1,
  change_pct: -0.12,
  pcr: 1.1,
  max_pain: 26000,
  iv: 12.4,
  vix: 11.8,
  call_oi: 1000,
  put_oi: 1100,
  indicator: null,
  signal: null,
};

let commentaryPages: Record<string, Schemas['Commentary'][]> = {};
let snapshots: Schemas['MarketData'][] = [snapshot];
let servedFromCache = false;
let dailyFails = false;
const server = setupServer(
  http.get(`${API}/rest/v1/commentary`, ({ request }) => {
    const offset = new URL(request.url).searchParams.get('offset') ?? '0';
    return HttpResponse.json(commentaryPages[offset] ?? [], {
      headers: { 'x-fetched-at': fetchedAt, 'content-range': `${offset}-${Number(offset) + 99}/150`, ...(servedFromCache ? { 'x-served-from': 'cache' } : {}) },
    });
  }),
  http.get(`${API}/rest/v1/data`, () => HttpResponse.json(snapshots, { headers: { 'x-fetched-at': fetchedAt } })),
  http.get(`${API}/rest/v1/daily_data`, () =>
    dailyFails ? HttpResponse.json({ message: 'boom', code: 'XX000', details: null, hint: null }, { status: 500 }) : HttpResponse.json([], { headers: { 'x-fetched-at': fetchedAt } }),
  ),
);

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  configureApiClients({ apiBaseUrl: 'http://api.test', analyticsUrl: API, analyticsAnonKey: 'k' });
});
afterEach(() => {
  server.resetHandlers();
  servedFromCache = false;
  dailyFails = false;
  snapshots = [snapshot];
});
afterAll(() => server.close());

function renderScreen() {
  return render(
    <IntlProvider locale="en" defaultLocale="en">
      <MemoryRouter>
        <MarketViewScreen />
      </MemoryRouter>
    </IntlProvider>,
  );
}

describe('market view', () => {
  it('renders commentary markup as text, never as HTML', async () => {
    commentaryPages = { '0': [commentary(1, '<img src=x onerror=alert(1)> NIFTY <b>breaks</b> 26,000', 'First <script>alert(2)</script> line.\n\nSecond paragraph.')] };
    const { container } = renderScreen();
    const feed = await screen.findByRole('article', { name: '<img src=x onerror=alert(1)> NIFTY <b>breaks</b> 26,000' });
    expect(within(feed).getByText('First <script>alert(2)</script> line.')).toBeTruthy();
    expect(within(feed).getByText('Second paragraph.')).toBeTruthy();
    expect(container.querySelector('img, script, b')).toBeNull();
  });

  it('says when each panel was fetched, and pages commentary by its exact count', async () => {
    commentaryPages = { '0': [commentary(1, 'Page one')], '100': [commentary(2, 'Page two')] };
    renderScreen();
    const panel = screen.getByRole('region', { name: 'Commentary' });
    await within(panel).findByRole('article', { name: 'Page one' });
    expect(within(panel).getByTestId('as-of').textContent).toMatch(/^As of .*23 Nov 2026.* IST$/);
    await userEvent.click(within(panel).getByRole('button', { name: /2/ }));
    expect(await within(panel).findByRole('article', { name: 'Page two' })).toBeTruthy();
    const snapshots = screen.getByRole('region', { name: 'Index snapshots' });
    expect(await within(snapshots).findByRole('rowheader', { name: 'NIFTY' })).toBeTruthy();
    expect(within(snapshots).getByText(/down/)).toBeTruthy();
  });

  it('announces the saved copy when the service worker answered from it', async () => {
    commentaryPages = { '0': [commentary(1, 'Saved')] };
    servedFromCache = true;
    renderScreen();
    const panel = screen.getByRole('region', { name: 'Commentary' });
    await within(panel).findByRole('article', { name: 'Saved' });
    expect(within(panel).getByTestId('saved-copy').textContent).toMatch(/^Offline: showing the copy saved on this device at .* IST\./);
  });

  it('fails one panel alone, with a retry, and shows the others', async () => {
    commentaryPages = { '0': [commentary(1, 'Still here')] };
    dailyFails = true;
    renderScreen();
    const daily = screen.getByRole('region', { name: 'Daily data' });
    expect(await within(daily).findByText('The market data could not be loaded.')).toBeTruthy();
    expect(within(daily).getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(await screen.findByRole('article', { name: 'Still here' })).toBeTruthy();
  });

  it('shows each index once, at its latest snapshot, every figure with two decimals, and India VIX on NIFTY’s row alone', async () => {
    commentaryPages = { '0': [] };
    const at = (minute: number) => `2026-11-23T04:${String(minute).padStart(2, '0')}:00.000Z`;
    // Newest first, as the table is read: three rounds of the same two indices.
    snapshots = [2, 1, 0].flatMap((round) => [
      { ...snapshot, id: 10 + round * 2, created_at: at(round), index: 'BANKNIFTY' as const, symbol: 'BANKNIFTY', spot: 59200 + round, pcr: 1, max_pain: 59200, iv: 13, vix: null },
      { ...snapshot, id: 11 + round * 2, created_at: at(round), spot: 26050.4 + round, pcr: 1.04 },
    ]);
    renderScreen();
    const table = screen.getByRole('region', { name: 'Index snapshots' });
    await within(table).findByRole('rowheader', { name: 'NIFTY' });
    const rows = within(table).getAllByRole('row').slice(1);
    // NIFTY before BANKNIFTY, as the pickers offer them, whatever order the table came in.
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual(['NIFTY', 'BANKNIFTY']);
    const cells = rows.map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent?.replace(/[\u2066-\u2069]/g, '')));
    expect(cells[0]!.slice(1)).toEqual(['26,052.40', 'down-32.10 (-0.12%)', '1.04', '26,000.00', '12.40%', '11.80']);
    // BANKNIFTY has its own ATM IV and no VIX: India VIX is NIFTY's (issue 36).
    expect(cells[1]!.slice(1)).toEqual(['59,202.00', 'down-32.10 (-0.12%)', '1.00', '59,200.00', '13.00%', '—']);
    expect(within(table).getByRole('columnheader', { name: 'Level (points)' })).toBeTruthy();
    expect(within(table).getByRole('columnheader', { name: 'India VIX (NIFTY)' })).toBeTruthy();
  });
});
