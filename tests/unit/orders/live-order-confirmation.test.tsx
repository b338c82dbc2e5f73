// The first live order of the day on an account asks a confirmation naming it (issue 22): once per account
// per IST day, never on paper, not again after a reload, and a cancel sends nothing (MSW sees every request).
import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { IntlProvider } from 'react-intl';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { components } from '@openapi/main';
import { OrderTicket, type TicketInstrument } from '@/features/orders/components/order-ticket';
import { PositionActions } from '@/features/orders/components/position-actions';
import { frMessages } from '@/i18n/locales/fr/index';
import { configureApiClients } from '@/lib/api/clients';
import { clearStoredValues } from '@/lib/persist/idb-storage';
import { userDataAtom } from '@/lib/session/user-profile-atoms';
import { store } from '@/lib/store';
import { plainText } from '../support/plain-text.ts';

type Schemas = components['schemas'];
const API = 'http://api.test';
const MORNING = '2026-11-24T04:00:00Z';

const paper = { id: 11, broker: 'paper', name: 'Main paper account', account_number: 'PA1234' };
const swing = { id: 12, broker: 'kite', name: 'Swing', account_number: 'ZX9876' };
const other = { id: 13, broker: 'kite', name: 'Other live', account_number: 'AB1234' };

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

/** Every request that left, by path: a cancelled confirmation must leave none that places an order. */
let requests: string[] = [];
const placing = () => requests.filter((path) => !path.endsWith('/margins/orders/'));

const answer = (account_number: string): Schemas['Order'] => ({
  order_id: `O${requests.length}`,
  exchange_order_id: 'X1',
  account_number,
  portfolio_id: null,
  tradingsymbol: instrument.tradingsymbol,
  exchange: 'NFO',
  transaction_type: 'BUY',
  order_type: 'MARKET',
  product: 'MIS',
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
  order_timestamp: MORNING,
  exchange_timestamp: null,
  modifications: 0,
});

const placed = async ({ request }: { request: Request }) => {
  const body = (await request.json()) as { account_number: string };
  return HttpResponse.json({ message: 'placed', orders: [answer(body.account_number)] } satisfies Schemas['OrdersResponse']);
};

const server = setupServer(
  http.post(`${API}/api/order-book/margins/orders/`, () =>
    HttpResponse.json({ margins: { required: 7832.5, available: 500000, margin: 0, premium: 7832.5, charges: 12.4, margin_released: 0, standalone: { required: 0, margin: 0, hedge_benefit: 0 }, charge_breakdown: { brokerage: 0, brokerage_status: 'priced', stt: 0, exchange: 2.78, sebi: 0.01, stamp_duty: 0.23, gst: 0.5, call_and_trade: 0 } } } satisfies Schemas['OrderMarginsResponse']),
  ),
  http.post(`${API}/api/order-book/order-book/execute_order/`, placed),
  http.post(`${API}/api/order-book/order-book/place_slorder/`, placed),
);

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  server.events.on('request:start', ({ request }) => requests.push(new URL(request.url).pathname));
});
beforeEach(async () => {
  requests = [];
  // Only the clock's date is faked: user-event and the quote's age tick on real timers.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(MORNING));
  configureApiClients({ apiBaseUrl: API, analyticsUrl: `${API}/analytics`, analyticsAnonKey: 'k' });
  store.set(userDataAtom, { id: 5, email: 'a@b.in', name: 'A', mobile: '9876543210', trade_defaults: { product: 'MIS', order_type: 'MARKET', lots: 1, index: 'NIFTY', confirm_before_order: false } });
  await clearStoredValues();
});
afterEach(() => {
  server.resetHandlers();
  vi.useRealTimers();
});
afterAll(() => server.close());

function renderTicket(account: typeof paper, locale: 'en' | 'fr' = 'en') {
  return render(
    <IntlProvider locale={locale} defaultLocale="en" messages={locale === 'fr' ? frMessages : undefined}>
      <OrderTicket
        instrument={instrument}
        quote={{ last_price: 120.5, bid: 120.45, ask: 120.55, timestamp: new Date().toISOString() }}
        account={account}
        portfolioId={null}
        sessionOpen
        defaults={{ product: 'MIS', order_type: 'MARKET', lots: 1, confirm_before_order: false }}
        initialSide="BUY"
      />
    </IntlProvider>,
  );
}

const submit = (text: string) => userEvent.click(screen.getByRole('button', { name: (name) => plainText(name) === text }));
const buy = () => submit('Buy 65');
const question = () => screen.queryByRole('alertdialog');

async function answerQuestion(choice: 'Cancel' | 'Send with real money') {
  await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: choice }));
  await waitFor(() => expect(question()).toBeNull());
}

