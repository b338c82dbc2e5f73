// The order ticket after the broker's MIS cut-off (issue 60): told by the server's market status that MIS is
// closed for today, the ticket says so under the product before any review and starts on NRML, whatever the
// trade defaults say, so the order the trader reviews and sends is NRML, not one the broker refuses. An open
// ticket follows the cut-off as it comes while the trader has not picked a product; a trader who picks MIS
// anyway is told it will be refused. The demo market's MIS rule is said where MIS is chosen.
import { render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { IntlProvider } from 'react-intl';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { components } from '@openapi/main';
import { misWindowOf } from '@/features/market/hooks/use-mis-window';
import { OrderTicket, type TicketInstrument } from '@/features/orders/components/order-ticket';
import type { MisWindow } from '@/features/orders/model/product-default';
import { frMessages } from '@/i18n/locales/fr/index';
import { configureApiClients } from '@/lib/api/clients';
import { clearStoredValues } from '@/lib/persist/idb-storage';
import { plainText } from '../support/plain-text';

type Schemas = components['schemas'];
const API = 'http://api.test';
const margins: Schemas['OrderMarginsResponse'] = { margins: { required: 1000, available: 1e9, margin: 900, premium: 0, charges: 100, margin_released: 0, standalone: { required: 0, margin: 0, hedge_benefit: 0 }, charge_breakdown: { brokerage: 20, brokerage_status: 'priced', stt: 0, exchange: 50, sebi: 1, stamp_duty: 10, gst: 19, call_and_trade: 0 } } };

/** The products of the orders the ticket sent. */
let sent: string[] = [];
const server = setupServer(
  http.post(`${API}/api/order-book/margins/orders/`, () => HttpResponse.json(margins)),
  http.post(`${API}/api/order-book/order-book/execute_order/`, async ({ request }) => {
    const body = (await request.json()) as Schemas['ExecuteOrderRequest'];
    sent.push(body.product);
    return HttpResponse.json({ message: 'refused', orders: [] } satisfies Schemas['OrdersResponse']);
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(async () => {
  sent = [];
  configureApiClients({ apiBaseUrl: API, analyticsUrl: `${API}/analytics`, analyticsAnonKey: 'k' });
  await clearStoredValues();
});
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

const closed: MisWindow = { closed: true, cutOff: '15:25', demo: false };
const beforeCutOff: MisWindow = { closed: false, cutOff: '15:25', demo: false };

function ticket(mis: MisWindow | null, locale: 'en' | 'fr' = 'en') {
  return (
    <IntlProvider locale={locale} defaultLocale="en" messages={locale === 'fr' ? frMessages : {}}>
      <OrderTicket
        instrument={instrument}
        quote={{ last_price: 120, bid: 119.95, ask: 120.05, timestamp: new Date().toISOString() }}
        account={{ id: 1, name: 'Paper', account_number: 'PA1234', broker: 'paper' }}
        portfolioId={null}
        sessionOpen
        defaults={{ product: 'MIS', order_type: 'MARKET', lots: 1, confirm_before_order: true }}
        initialSide="BUY"
        mis={mis}
      />
    </IntlProvider>
  );
}

const product = () => screen.getByLabelText<HTMLSelectElement>('Product');

describe('the order ticket after the MIS cut-off', () => {
  it('says MIS is closed for today before the review, starts on NRML though the defaults say MIS, and reviews and sends NRML', async () => {
    render(ticket(closed));
    expect(product().value).toBe('NRML');
    // Said under the product, read with it, before the trader asks for a review.
    expect(product().getAttribute('aria-describedby')).toBeTruthy();
    const note = screen.getByTestId('mis-note');
    expect(note.textContent).toBe('MIS is closed for today (from 15:25 IST): the broker takes no fresh intraday order, so this goes as NRML (overnight).');
    expect(document.getElementById(product().getAttribute('aria-describedby')!.split(' ').at(-1)!)?.textContent).toBe(note.textContent);

    await userEvent.click(screen.getByRole('button', { name: /^Buy .*65/ }));
    expect(plainText(await screen.findByText(/^Buy 65 NIFTY26D0126000CE at market, /, { normalizer: plainText }).then((found) => found.textContent ?? ''))).toBe('Buy 65 NIFTY26D0126000CE at market, Overnight (NRML)?');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(sent).toEqual(['NRML']));
  });

  it('keeps the defaults’ MIS before the cut-off and turns an untouched ticket to NRML when the cut-off comes while it is open', () => {
    const { rerender } = render(ticket(beforeCutOff));
    expect(product().value).toBe('MIS');
    expect(screen.queryByTestId('mis-note')).toBeNull();
    rerender(ticket(closed));
    expect(product().value).toBe('NRML');
    expect(screen.getByTestId('mis-note').dataset.mis).toBe('closed');
  });

  it('keeps MIS when the trader picks it anyway, saying the broker will refuse it', async () => {
    render(ticket(closed));
    await userEvent.selectOptions(product(), 'MIS');
    expect(product().value).toBe('MIS');
    expect(screen.getByTestId('mis-note').textContent).toBe('MIS is closed for today (from 15:25 IST): the broker will refuse a fresh MIS order. Choose NRML (overnight).');
  });

  it('says it in French', () => {
    render(ticket(closed, 'fr'));
    expect(screen.getByLabelText<HTMLSelectElement>('Produit').value).toBe('NRML');
    expect(screen.getByTestId('mis-note').textContent).toBe(
      'Le MIS est fermé pour aujourd’hui (depuis 15:25 IST) : le courtier ne prend plus de nouvel ordre intrajournalier, l’ordre part donc en NRML (report).',
    );
  });

  it('says the demo market’s rule where MIS is chosen, and keeps MIS at any hour', () => {
    render(ticket({ closed: false, cutOff: '15:25', demo: true }));
    expect(product().value).toBe('MIS');
    expect(screen.getByTestId('mis-note').textContent).toBe('Demo market: MIS at any hour. MIS positions are squared off at 15:25 IST each day; one opened after 15:25, at 15:25 the next day.');
  });
});

describe('MIS in the market status', () => {
  const status = { demo: false, timestamp: '2026-11-20T09:56:00.000Z' } as const;
  it('is known only while the market is open and the server names the cut-off', () => {
    expect(misWindowOf(null)).toBeNull();
    expect(misWindowOf({ ...status, status: 'closed', next_open: '2026-11-23T03:45:00.000Z' })).toBeNull();
    expect(misWindowOf({ ...status, status: 'open' })).toBeNull();
    const session = { day: '2026-11-20', open: '09:15', close: '15:40', mis_square_off: '15:25' };
    expect(misWindowOf({ ...status, status: 'open', session, mis_closed: true })).toEqual(closed);
    expect(misWindowOf({ ...status, status: 'open', demo: true, session, mis_closed: false })).toEqual({ closed: false, cutOff: '15:25', demo: true });
  });
});
