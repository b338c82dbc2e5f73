// The order ticket says, before sending, how an order above the exchange's freeze quantity goes out: as
// several orders (and over more than a second past 10 of them), or not at all past 20 (Kite's autoslice),
// in which case it cannot be sent. HTTP is MSW; an unexpected request fails the test.
import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { IntlProvider } from 'react-intl';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { components } from '@openapi/main';
import { OrderTicket, type TicketInstrument } from '@/features/orders/components/order-ticket';
import { slicePlan } from '@/features/orders/model/order-slices';
import { frMessages } from '@/i18n/locales/fr/index';
import { configureApiClients } from '@/lib/api/clients';
import { plainText } from '../support/plain-text';

const API = 'http://api.test';
const margins: components['schemas']['OrderMarginsResponse'] = { margins: { required: 1000, available: 1e9, margin: 900, premium: 0, charges: 100, margin_released: 0, standalone: { required: 0, margin: 0, hedge_benefit: 0 }, charge_breakdown: { brokerage: 20, brokerage_status: 'priced', stt: 0, exchange: 50, sebi: 1, stamp_duty: 10, gst: 19, call_and_trade: 0 } } };
const server = setupServer(http.post(`${API}/api/order-book/margins/orders/`, () => HttpResponse.json(margins)));

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => configureApiClients({ apiBaseUrl: API, analyticsUrl: `${API}/analytics`, analyticsAnonKey: 'k' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const instrument: TicketInstrument = {
  instrument: 'NFO:NIFTY26D0126000CE',
  tradingsymbol: 'NIFTY26D0126000CE',
  exchange: 'NFO',
  lot_size: 65,
  strike: 26000,
  instrument_type: 'CE',
  expiry: '2026-12-01',
  name: 'NIFTY',
};

function renderTicket(locale: 'en' | 'fr', lots: number) {
  return render(
    <IntlProvider locale={locale} defaultLocale="en" messages={locale === 'fr' ? frMessages : {}}>
      <OrderTicket
        instrument={instrument}
        quote={{ last_price: 120, bid: 119.95, ask: 120.05, timestamp: new Date().toISOString() }}
        account={{ id: 1, name: "Paper", account_number: "PA1234", broker: "paper" }}
        portfolioId={null}
        sessionOpen
        defaults={{ product: 'NRML', order_type: 'MARKET', lots, confirm_before_order: false }}
        initialSide="BUY"
        freezeQuantity={1800}
      />
    </IntlProvider>,
  );
}

describe('slicePlan', () => {
  it('slices at the freeze quantity in whole lots, at most 20 orders, 10 a second', () => {
    expect(slicePlan(1755, 65, 1800)).toBeNull();
    expect(slicePlan(1820, 65, 1800)).toEqual({ orders: 2, perOrder: 1755, largest: 35100, extraSeconds: 0, tooMany: false });
    expect(slicePlan(11 * 1755, 65, 1800)).toMatchObject({ orders: 11, extraSeconds: 1, tooMany: false });
    expect(slicePlan(35100, 65, 1800)).toMatchObject({ orders: 20, extraSeconds: 1, tooMany: false });
    expect(slicePlan(35165, 65, 1800)).toMatchObject({ orders: 21, tooMany: true });
  });
});

/** The send button ("Buy 19,305"), not the side toggle ("Buy"). */
const submit = () => screen.getByRole('button', { name: /^Buy .*\d/ }) as HTMLButtonElement;

describe('the order ticket above the freeze quantity', () => {
  it('says one order goes out as several, over another second past 10', async () => {
    renderTicket('en', 297);
    expect(await screen.findByText(/Goes out as 11 orders of at most 1,755 \(the exchange’s limit per order\), over 1 more second/, { normalizer: plainText })).toBeTruthy();
    expect(submit().disabled).toBe(false);
  });

  it('refuses to send more than 20 slices, saying the limit, and lets a smaller order go', async () => {
    renderTicket('en', 541);
    expect(plainText((await screen.findByRole('alert')).textContent ?? '')).toContain('splits an order into 20 at most (35,100)');
    expect(submit().disabled).toBe(true);
    const lots = screen.getByLabelText('Lots');
    await userEvent.clear(lots);
    await userEvent.type(lots, '540');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(submit().disabled).toBe(false);
  });

  it('says it in French too', async () => {
    renderTicket('fr', 541);
    expect(plainText((await screen.findByRole('alert')).textContent ?? '')).toContain('le courtier découpe un ordre en 20 au plus');
  });
});