describe('the order ticket', () => {
  it('names a paper account with the Paper badge and sends at once, never asking', async () => {
    renderTicket(paper);
    const ticket = screen.getByTestId('order-ticket');
    expect(within(ticket).getByText('Paper')).toBeTruthy();
    expect(within(ticket).queryByText('Live')).toBeNull();
    expect(within(ticket).getByText('Account: Main paper account (PA1234)', { normalizer: plainText })).toBeTruthy();
    await buy();
    await waitFor(() => expect(placing()).toEqual(['/api/order-book/order-book/execute_order/']));
    expect(question()).toBeNull();
  });

  it('asks before the first live order of the day, naming the account; a cancel sends nothing', async () => {
    renderTicket(swing);
    const ticket = screen.getByTestId('order-ticket');
    expect(within(ticket).getByText('Live')).toBeTruthy();
    expect(within(ticket).queryByText('Paper')).toBeNull();

    await buy();
    const dialog = await screen.findByRole('alertdialog', { name: /First live order today/ });
    expect(plainText(dialog.textContent ?? '')).toContain('First live order today on “Swing”');
    expect(plainText(dialog.textContent ?? '')).toContain('Real money is at stake: this order goes to the broker for Swing, Zerodha client ID ZX9876.');
    // Focus starts on the safe choice.
    expect(document.activeElement?.textContent).toBe('Cancel');
    await answerQuestion('Cancel');
    expect(placing()).toEqual([]);

    // Cancelled is not confirmed: the next try asks again; confirmed, it is sent once.
    await buy();
    await answerQuestion('Send with real money');
    await waitFor(() => expect(placing()).toEqual(['/api/order-book/order-book/execute_order/']));

    // Later live orders on that account today go without asking.
    await buy();
    await waitFor(() => expect(placing()).toHaveLength(2));
    expect(question()).toBeNull();
  });

  it('does not ask again after a reload, but asks for another account, another user and the next IST day', async () => {
    const first = renderTicket(swing);
    await buy();
    await answerQuestion('Send with real money');
    await waitFor(() => expect(placing()).toHaveLength(1));
    first.unmount();

    // A reload: a new ticket, the confirmation read back from IndexedDB.
    const reloaded = renderTicket(swing);
    await buy();
    await waitFor(() => expect(placing()).toHaveLength(2));
    expect(question()).toBeNull();
    reloaded.unmount();

    const another = renderTicket(other);
    await buy();
    expect(within(await screen.findByRole('alertdialog')).getByText(/Zerodha client ID .AB1234./)).toBeTruthy();
    await answerQuestion('Cancel');
    another.unmount();

    store.set(userDataAtom, { ...store.get(userDataAtom)!, id: 6 });
    const otherUser = renderTicket(swing);
    await buy();
    await answerQuestion('Cancel');
    otherUser.unmount();
    store.set(userDataAtom, { ...store.get(userDataAtom)!, id: 5 });

    // 00:01 IST the next day (18:31 UTC): a new trading day asks again.
    vi.setSystemTime(new Date('2026-11-24T18:31:00Z'));
    renderTicket(swing);
    await buy();
    await answerQuestion('Cancel');
    expect(placing()).toHaveLength(2);
  });

  it('speaks French: Réel on the ticket and in the question', async () => {
    renderTicket(swing, 'fr');
    expect(within(screen.getByTestId('order-ticket')).getByText('Réel')).toBeTruthy();
    await submit('Acheter 65');
    const dialog = await screen.findByRole('alertdialog');
    expect(plainText(dialog.textContent ?? '')).toContain('identifiant client Zerodha ZX9876');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    expect(placing()).toEqual([]);
  });
});

describe('a position row', () => {
  const position: Schemas['Position'] = {
    tradingsymbol: instrument.tradingsymbol,
    exchange: 'NFO',
    product: 'MIS',
    quantity: -65,
    overnight_quantity: 0,
    average_price: 120,
    last_price: 118,
    close_price: 121,
    pnl: 130,
    realised: 0,
    unrealised: 130,
    charges: 20,
    charges_status: 'priced',
    net_pnl: 110,
    lot_size: 65,
    expiry: '2026-12-01',
    m2m: 130,
    buy_quantity: 0,
    buy_price: 0,
    buy_value: 0,
    sell_quantity: 65,
    sell_price: 120,
    sell_value: 7800,
    day_buy_quantity: 0,
    day_sell_quantity: 65,
    portfolio_id: null,
    priced: true,
  };

  function renderRow(account: typeof paper) {
    render(
      <IntlProvider locale="en" defaultLocale="en">
        <PositionActions account={account} disabled={false} onDone={() => undefined} orders={null} position={position} />
      </IntlProvider>,
    );
  }

  it('asks before squaring off on a live account, and sends nothing on cancel', async () => {
    renderRow(swing);
    await userEvent.click(screen.getByRole('button', { name: 'Square off' }));
    const squareOff = await screen.findByRole('alertdialog', { name: /^Square off \W?NIFTY 01 Dec 26000 CE\W?\?$/ });
    expect(within(squareOff).getByText('Live')).toBeTruthy();
    await userEvent.click(within(squareOff).getByRole('button', { name: 'Square off' }));
    const live = await screen.findByRole('alertdialog', { name: /First live order today/ });
    await userEvent.click(within(live).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog', { name: /First live order today/ })).toBeNull());
    expect(placing()).toEqual([]);
    // The square-off question stays, and confirming the live question then sends it.
    await userEvent.click(within(squareOff).getByRole('button', { name: 'Square off' }));
    await answerLive();
    await waitFor(() => expect(placing()).toEqual(['/api/order-book/order-book/execute_order/']));
  });

  it('asks before a stop-loss on a live account; a paper account places it at once', async () => {
    renderRow(swing);
    await userEvent.click(screen.getByRole('button', { name: 'Stop-loss' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Place' }));
    await answerLive();
    await waitFor(() => expect(placing()).toEqual(['/api/order-book/order-book/place_slorder/']));
  });

  it('places a paper stop-loss without asking', async () => {
    renderRow(paper);
    await userEvent.click(screen.getByRole('button', { name: 'Stop-loss' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Paper')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Place' }));
    await waitFor(() => expect(placing()).toEqual(['/api/order-book/order-book/place_slorder/']));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});

async function answerLive() {
  const live = await screen.findByRole('alertdialog', { name: /First live order today/ });
  await userEvent.click(within(live).getByRole('button', { name: 'Send with real money' }));
}
