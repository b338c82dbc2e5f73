// Focus in the order ticket after Confirm (issue 26): it stays on the send button while the order is
// sending (a disabled button would drop it to the page body under the open dialog), then moves to the
// outcome, so a screen-reader or keyboard user is where the answer is.
import { render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { IntlProvider } from 'react-intl';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { components } from '@openapi/main';
import { OrderTicket, type TicketInstrument } from '@/features/orders/components/order-ticket';
import { configureApiClients } from '@/lib/api/clients';
import { clearStoredValues } from '@/lib/persist/idb-storage';
import { plainText } from '../support/plain-text.ts';

type Schemas = components['schemas'];
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

const filled: Schemas['Order'] = {
  order_id: 'O1',
  exchange_order_id: 'X1',
  account_number: 'PA1234',
  portfolio_id: null,
  tradingsymbol: instrument.tradingsymbol,
  exchange: 'NFO',
  transaction_type: 'BUY',
  order_type: 'MARKET',
  product: 'NRML',
  variety: 'regular',
  validity: 'DAY',
  quantity: 65,
  price: 0,
  trigger_price: 0,
  average_price: 120.5,
  filled_quantity: 65,
  pending_quantity: 0,
  cancelled_quantity: 0,
  status: 'COMPLETE',
  status_message: null,
  status_message_i18n: null,
  tag: 'k',
  order_timestamp: '2026-11-24T04:00:00Z',
  exchange_timestamp: null,
  modifications: 0,
};

/** The broker's answer waits until the test releases it, so the test can look at the ticket while sending. */
let release: () => void = () => undefined;
let sends = 0;
const server = setupServer(
  http.post(`${API}/api/order-book/margins/orders/`, () =>
    HttpResponse.json({
      margins: { required: 7832.5, available: 500000, margin: 0, premium: 7832.5, charges: 12.4, margin_released: 0, standalone: { required: 0, margin: 0, hedge_benefit: 0 }, charge_breakdown: { brokerage: 0, brokerage_status: 'priced', stt: 0, exchange: 2.78, sebi: 0.01, stamp_duty: 0.23, gst: 0.5, call_and_trade: 0 } },
    } satisfies Schemas['OrderMarginsResponse']),
  ),
  http.post(`${API}/api/order-book/order-book/execute_order/`, async () => {
    sends += 1;
    await new Promise<void>((resolve) => (release = resolve));
    return HttpResponse.json({ message: 'placed', orders: [filled] } satisfies Schemas['OrdersResponse']);
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(async () => {
  // Only the date stands still (user-event runs on real timers): a slow run never sees its quote go stale.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-24T05:00:00Z'));
  configureApiClients({ apiBaseUrl: API, analyticsUrl: `${API}/analytics`, analyticsAnonKey: 'k' });
  await clearStoredValues();
});
afterEach(() => {
  vi.useRealTimers();
  server.resetHandlers();
});
afterAll(() => server.close());

const button = (text: string) => screen.getByRole('button', { name: (name) => plainText(name) === text });

describe('the order ticket after Confirm', () => {
  it('keeps focus on the sending button, then moves it to the outcome', async () => {
    render(
      <IntlProvider locale="en" defaultLocale="en">
        <OrderTicket
          instrument={instrument}
          quote={{ last_price: 120.5, bid: 120.45, ask: 120.55, timestamp: new Date().toISOString() }}
          account={{ id: 11, broker: 'paper', name: 'Main paper account', account_number: 'PA1234' }}
          portfolioId={null}
          sessionOpen
          defaults={{ product: 'NRML', order_type: 'MARKET', lots: 1, confirm_before_order: true }}
          initialSide="BUY"
        />
      </IntlProvider>,
    );
    await userEvent.click(button('Buy 65'));
    await userEvent.click(button('Confirm'));

    const sending = await screen.findByRole('button', { name: 'Sending to the broker…' });
    expect(sending.getAttribute('aria-disabled')).toBe('true');
    expect(sending.hasAttribute('disabled')).toBe(false);
    expect(document.activeElement).toBe(sending);
    // A second tap while sending sends nothing more (the server would answer only one).
    await userEvent.click(sending);

    await waitFor(() => expect(sends).toBe(1));
    release();
    const outcome = screen.getByTestId('ticket-outcome');
    await waitFor(() => expect(plainText(outcome.textContent ?? '')).toMatch(/filled at ₹120\.50/));
    expect(document.activeElement).toBe(outcome);
    expect(sends).toBe(1);
  });
});
