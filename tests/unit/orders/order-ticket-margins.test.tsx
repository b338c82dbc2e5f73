// The order window's margin lines (issue 24): buying puts against short puts frees margin, yet the order
// still needs its premium and charges; what it frees is a line of its own, never a negative "Required".
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { IntlProvider } from 'react-intl';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { components } from '@openapi/main';
import { OrderTicket, type TicketInstrument } from '@/features/orders/components/order-ticket';
import { frMessages } from '@/i18n/locales/fr/index';
import { configureApiClients } from '@/lib/api/clients';
import { plainText } from '../support/plain-text';

const API = 'http://api.test';
// Two lots of a lower put against two short puts: ₹11,765 of premium, ₹3,00,303.75 of margin freed.
const hedge: components['schemas']['OrderMarginsResponse'] = {
  margins: {
    required: 11_817.34,
    available: 150_000,
    margin: -300_303.75,
    margin_released: 300_303.75,
    premium: 11_765,
    charges: 52.34,
    charge_breakdown: { brokerage: 20, brokerage_status: 'priced', stt: 0, exchange: 4.18, sebi: 0.01, stamp_duty: 0.35, gst: 27.8, call_and_trade: 0 },
    standalone: { required: 11_817.34, margin: 0, hedge_benefit: 0 },
  },
};
let askedQuantities: number[] = [];
let askedPortfolios: Array<number | undefined> = [];
const server = setupServer(
  http.post(`${API}/api/order-book/margins/orders/`, async ({ request }) => {
    const body = (await request.json()) as { orders: Array<{ quantity: number }>; portfolio_id?: number };
    askedQuantities.push(body.orders[0]!.quantity);
    askedPortfolios.push(body.portfolio_id);
    return HttpResponse.json(hedge);
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  askedQuantities = [];
  askedPortfolios = [];
  configureApiClients({ apiBaseUrl: API, analyticsUrl: `${API}/analytics`, analyticsAnonKey: 'k' });
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const instrument: TicketInstrument = {
  instrument: 'NFO:NIFTY26D0125900PE',
  tradingsymbol: 'NIFTY26D0125900PE',
  exchange: 'NFO',
  lot_size: 65,
  strike: 25900,
  instrument_type: 'PE',
  expiry: '2026-12-01',
  name: 'NIFTY',
};

function renderTicket(locale: 'en' | 'fr', portfolioId: number | null = null) {
  return render(
    <IntlProvider locale={locale} defaultLocale="en" messages={locale === 'fr' ? frMessages : {}}>
      <OrderTicket
        instrument={instrument}
        quote={{ last_price: 90.5, bid: 90, ask: 90.5, timestamp: new Date().toISOString() }}
        account={{ id: 1, name: 'Paper', account_number: 'PA1234', broker: 'paper' }}
        portfolioId={portfolioId}
        sessionOpen
        defaults={{ product: 'NRML', order_type: 'MARKET', lots: 2, confirm_before_order: true }}
        initialSide="BUY"
      />
    </IntlProvider>,
  );
}

const lines = async () => {
  const list = await screen.findByTestId('margin-lines');
  return within(list)
    .getAllByRole('term')
    .map((term) => `${plainText(term.textContent ?? '')}: ${plainText(term.nextElementSibling?.textContent ?? '')}`);
};

describe('the order window says what an order that frees margin needs', () => {
  it('shows the premium, the margin freed on its own line, and a required amount no smaller than the premium (en)', async () => {
    renderTicket('en');
    expect(await lines()).toEqual([
      'Premium: ₹11,765.00',
      'Margin freed once filled: ₹3,00,303.75',
      'Charges: ₹52.34',
      'Required: ₹11,817.34',
      'Available: ₹1,50,000.00',
    ]);
    expect(screen.queryByText(/−₹/)).toBeNull();
    expect(screen.queryByText('Not enough funds: the broker will reject this order.')).toBeNull();
  });

  it('says the same in French', async () => {
    renderTicket('fr');
    expect(await lines()).toEqual([
      'Prime: 11 765,00 ₹',
      'Marge libérée une fois exécuté: 300 303,75 ₹',
      'Frais: 52,34 ₹',
      'Requis: 11 817,34 ₹',
      'Disponible: 150 000,00 ₹',
    ]);
  });
});

// Issue 62: "Available" was the account's cash, not the capital the trader set aside for the portfolio.
describe('the order window within a portfolio', () => {
  it('asks for the margins within that portfolio, whose capital left is what is available', async () => {
    renderTicket('en', 7);
    await lines();
    expect(askedPortfolios).toEqual([7]);
  });

  it('asks for the account\'s own margins without one', async () => {
    renderTicket('en');
    await lines();
    expect(askedPortfolios).toEqual([undefined]);
  });
});

describe('the order window after an edit', () => {
  it('marks the figures of the order before the edit until the edited order\'s arrive', async () => {
    renderTicket('en');
    await lines();
    const block = screen.getByTestId('margin-block');
    await waitFor(() => expect(block.getAttribute('aria-busy')).toBe('false'));
    expect(screen.getByTestId('charges-breakdown').getAttribute('aria-busy')).toBe('false');
    fireEvent.click(screen.getByRole('button', { name: 'One lot more' }));
    // The two lots' figures still show, marked as not the three lots' yet: busy, and muted rather than coloured.
    expect(block.getAttribute('aria-busy')).toBe('true');
    expect([...block.querySelectorAll('dd')].every((value) => value.classList.contains('text-fg-muted'))).toBe(true);
    expect(screen.getByTestId('charges-breakdown').getAttribute('aria-busy')).toBe('true');
    await waitFor(() => expect(block.getAttribute('aria-busy')).toBe('false'), { timeout: 5000 });
    expect(askedQuantities).toEqual([130, 195]);
  });
});

// Issue 64: a broker whose brokerage StrikeDesk cannot price (Flattrade: no charges call, no dated tariff) has it
// read "Not priced", never ₹0, and the totals that would hold it say they leave it out.
describe('the order window on a broker whose brokerage is not priced', () => {
  const unpriced: components['schemas']['OrderMarginsResponse'] = {
    margins: {
      ...hedge.margins,
      charges: 32.34,
      required: 11_797.34,
      charge_breakdown: { brokerage: null, brokerage_status: 'not_priced', stt: 0, exchange: 4.18, sebi: 0.01, stamp_duty: 0.35, gst: 27.8, call_and_trade: 0 },
    },
  };
  const breakdown = () =>
    within(screen.getByTestId('charges-breakdown'))
      .getAllByRole('term')
      .map((term) => `${plainText(term.textContent ?? '')}: ${plainText(term.nextElementSibling?.textContent ?? '')}`);

  it.each([
    ['en', ['Charges, excluding brokerage (not priced): ₹32.34', 'Required, excluding brokerage: ₹11,797.34'], 'Brokerage: Not priced', 'STT: ₹0.00'],
    ['fr', ['Frais, hors courtage (non chiffré): 32,34 ₹', 'Requis, hors courtage: 11 797,34 ₹'], 'Courtage: Non chiffré', 'STT: 0,00 ₹'],
  ] as const)('says so in %s', async (locale, totals, brokerage, stt) => {
    server.use(http.post(`${API}/api/order-book/margins/orders/`, () => HttpResponse.json(unpriced)));
    renderTicket(locale);
    expect(await lines()).toEqual(expect.arrayContaining([...totals]));
    expect(breakdown()).toEqual(expect.arrayContaining([brokerage, stt]));
  });
});
