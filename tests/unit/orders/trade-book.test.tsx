// The trade book beside the order book: every fill with its time, price, quantity and charges, as cards on
// a phone and a table on a wide screen, in English and French; and the Modify dialog in lots, whose count of
// modifications follows each answer. HTTP is MSW; an unexpected request fails the test.
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { IntlProvider } from 'react-intl';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Order, OrderBook, Trade } from '@/features/orders/api/trading-types';
import { OrderAndTradeBook } from '@/features/orders/components/order-and-trade-book';
import { frMessages } from '@/i18n/locales/fr/index';
import { configureApiClients } from '@/lib/api/clients';
import { plainText } from '../support/plain-text';

const API = 'http://api.test';
let modifyBodies: Array<Record<string, unknown>> = [];
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  modifyBodies = [];
  configureApiClients({ apiBaseUrl: API, analyticsUrl: `${API}/analytics`, analyticsAnonKey: 'k' });
  // The order book is virtualised: give its scroller a height so jsdom renders its rows.
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1280);
});
afterEach(() => {
  server.resetHandlers();
  vi.restoreAllMocks();
});
afterAll(() => server.close());

const order: Order = {
  order_id: '261120000000002',
  exchange_order_id: null,
  account_number: 'PA1234',
  portfolio_id: null,
  tradingsymbol: 'NIFTY26D0126000CE',
  instrument_token: 12000001,
  exchange: 'NFO',
  transaction_type: 'SELL',
  order_type: 'LIMIT',
  product: 'NRML',
  variety: 'regular',
  validity: 'DAY',
  quantity: 130,
  price: 140,
  trigger_price: 0,
  average_price: 0,
  filled_quantity: 0,
  pending_quantity: 130,
  cancelled_quantity: 0,
  status: 'OPEN',
  status_message: null,
  status_message_i18n: null,
  tag: null,
  order_timestamp: '2026-11-20T04:30:00.000Z',
  exchange_timestamp: null,
  modifications: 3,
  lot_size: 65,
};
const trade = (id: string, side: Trade['transaction_type'], price: number, charges: number | null, at: string, callAndTrade: number | null = 0): Trade => ({
  trade_id: id,
  order_id: `26112000000000${id}`,
  account_number: 'PA1234',
  portfolio_id: null,
  tradingsymbol: 'NIFTY26D0126000CE',
  exchange: 'NFO',
  product: 'MIS',
  transaction_type: side,
  quantity: 65,
  average_price: price,
  fill_timestamp: at,
  charges,
  call_and_trade: callAndTrade,
});
const book: OrderBook = {
  order_book: [order],
  trades: [trade('2', 'SELL', 110.05, 37.34, '2026-11-20T05:15:07.000Z'), trade('1', 'BUY', 100, 26.54, '2026-11-20T04:00:03.000Z')],
  status: 'OK',
  as_of: '2026-11-20T05:16:00.000Z',
};

function renderBook({ locale = 'en', phone = false, shown = book }: { locale?: 'en' | 'fr'; phone?: boolean; shown?: OrderBook } = {}) {
  return render(
    <IntlProvider locale={locale} defaultLocale="en" messages={locale === 'fr' ? frMessages : {}}>
      <OrderAndTradeBook book={shown} accountNumber="PA1234" tradingDisabled={false} phone={phone} onChanged={() => undefined} />
    </IntlProvider>,
  );
}

const tab = (name: RegExp) => screen.getByRole('tab', { name });

