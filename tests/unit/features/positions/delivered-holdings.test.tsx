// The position book's delivered shares (issue 63): shares held and owed said as such, with their cost, value and
// P&L at the price now, a stock without a price said so rather than valued at a guess; in English and French. On a paper
// account each holding has its ticket (Sell, or Buy back for shares owed), prefilled with the whole holding, whose
// refusal the server words in the trader's language; the trades made are listed with the P&L they realised.
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { IntlProvider } from 'react-intl';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configureApiClients } from '@/lib/api/clients';
import type { components } from '@openapi/main';
import { DeliveredHoldings } from '@/features/positions/components/delivered-holdings';
import { frMessages } from '@/i18n/locales/fr/index';
import { plainText } from '../../support/plain-text';

type Holding = components['schemas']['Holding'];
type HoldingTrade = components['schemas']['HoldingTrade'];

const API = 'http://api.test';
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => configureApiClients({ apiBaseUrl: API, analyticsUrl: `${API}/analytics`, analyticsAnonKey: 'k' }));
afterEach(() => {
  server.resetHandlers();
  cleanup();
});
afterAll(() => server.close());

const holdings: Holding[] = [
  { symbol: 'BDL', shares: -325, average_price: 1_640, last_price: 1_600, value: -520_000, pnl: 13_000, last_delivery_at: '2026-12-29T10:12:00.000Z' },
  { symbol: 'RELIANCE', shares: 750, average_price: 1_520, last_price: null, value: null, pnl: null, last_delivery_at: '2026-12-29T10:11:00.000Z' },
];

function renderHoldings(locale: 'en' | 'fr') {
  return render(
    <IntlProvider locale={locale} messages={locale === 'fr' ? frMessages : {}} onError={() => undefined}>
      <DeliveredHoldings holdings={holdings} />
    </IntlProvider>,
  );
}

describe('DeliveredHoldings', () => {
  it('says the shares owed and held, their cost, value and P&L, and a stock without a price', () => {
    renderHoldings('en');
    expect(screen.getByRole('heading', { name: 'Delivered shares' })).toBeTruthy();
    const [bdl, reliance] = screen.getAllByRole('listitem').map((item) => plainText(item.textContent ?? ''));
    expect(bdl).toMatch(/^Owes 325 BDL shares/);
    expect(bdl).toContain('Cost ₹1,640.00 a share');
    expect(bdl).toMatch(/value -₹5,20,000\.00/);
    expect(bdl).toMatch(/\+₹13,000\.00$/);
    expect(reliance).toMatch(/^Holds 750 RELIANCE shares/);
    expect(reliance).toContain('now No price now · value —');
    expect(screen.getByText(/as an equity delivery \(CNC\) order on NSE/)).toBeTruthy();
    // Without an account that trades them (a live account's are at its broker), no ticket.
    expect(screen.queryByRole('button', { name: 'Sell' })).toBeNull();
  });

  it('says them in French', () => {
    renderHoldings('fr');
    expect(screen.getByRole('heading', { name: 'Actions livrées' })).toBeTruthy();
    const [bdl, reliance] = screen.getAllByRole('listitem').map((item) => plainText(item.textContent ?? ''));
    expect(bdl).toMatch(/^Doit 325 actions BDL/);
    expect(reliance).toMatch(/^Détient 750 actions RELIANCE/);
    expect(reliance).toContain('Pas de prix maintenant');
  });

  it('sells a holding from its ticket, prefilled with every share held, and says a refusal in French', async () => {
    const trade: HoldingTrade = {
      order_id: '261230000000042',
      symbol: 'BDL', side: 'BUY', order_type: 'LIMIT', limit_price: 1_610, quantity: 300, price: 1_600, value: 480_000, average_price: 1_640, realised_pnl: 12_000,
      charges: 569.96, charge_parts: { brokerage: 0, stt: 480, stamp: 72, exchange: 14.74, sebi: 0.48, dp: 0, gst: 2.74 }, traded_at: '2026-12-30T05:00:00.000Z',
    };
    const bodies: unknown[] = [];
    const keys: Array<string | null> = [];
    server.use(
      http.post(`${API}/api/position-book/holdings/PA1234/orders/`, async ({ request }) => {
        bodies.push(await request.json());
        keys.push(request.headers.get('idempotency-key'));
        return bodies.length === 1
          ? HttpResponse.json({ code: 'order_refused', message: 'You owe 325 BDL shares', details: { text: { code: 'holding.more_than_owed', params: { symbol: 'BDL', asked: 400, owed: 325 } } } }, { status: 422 })
          : HttpResponse.json({ trade });
      }),
    );
    let traded = 0;
    const user = userEvent.setup();
    render(
      <IntlProvider locale="fr" messages={frMessages} onError={() => undefined}>
        <DeliveredHoldings holdings={[{ ...holdings[0]!, last_price: 1_600 }]} trades={[trade]} accountNumber="PA1234" onTraded={() => (traded += 1)} />
      </IntlProvider>,
    );
    expect(plainText(screen.getByTestId('holding-trades').textContent ?? '')).toContain('300 actions BDL rachetées à 1 600,00 ₹');
    await user.click(screen.getByRole('button', { name: 'Racheter' }));
    const dialog = await screen.findByRole('dialog', { name: 'Racheter des actions BDL' });
    const shares = within(dialog).getByLabelText('Actions');
    expect((shares as HTMLInputElement).value).toBe('325');
    await user.clear(shares);
    await user.type(shares, '400');
    await user.click(within(dialog).getByRole('button', { name: 'Racheter' }));
    expect(within(dialog).getByText(/saisissez un nombre entier d’actions de 1 à 325/i)).toBeTruthy();
    expect(bodies).toEqual([]);
    // The server's refusal, said in French (here a refusal the form would not send: the server is the judge).
    await user.clear(shares);
    await user.type(shares, '300');
    await user.selectOptions(within(dialog).getByLabelText('Type d’ordre'), 'LIMIT');
    const limit = within(dialog).getByLabelText('Prix limite (₹)');
    expect((limit as HTMLInputElement).value).toBe('1600.00');
    await user.clear(limit);
    await user.type(limit, '1610');
    await user.click(within(dialog).getByRole('button', { name: 'Racheter' }));
    expect(await within(dialog).findByText(/Vous devez 325 actions BDL/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Racheter' }));
    await waitFor(() => expect(traded).toBe(1));
    expect(bodies).toEqual([
      { symbol: 'BDL', side: 'BUY', quantity: 300, order_type: 'LIMIT', price: 1_610 },
      { symbol: 'BDL', side: 'BUY', quantity: 300, order_type: 'LIMIT', price: 1_610 },
    ]);
    // A refusal placed nothing: the retry is a new intent with a key of its own.
    expect(keys[0]).not.toBe(keys[1]);
  });

  it('shows nothing without holdings', () => {
    const { container } = render(
      <IntlProvider locale="en" onError={() => undefined}>
        <DeliveredHoldings holdings={[]} />
      </IntlProvider>,
    );
    expect(container.textContent).toBe('');
  });
});
