// The order ticket on a phone (issue 36): a bottom sheet whose title is the ticket's, said once, and whose
// send button sits under the scrolling fields, never among them, so it is in view without scrolling. Beside
// the chain (a wide screen) the ticket is a panel with its own heading, once too.
import { render, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { IntlProvider } from 'react-intl';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Modal } from '@/components/ui/modal';
import { OrderTicket, type TicketInstrument } from '@/features/orders/components/order-ticket';
import { TicketHeading } from '@/features/orders/components/ticket-heading';
import { configureApiClients } from '@/lib/api/clients';
import { plainText } from '../support/plain-text.ts';

const API = 'http://api.test';
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

const server = setupServer(http.post(`${API}/api/order-book/margins/orders/`, () => HttpResponse.json({ message: 'no margins here' }, { status: 503 })));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => configureApiClients({ apiBaseUrl: API, analyticsUrl: `${API}/analytics`, analyticsAnonKey: 'k' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function ticket(framing: 'card' | 'sheet') {
  return (
    <OrderTicket
      instrument={instrument}
      quote={{ last_price: 120.5, bid: 120.45, ask: 120.55, timestamp: new Date().toISOString() }}
      account={{ id: 11, broker: 'paper', name: 'Main paper account', account_number: 'PA1234' }}
      portfolioId={null}
      sessionOpen
      defaults={{ product: 'NRML', order_type: 'LIMIT', lots: 1, confirm_before_order: true }}
      initialSide="BUY"
      framing={framing}
      onClose={framing === 'card' ? () => undefined : undefined}
    />
  );
}

const titled = (text: string) => (plainText(text).match(/Order ticket: NIFTY26D0126000CE/g) ?? []).length;

describe('the order ticket as a sheet', () => {
  it('is titled once, by the sheet, and keeps its send button out of the scrolling fields', async () => {
    render(
      <IntlProvider locale="en" defaultLocale="en">
        <Modal onClose={() => undefined} title={<TicketHeading tradingsymbol={instrument.tradingsymbol} />} sheet>
          {ticket('sheet')}
        </Modal>
      </IntlProvider>,
    );
    const sheet = await screen.findByRole('dialog', { name: (name) => plainText(name) === 'Order ticket: NIFTY26D0126000CE' });
    expect(titled(sheet.textContent ?? '')).toBe(1);
    expect(within(sheet).getAllByRole('heading')).toHaveLength(1);

    const body = sheet.querySelector('[data-ticket-body]');
    const send = within(sheet).getByRole('button', { name: (name) => plainText(name) === 'Buy 65' });
    expect(body?.contains(within(sheet).getByLabelText('Lots'))).toBe(true);
    expect(body?.contains(send)).toBe(false);
    expect(send.closest('[data-ticket-action]')).not.toBeNull();
    // The fields scroll inside the sheet, the foot with the button after them does not.
    expect(body?.className).toMatch(/overflow-y-auto/);
    expect(send.closest('form')).toBe(screen.getByTestId('order-ticket'));
    // The spoken price is a setting now: no checkbox stands before the button.
    expect(within(sheet).queryByRole('checkbox')).toBeNull();
  });
});

describe('the order ticket beside the chain', () => {
  it('has its own heading, once, and its close button', () => {
    render(<IntlProvider locale="en" defaultLocale="en">{ticket('card')}</IntlProvider>);
    const form = screen.getByTestId('order-ticket');
    expect(titled(form.textContent ?? '')).toBe(1);
    expect(within(form).getByRole('heading', { level: 2 }).textContent).toContain('NIFTY26D0126000CE');
    expect(within(form).getByRole('button', { name: 'Close' })).toBeTruthy();
  });
});