describe('the trade book', () => {
  it('lists every fill on a wide screen with time, price, quantity and charges, and their total', async () => {
    renderBook();
    await userEvent.click(tab(/^Trades \(\u2068?2\u2069?\)$/));
    const table = screen.getByRole('table', { name: 'Trades' });
    const rows = within(table).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').map((cell) => plainText(cell.textContent ?? '')));
    expect(rows).toEqual([
      ['10:45:07', 'NIFTY 01 Dec 26000 CE', 'Sell', 'Intraday (MIS)', '65', '110.05', '₹37.34', '261120000000002'],
      ['09:30:03', 'NIFTY 01 Dec 26000 CE', 'Buy', 'Intraday (MIS)', '65', '100.00', '₹26.54', '261120000000001'],
    ]);
    expect(plainText(screen.getByTestId('trades-total').textContent ?? '')).toBe('2 fills · charges ₹63.88');
  });

  it('shows cards on a phone, in French', async () => {
    renderBook({ locale: 'fr', phone: true });
    await userEvent.click(tab(/^Exécutions \(\u2068?2\u2069?\)$/));
    const cards = within(screen.getByRole('list', { name: 'Exécutions' })).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const text = plainText(cards[0]!.textContent ?? '');
    expect(text).toContain('Vendre 65 à 110,05');
    expect(text).toContain('Frais 37,34');
    expect(text).toContain('10:45:07');
  });

  it("lists the broker's square-off charge (call & trade) as its own line of the fill's charges and of the total, en and fr", async () => {
    const squaredOff = { ...book, trades: [trade('4', 'SELL', 95, 88.41, '2026-11-20T09:55:00.000Z', 50), ...book.trades] };
    renderBook({ shown: squaredOff });
    await userEvent.click(tab(/^Trades \(\u2068?3\u2069?\)$/));
    const cells = screen.getByRole('table', { name: 'Trades' }).querySelectorAll('[data-field="call-and-trade"]');
    expect([...cells].map((cell) => plainText(cell.textContent ?? ''))).toEqual(['incl. call & trade ₹50.00']);
    expect(plainText(screen.getByTestId('trades-total').textContent ?? '')).toBe('3 fills · charges ₹152.29, incl. call & trade ₹50.00');
    cleanup();
    renderBook({ locale: 'fr', phone: true, shown: squaredOff });
    await userEvent.click(tab(/^Exécutions \(\u2068?3\u2069?\)$/));
    const card = within(screen.getByRole('list', { name: 'Exécutions' })).getAllByRole('listitem')[0]!;
    expect(plainText(card.querySelector('[data-field="call-and-trade"]')?.textContent ?? '')).toBe('dont call & trade 50,00 ₹');
  });

  it('says a Flattrade fill’s charges leave the brokerage out, not priced, on the fill and the total, en and fr', async () => {
    const flattrade = { ...book, trades: [{ ...trade('5', 'SELL', 100, 9.2, '2026-11-20T05:00:00.000Z'), brokerage_status: 'not_priced' as const }] };
    renderBook({ shown: flattrade });
    await userEvent.click(tab(/^Trades \(\u2068?1\u2069?\)$/));
    const cell = screen.getByRole('table', { name: 'Trades' }).querySelector('[data-field="charges"]')!;
    expect(plainText(cell.textContent ?? '')).toBe('₹9.20excl. brokerage (not priced)');
    expect(plainText(screen.getByTestId('trades-total').textContent ?? '')).toBe('1 fill · charges ₹9.20excl. brokerage (not priced)');
    cleanup();
    renderBook({ locale: 'fr', phone: true, shown: flattrade });
    await userEvent.click(tab(/^Exécutions \(\u2068?1\u2069?\)$/));
    const card = within(screen.getByRole('list', { name: 'Exécutions' })).getAllByRole('listitem')[0]!;
    expect(plainText(card.querySelector('[data-field="brokerage-not-priced"]')?.textContent ?? '')).toBe('hors courtage (non chiffré)');
  });

  it('says a live fill’s charges are not known yet rather than zero', async () => {
    renderBook({ shown: { ...book, trades: [trade('3', 'BUY', 90, null, '2026-11-20T04:00:03.000Z')] } });
    await userEvent.click(tab(/^Trades \(\u2068?1\u2069?\)$/));
    const cell = screen.getByRole('table', { name: 'Trades' }).querySelector('[data-field="charges"]')!;
    expect(cell.textContent).toBe('\u2014');
    expect(cell.getAttribute('title')).toBe('Known once the order is complete');
  });
});

