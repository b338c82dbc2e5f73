// A live account's holdings at its broker (issue 63): each stock with its cost, value, P&L and what can be sold now;
// while the broker's data is unknown, said so rather than shown as holding nothing; the Sell ticket places a CNC sale
// at the broker (the answer is its order) and says where to follow it; in English and French.
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { IntlProvider } from 'react-intl';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configureApiClients } from '@/lib/api/clients';
import type { components } from '@openapi/main';
import { BrokerHoldings } from '@/features/positions/components/broker-holdings';
import { frMessages } from '@/i18n/locales/fr/index';
import { plainText } from '../../support/plain-text';

type Schemas = components['schemas'];

const API = 'http://api.test';
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => configureApiClients({ apiBaseUrl: API, analyticsUrl: `${API}/analytics`, analyticsAnonKey: 'k' }));
afterEach(() => {
  server.resetHandlers();
  cleanup();
});
afterAll(() => server.close());

const known: Schemas['BrokerHoldings'] = {
  status: 'OK',
  as_of: '2026-12-30T04:30:00.000Z',
  holdings: [{ exchange: 'NSE', tradingsymbol: 'RELIANCE', isin: 'INE002A01018', shares: 500, sellable: 200, average_price: 1_520, last_price: 1_600, value: 800_000, pnl: 40_000 }],
};

function renderHoldings(holdings: Schemas['BrokerHoldings'], locale: 'en' | 'fr' = 'en', onTraded?: () => void) {
  return render(
    <IntlProvider locale={locale} messages={locale === 'fr' ? frMessages : {}} onError={() => undefined}>
      <BrokerHoldings holdings={holdings} accountNumber="ZR1234" onTraded={onTraded} />
    </IntlProvider>,
  );
}

describe('BrokerHoldings', () => {
  it('says each holding, what can be sold now, and an unknown book as unknown, never as none', () => {
    renderHoldings(known);
    const [reliance] = screen.getAllByRole('listitem').map((item) => plainText(item.textContent ?? ''));
    expect(reliance).toMatch(/^Holds 500 RELIANCE shares/);
    expect(reliance).toContain('Cost ₹1,520.00 a share');
    expect(reliance).toContain('200 can be sold now');
    expect(reliance).toMatch(/\+₹40,000\.00Sell$/);
    cleanup();
    renderHoldings({ status: 'UNKNOWN', as_of: null, holdings: null }, 'fr');
    expect(screen.getByRole('heading', { name: 'Titres chez le courtier' })).toBeTruthy();
    expect(screen.getByText(/Inconnus pour l’instant/)).toBeTruthy();
    expect(screen.queryByText(/Aucune action/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Vendre' })).toBeNull();
  });

  it('sells from the ticket, prefilled with what can be sold, and says the order went to the broker, in French', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post(`${API}/api/position-book/holdings/ZR1234/orders/`, async ({ request }) => {
        bodies.push(await request.json());
        const order: Schemas['Order'] = {
          order_id: '261230000000042', exchange_order_id: null, account_number: 'ZR1234', portfolio_id: null, tradingsymbol: 'RELIANCE', exchange: 'NSE',
          transaction_type: 'SELL', order_type: 'MARKET', product: 'CNC', variety: 'regular', validity: 'DAY', quantity: 200, price: 0, trigger_price: 0,
          average_price: 0, filled_quantity: 0, pending_quantity: 200, cancelled_quantity: 0, status: 'OPEN', status_message: null, status_message_i18n: null,
          tag: 'k1', order_timestamp: '2026-12-30T04:31:00.000Z', exchange_timestamp: null, modifications: 0,
        };
        return HttpResponse.json({ message: '1 order placed', orders: [order] });
      }),
    );
    let traded = 0;
    const user = userEvent.setup();
    renderHoldings(known, 'fr', () => (traded += 1));
    await user.click(screen.getByRole('button', { name: 'Vendre' }));
    const dialog = await screen.findByRole('dialog', { name: 'Vendre des actions RELIANCE' });
    expect((within(dialog).getByLabelText('Actions') as HTMLInputElement).value).toBe('200');
    expect(within(dialog).getByText(/passé chez le courtier comme tout ordre/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Vendre' }));
    await waitFor(() => expect(traded).toBe(1));
    expect(bodies).toEqual([{ symbol: 'RELIANCE', side: 'SELL', quantity: 200, order_type: 'MARKET' }]);
    expect(screen.getByRole('status').textContent).toBe('Vente de RELIANCE transmise au courtier : suivez-la dans le carnet d’ordres.');
  });
});
