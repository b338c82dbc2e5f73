// The dashboard's P&L line of a live account whose day positions' charges are not all priced (`charges_status:
// not_priced`: fills placed in the broker's own app, or not priced yet) must not read as an exact net: its charges
// say the ticket's "Not priced" when nothing is priced, and the Positions screen's note says net counts only the
// charges that are, in English and in French. A book priced throughout says nothing of the kind.
import { render, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { components } from '@openapi/main';
import { DashboardScreen } from '@/app/routes/dashboard-screen';
import { frMessages } from '@/i18n/locales/fr/index';
import { configureApiClients } from '@/lib/api/clients';
import { clearStoredValues } from '@/lib/persist/idb-storage';
import { plainText } from '../support/plain-text.ts';
import { positionOf } from '../support/position.ts';

type Schemas = components['schemas'];
type Position = Schemas['Position'];
const API = 'http://api.test';
const asOf = '2026-11-24T04:00:00Z';

const account: Schemas['BrokerAccount'] = {
  id: 31,
  broker: 'dhan',
  name: 'Dhan options',
  account_number: 'DH1001',
  api_key: 'dhan_app',
  capital: 500000,
  is_logged_in: true,
  session_expires_at: '2099-01-17T06:00:00+05:30',
};

// Today's trades: one placed through StrikeDesk (₹20 of charges), one sold in Dhan's own app (no charges figure).
const priced = positionOf('NIFTY26D0126000CE', 65, { charges: 20, m2m: 130 });
const outside = positionOf('NIFTY26D0126000PE', -65, { charges: 0, charges_status: 'not_priced', m2m: 65 });
let day: Position[] = [];

const server = setupServer(
  http.get(`${API}/api/accounts/all-accounts/`, () => HttpResponse.json({ broker_accounts: [account] })),
  http.get(`${API}/api/portfolios/all-portfolios/:accountId/`, () => HttpResponse.json({ portfolios: [] })),
  http.get(`${API}/api/position-book/position-book/:accountNumber`, () =>
    HttpResponse.json({
      position_book: { net: day, day, margins: { used: 0, available: 500000, equity: 500000 }, status: 'OK', as_of: asOf },
    } satisfies Schemas['PositionBookResponse']),
  ),
  http.get(`${API}/analytics/rest/v1/commentary`, () => HttpResponse.json([], { headers: { 'x-fetched-at': asOf, 'content-range': '*/0' } })),
  http.post(`${API}/analytics/functions/v1/market_data`, () => HttpResponse.json({ data: {} })),
  http.post(`${API}/api/market/stream/`, () => new HttpResponse(null, { status: 503 })),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(async () => {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: true, media: query, addEventListener: () => undefined, removeEventListener: () => undefined }));
  configureApiClients({ apiBaseUrl: API, analyticsUrl: `${API}/analytics`, analyticsAnonKey: 'k' });
  await clearStoredValues();
});
afterEach(() => {
  vi.unstubAllGlobals();
  server.resetHandlers();
});
afterAll(() => server.close());

function renderDashboard(positions: Position[], locale: 'en' | 'fr' = 'en') {
  day = positions;
  render(
    <IntlProvider locale={locale} defaultLocale="en" messages={locale === 'fr' ? frMessages : undefined}>
      <MemoryRouter>
        <DashboardScreen />
      </MemoryRouter>
    </IntlProvider>,
  );
}

/** The account's row of the P&L tile once its book is read, and its gross and charges line. */
async function pnlRow(title: RegExp) {
  const tile = await screen.findByRole('region', { name: title });
  const grossLine = await within(tile).findByText(/^(Gross|Brut) /, { normalizer: plainText });
  return { tile, grossLine: plainText(grossLine.textContent ?? '').replace(/[\u00a0\u202f]/g, ' ') };
}

const note = /^Charges leave out some trades: they were placed outside StrikeDesk/;

describe('the dashboard\'s P&L line when charges are not priced', () => {
  it('reads "Not priced", never ₹0, when no trade of the day is priced, and says net leaves them out', async () => {
    renderDashboard([outside]);
    const { tile, grossLine } = await pnlRow(/^P&L today$/);
    expect(grossLine).toBe('Gross +₹65.00 · charges Not priced');
    expect(within(tile).getByText(note)).toBeTruthy();
  });

  it('keeps the priced figure when some is priced, and still says net is not whole', async () => {
    renderDashboard([priced, outside]);
    const { tile, grossLine } = await pnlRow(/^P&L today$/);
    expect(grossLine).toBe('Gross +₹195.00 · charges ₹20.00');
    expect(within(tile).getByText(note)).toBeTruthy();
  });

  it('reads the known figure as partly priced when only some of a position\'s fills were placed here', async () => {
    renderDashboard([positionOf('NIFTY26D0126000CE', 130, { charges: 20, charges_status: 'partial', m2m: 260 })]);
    const { tile, grossLine } = await pnlRow(/^P&L today$/);
    expect(grossLine).toBe('Gross +₹260.00 · charges ₹20.00 (partly priced)');
    expect(within(tile).getByText(/^Partly priced: charges of the fills placed here only/)).toBeTruthy();
  });

  it('says nothing of the kind when every trade is priced', async () => {
    renderDashboard([priced]);
    const { tile, grossLine } = await pnlRow(/^P&L today$/);
    expect(grossLine).toBe('Gross +₹130.00 · charges ₹20.00');
    expect(within(tile).queryByText(note)).toBeNull();
  });

  it('says it in French', async () => {
    renderDashboard([outside], 'fr');
    const { tile, grossLine } = await pnlRow(/^P&L du jour$/);
    expect(grossLine).toBe('Brut +65,00 ₹ · frais Non chiffré');
    expect(within(tile).getByText(/^Les frais laissent de côté certaines transactions/)).toBeTruthy();
  });
});