describe('the Modify dialog', () => {
  it('takes lots like the ticket, closes once modified, and counts the modifications the book reports', async () => {
    let modifications = order.modifications;
    server.use(
      http.post(`${API}/api/order-book/order-book/modify_order/`, async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        modifyBodies.push(body);
        modifications += 1;
        return HttpResponse.json({ message: 'Order modified', orders: [{ ...order, quantity: Number(body.quantity), price: Number(body.price), modifications }] });
      }),
    );
    const view = renderBook();
    await userEvent.click(await screen.findByRole('button', { name: 'Modify' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Modified 3 of 25 times allowed.', { normalizer: plainText })).toBeTruthy();
    const lots = within(dialog).getByLabelText('Lots') as HTMLInputElement;
    expect(lots.value).toBe('2');
    await userEvent.click(within(dialog).getByRole('button', { name: 'One lot more' }));
    expect(within(dialog).getByText(/Quantity 195 \(65 a lot\)/, { normalizer: plainText })).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Modify order' }));
    // Modified: the dialog closes itself (its notice is order-change-dialogs.test.tsx's).
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(modifyBodies[0]).toMatchObject({ quantity: 195, price: 140, order_type: 'LIMIT' });

    // The book read again: the next change starts from the order as modified, its count included.
    view.rerender(
      <IntlProvider locale="en" defaultLocale="en" messages={{}}>
        <OrderAndTradeBook book={{ ...book, order_book: [{ ...order, quantity: 195, modifications: 4 }] }} accountNumber="PA1234" tradingDisabled={false} phone={false} onChanged={() => undefined} />
      </IntlProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Modify' }));
    const again = await screen.findByRole('dialog');
    expect(within(again).getByText('Modified 4 of 25 times allowed.', { normalizer: plainText })).toBeTruthy();
    await userEvent.click(within(again).getByRole('button', { name: 'Price ₹0.05 lower' }));
    await userEvent.click(within(again).getByRole('button', { name: 'Modify order' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(modifyBodies[1]).toMatchObject({ quantity: 195, price: 139.95 });
  });

  it('refuses a price off the tick before sending', async () => {
    renderBook();
    await userEvent.click(await screen.findByRole('button', { name: 'Modify' }));
    const dialog = await screen.findByRole('dialog');
    const price = within(dialog).getByLabelText('Price (₹)');
    await userEvent.clear(price);
    await userEvent.type(price, '140.02');
    expect(within(dialog).getByText('Not ready to send: The price must be a multiple of ₹0.05.')).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: 'Modify order' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('the Cancel dialog', () => {
  it('asks before cancelling, with no Done that would read as if it had happened, and closes once cancelled', async () => {
    server.use(
      http.post(`${API}/api/order-book/order-book/cancel_order/`, () =>
        HttpResponse.json({ message: 'Cancelled', orders: [{ ...order, status: 'CANCELLED', pending_quantity: 0, cancelled_quantity: 130 }] }),
      ),
    );
    renderBook();
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('alertdialog', { name: /^Cancel the order for \W?NIFTY 01 Dec 26000 CE\W?\?$/ });
    // Before the answer: the way out beside the action, no "Done" that would read as if it had happened.
    expect(within(dialog).getAllByRole('button').map((button) => plainText(button.textContent ?? ''))).toEqual(expect.arrayContaining(['Keep it', 'Cancel order']));
    expect(within(dialog).queryByRole('button', { name: 'Done' })).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel order' }));

    // Cancelled: nothing is left to tap, the dialog closes itself (its notice is order-change-dialogs.test.tsx's).
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.queryByRole('button', { name: 'Done' })).toBeNull();
  });
});
