// Modify and cancel from the order book (issue 36): a change that succeeds closes its dialog by itself and is
// told once, in a notice carrying the order's state now; no "Done" is left to tap. A refusal or a rejection
// keeps the dialog open with the reason.
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { useState } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { components } from '@openapi/main';
import { ModifyOrderDialog } from '@/features/orders/components/modify-order-dialog';
import { CancelOrderDialog } from '@/features/orders/components/order-dialogs';
import { Toaster } from '@/components/ui/toaster';
import { I18nProvider, preloadMessages } from '@/i18n/i18n-provider';
import type { Locale } from '@/i18n/locale';
import { configureApiClients } from '@/lib/api/clients';
import { dismissAllNotifications } from '@/lib/notify/notify';
import { clearStoredValues } from '@/lib/persist/idb-storage';
import { plainText } from '../support/plain-text.ts';

type Order = components['schemas']['Order'];
const API = 'http://api.test';

const working: Order = {
  order_id: 'O7',
  exchange_order_id: 'X7',
  account_number: 'PA1234',
  portfolio_id: null,
  tradingsymbol: 'NIFTY26D0126000CE',
  exchange: 'NFO',
  transaction_type: 'SELL',
  order_type: 'LIMIT',
  product: 'NRML',
  variety: 'regular',
  validity: 'DAY',
  quantity: 65,
  lot_size: 65,
  price: 150,
  trigger_price: 0,
  average_price: 0,
  filled_quantity: 0,
  pending_quantity: 65,
  cancelled_quantity: 0,
  status: 'OPEN',
  status_message: null,
  status_message_i18n: null,
  tag: null,
  order_timestamp: '2026-11-24T04:00:00Z',
  exchange_timestamp: null,
  modifications: 0,
};

let answer: () => Response = () => HttpResponse.json({ message: 'ok', orders: [working] });
let calls = 0;
const server = setupServer(
  http.post(`${API}/api/order-book/order-book/modify_order/`, () => {
    calls += 1;
    return answer();
  }),
  http.post(`${API}/api/order-book/order-book/cancel_order/`, () => {
    calls += 1;
    return answer();
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(async () => {
  configureApiClients({ apiBaseUrl: API, analyticsUrl: `${API}/analytics`, analyticsAnonKey: 'k' });
  await clearStoredValues();
  await preloadMessages('fr');
  calls = 0;
});
afterEach(() => {
  server.resetHandlers();
  act(() => dismissAllNotifications());
});
afterAll(() => server.close());

let changed = 0;

/** The order book's way of opening a dialog: shown until it asks to close. */
function Book({ kind, locale }: { kind: 'modify' | 'cancel'; locale: Locale }) {
  const [open, setOpen] = useState(true);
  const props = { order: working, accountNumber: 'PA1234', onDone: () => (changed += 1), onClose: () => setOpen(false) };
  return (
    <I18nProvider locale={locale}>
      <MemoryRouter>
        {open && (kind === 'modify' ? <ModifyOrderDialog {...props} /> : <CancelOrderDialog {...props} />)}
        <Toaster />
      </MemoryRouter>
    </I18nProvider>
  );
}

const toasts = () => within(screen.getByRole('region', { name: /Notifications/ }));

function openBook(kind: 'modify' | 'cancel', locale: Locale = 'en') {
  changed = 0;
  render(<Book kind={kind} locale={locale} />);
}

describe('cancelling from the order book', () => {
  it('closes by itself once cancelled, and says so once with the final state', async () => {
    answer = () => HttpResponse.json({ message: 'ok', orders: [{ ...working, status: 'CANCELLED', pending_quantity: 0, cancelled_quantity: 65 }] });
    openBook('cancel');
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel order' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls).toBe(1);
    expect(changed).toBe(1);
    expect(screen.queryByRole('button', { name: 'Done' })).toBeNull();
    expect(toasts().getByText('Order for NIFTY 01 Dec 26000 CE cancelled', { normalizer: plainText })).toBeTruthy();
    expect(toasts().getAllByText((text) => /Sell 65 NIFTY 01 Dec 26000 CE: cancelled/.test(plainText(text)))).toHaveLength(1);
  });

  it('in French too', async () => {
    answer = () => HttpResponse.json({ message: 'ok', orders: [{ ...working, status: 'CANCELLED', pending_quantity: 0, cancelled_quantity: 65 }] });
    openBook('cancel', 'fr');
    await userEvent.click(await screen.findByRole('button', { name: 'Annuler l’ordre' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(toasts().getByText('Ordre sur NIFTY 01 déc. 26000 CE annulé', { normalizer: plainText })).toBeTruthy();
  });

  it('stays open with the reason when the server refuses', async () => {
    answer = () => HttpResponse.json({ message: 'The order is already complete.', code: 'order_not_open' }, { status: 422 });
    openBook('cancel');
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel order' }));
    const dialog = await screen.findByRole('alertdialog');
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toContain('The order is already complete.'));
    expect(screen.queryByText(/cancelled$/)).toBeNull();
  });

  it('stays open saying what happened when the order filled before the cancellation', async () => {
    answer = () => HttpResponse.json({ message: 'ok', orders: [{ ...working, status: 'COMPLETE', filled_quantity: 65, pending_quantity: 0, average_price: 150 }] });
    openBook('cancel');
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel order' }));
    const dialog = await screen.findByRole('alertdialog', { name: /was not cancelled/ });
    expect(plainText(within(dialog).getByRole('status').textContent ?? '')).toMatch(/filled at ₹150\.00/);
    expect(within(dialog).getByRole('button', { name: 'Done' })).toBeTruthy();
  });
});

describe('modifying from the order book', () => {
  it('closes by itself once modified, and says the order’s new state once', async () => {
    answer = () => HttpResponse.json({ message: 'ok', orders: [{ ...working, price: 151, modifications: 1 }] });
    openBook('modify');
    const dialog = await screen.findByRole('dialog');
    await userEvent.clear(within(dialog).getByLabelText('Price (₹)'));
    await userEvent.type(within(dialog).getByLabelText('Price (₹)'), '151');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Modify order' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(changed).toBe(1);
    expect(toasts().getByText('Order for NIFTY 01 Dec 26000 CE modified', { normalizer: plainText })).toBeTruthy();
    expect(toasts().getAllByText((text) => /Sell 65 NIFTY 01 Dec 26000 CE: open, waiting at ₹151\.00/.test(plainText(text)))).toHaveLength(1);
  });

  it('stays open with the reason when the server refuses the change', async () => {
    answer = () => HttpResponse.json({ message: 'An order can be modified at most 25 times.', code: 'validation_failed' }, { status: 422 });
    openBook('modify');
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Modify order' }));
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toContain('at most 25 times'));
    expect(screen.getByRole('dialog')).toBe(dialog);
    expect(screen.queryByText(/modified$/)).toBeNull();
  });

  it('stays open when the broker rejects the modified order', async () => {
    answer = () => HttpResponse.json({ message: 'ok', orders: [{ ...working, status: 'REJECTED', status_message: 'Margin exceeds funds.' }] });
    openBook('modify');
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Modify order' }));
    await waitFor(() => expect(plainText(within(dialog).getByRole('status').textContent ?? '')).toMatch(/rejected.*Margin exceeds funds/));
    expect(within(dialog).getByRole('button', { name: 'Done' })).toBeTruthy();
  });
});
