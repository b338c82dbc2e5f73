// Honest when the network lies (issue 24). The ticket refuses to trade while the server does not answer,
// though the browser says online, and on a price that is not live, each time with the reason and without any
// "place it anyway". An order whose answer was lost ends in its final state by itself once the server answers
// again: the order book is read for its key, nothing is sent twice. HTTP is MSW; an unexpected request fails.
import { act, render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { IntlProvider } from 'react-intl';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { components } from '@openapi/main';
import { OrderTicket, type TicketInstrument } from '@/features/orders/components/order-ticket';
import { startSettlingUnknownIntents } from '@/features/orders/model/settle-unknown-intents';
import { frMessages } from '@/i18n/locales/fr/index';
import { configureApiClients } from '@/lib/api/clients';
import { networkStateAtom, reportNetwork } from '@/lib/network/network-atom';
import { store } from '@/lib/store';
import { plainText } from '../support/plain-text';
import { capabilitiesOf } from '../support/broker-capabilities.ts';

type Schemas = components['schemas'];
type BrokerCapabilities = Schemas['BrokerCapabilities'];
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

const filled = (tag: string): Schemas['Order'] => ({
  order_id: 'O1',
  exchange_order_id: 'X1',
  account_number: 'PA1234',
  portfolio_id: null,
  tradingsymbol: instrument.tradingsymbol,
  exchange: 'NFO',
  transaction_type: 'BUY',
  order_type: 'LIMIT',
  product: 'NRML',
  variety: 'regular',
  validity: 'DAY',
  quantity: 65,
  price: 120,
  trigger_price: 0,
  average_price: 120,
  filled_quantity: 65,
  pending_quantity: 0,
  cancelled_quantity: 0,
  status: 'COMPLETE',
  status_message: null,
  status_message_i18n: null,
  tag,
  order_timestamp: '2026-11-24T04:00:00Z',
  exchange_timestamp: null,
  modifications: 0,
});

/** What the fake network does: everything fails (dead Wi-Fi) or the server answers. */
let dead = false;
let placedKeys: string[] = [];
let bookReads = 0;
const server = setupServer(
  http.get(`${API}/api/health/`, () => (dead ? HttpResponse.error() : HttpResponse.json({ status: 'ok' }))),
  http.post(`${API}/api/order-book/margins/orders/`, () =>
    dead
      ? HttpResponse.error()
      : HttpResponse.json({ margins: { required: 7800, available: 500000, margin: 0, premium: 7800, charges: 12, margin_released: 0, standalone: { required: 0, margin: 0, hedge_benefit: 0 }, charge_breakdown: { brokerage: 0, brokerage_status: 'priced', stt: 0, exchange: 2, sebi: 0, stamp_duty: 0, gst: 0, call_and_trade: 0 } } } satisfies Schemas['OrderMarginsResponse']),
  ),
  // The broker places the order, but its answer never reaches the phone: the network died on the way back.
  http.post(`${API}/api/order-book/order-book/execute_order/`, ({ request }) => {
    placedKeys.push(request.headers.get('idempotency-key') ?? '');
    dead = true;
    return HttpResponse.error();
  }),
  http.get(`${API}/api/order-book/order-book/PA1234`, () => {
    bookReads += 1;
    return dead ? HttpResponse.error() : HttpResponse.json({ order_book: placedKeys.map(filled), trades: [], status: 'OK', as_of: '2026-11-24T04:00:05Z' } satisfies Schemas['OrderBookResponse']);
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  configureApiClients({ apiBaseUrl: API, analyticsUrl: `${API}/analytics`, analyticsAnonKey: 'k' });
  dead = false;
  placedKeys = [];
  bookReads = 0;
  reportNetwork({ type: 'browser-online', at: Date.now() });
  reportNetwork({ type: 'answered', at: Date.now() });
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function renderTicket({
  locale = 'en',
  quoteAgeMs = 0,
  afterMarket = null,
  feedHeardAgoMs = null,
  broker = 'paper',
  capabilities = capabilitiesOf(broker),
}: { locale?: 'en' | 'fr'; quoteAgeMs?: number; afterMarket?: { nextOpen: string | null } | null; feedHeardAgoMs?: number | null; broker?: string; capabilities?: BrokerCapabilities | null } = {}) {
  return render(
    <IntlProvider locale={locale} defaultLocale="en" messages={locale === 'fr' ? frMessages : {}}>
      <OrderTicket
        instrument={instrument}
        quote={{ last_price: 120, bid: 119.95, ask: 120.05, timestamp: new Date(Date.now() - quoteAgeMs).toISOString() }}
        account={{ id: 1, name: 'Paper', account_number: 'PA1234', broker }}
        capabilities={capabilities}
        portfolioId={null}
        sessionOpen
        defaults={{ product: 'NRML', order_type: 'LIMIT', lots: 1, confirm_before_order: false }}
        initialSide="BUY"
        afterMarket={afterMarket}
        feedHeardAt={feedHeardAgoMs === null ? null : Date.now() - feedHeardAgoMs}
      />
    </IntlProvider>,
  );
}

const submit = () => screen.getAllByRole('button', { name: /^(Buy|Acheter)/ }).find((button) => button.getAttribute('type') === 'submit') as HTMLButtonElement;

describe('the ticket while the server does not answer', () => {
  it('is disabled with the reason and since when, though the browser says online (en and fr)', async () => {
    expect(navigator.onLine).toBe(true);
    for (const locale of ['en', 'fr'] as const) {
      const view = renderTicket({ locale });
      await waitFor(() => expect(submit().disabled).toBe(false));
      act(() => reportNetwork({ type: 'failed', at: Date.now() }));
      expect(submit().disabled).toBe(true);
      const reason = locale === 'en' ? /^No answer from the server since .* IST: trading is disabled until it answers again\.$/ : /^Aucune réponse du serveur depuis .* IST : le trading est désactivé/;
      expect(screen.getAllByRole('status').some((status) => reason.test(plainText(status.textContent)))).toBe(true);
      view.unmount();
      act(() => reportNetwork({ type: 'answered', at: Date.now() }));
    }
  });

  it('is enabled again by itself when the health probe gets an answer', async () => {
    dead = true;
    renderTicket();
    act(() => reportNetwork({ type: 'failed', at: Date.now() }));
    expect(submit().disabled).toBe(true);
    dead = false;
    await waitFor(() => expect(store.get(networkStateAtom).kind).toBe('reachable'), { timeout: 5000 });
    await waitFor(() => expect(submit().disabled).toBe(false));
  });
});

describe('the ticket on a price that is not live', () => {
  it('refuses it with its age, and offers no "place the order anyway" (en and fr)', async () => {
    const view = renderTicket({ quoteAgeMs: 20_000 });
    expect(submit().disabled).toBe(true);
    expect(plainText(screen.getByTestId('stale-price').textContent)).toBe('The last price is 20 s old: the order waits for a live price.');
    // No override: the ticket has no checkbox at all (the spoken price is a setting).
    expect(screen.queryAllByRole('checkbox')).toEqual([]);
    expect(screen.queryByText(/anyway/i)).toBeNull();
    view.unmount();
    renderTicket({ locale: 'fr', quoteAgeMs: 20_000 });
    expect(plainText(screen.getByTestId('stale-price').textContent)).toBe('Le dernier prix date de 20 s : l’ordre attend un prix en direct.');
    expect(submit().disabled).toBe(true);
  });

  it('is refused while the feed is silent too, and sent while the feed says its prices are current (a quiet contract)', async () => {
    // Nothing from the feed for as long: the price is not live.
    const silent = renderTicket({ quoteAgeMs: 20_000, feedHeardAgoMs: 20_000 });
    expect(submit().disabled).toBe(true);
    expect(screen.getByTestId('stale-price')).toBeTruthy();
    silent.unmount();
    // The broker's feed spoke a second ago (a price of another contract, or its keep-alive): nobody traded this
    // one for 20 s, and its last price is still the market's, as on Kite.
    renderTicket({ quoteAgeMs: 20_000, feedHeardAgoMs: 1000 });
    await waitFor(() => expect(submit().disabled).toBe(false));
    expect(screen.queryByTestId('stale-price')).toBeNull();
  });
});

describe('the ticket while the market is closed', () => {
  // Friday's last price, three hours old at 19:00 IST; the next open is Monday 09:15 IST.
  const closed = { quoteAgeMs: 3 * 3600_000, afterMarket: { nextOpen: '2026-11-23T03:45:00.000Z' } };

  it('sends the order as an after-market order at the next open, saying so, on a price that is the last close (en and fr)', async () => {
    const view = renderTicket(closed);
    await waitFor(() => expect(submit().disabled).toBe(false));
    expect(plainText(submit().textContent)).toBe('Buy 65 as AMO');
    expect(plainText(screen.getByTestId('after-market-notice').textContent)).toBe(
      'Market closed: this order goes as an after-market order (AMO). The broker holds it and sends it to the exchange at the next open, Mon, 23 Nov, 09:15 IST; the price shown is the last close.',
    );
    expect(screen.queryByTestId('stale-price')).toBeNull();
    view.unmount();
    renderTicket({ ...closed, locale: 'fr' });
    await waitFor(() => expect(submit().disabled).toBe(false));
    expect(plainText(submit().textContent)).toBe('Acheter 65 en AMO');
    expect(plainText(screen.getByTestId('after-market-notice').textContent)).toMatch(/^Marché fermé : cet ordre part en ordre hors séance \(AMO\)\..*lun\. 23 nov\., 09:15 IST/);
  });

  it('is still disabled with the reason when the server does not answer', async () => {
    renderTicket(closed);
    await waitFor(() => expect(submit().disabled).toBe(false));
    act(() => reportNetwork({ type: 'failed', at: Date.now() }));
    expect(submit().disabled).toBe(true);
    expect(screen.queryByTestId('after-market-notice')).toBeNull();
    expect(screen.getAllByRole('status').some((status) => /^No answer from the server since .* IST: trading is disabled/.test(plainText(status.textContent)))).toBe(true);
  });
});

describe('the ticket of a Dhan, Shoonya or Flattrade account while the market is closed', () => {
  const closed = { quoteAgeMs: 3 * 3600_000, afterMarket: { nextOpen: '2026-11-23T03:45:00.000Z' } };

  it.each(['dhan', 'shoonya', 'flattrade'])('on %s, sends nothing until the trader ticks "After market order", then sends the choice (en and fr)', async (broker) => {
    let sent: Record<string, unknown> | null = null;
    server.use(
      http.post(`${API}/api/order-book/order-book/execute_order/`, async ({ request }) => {
        sent = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ message: '1 order placed', orders: [{ ...filled('amo'), status: 'OPEN', variety: 'amo', exchange_order_id: null, filled_quantity: 0, pending_quantity: 65 }] } satisfies Schemas['OrdersResponse']);
      }),
    );
    const view = renderTicket({ ...closed, broker });
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'After market order (AMO)' })).toBeTruthy());
    expect(submit().disabled).toBe(true);
    expect(plainText(submit().textContent)).toBe('Buy 65');
    expect(screen.queryByTestId('after-market-notice')).toBeNull();
    expect(screen.getAllByRole('status').some((status) => plainText(status.textContent).startsWith('The market is closed: tick “After market order (AMO)”'))).toBe(true);
    await userEvent.click(screen.getByRole('checkbox', { name: 'After market order (AMO)' }));
    await waitFor(() => expect(submit().disabled).toBe(false));
    expect(plainText(submit().textContent)).toBe('Buy 65 as AMO');
    expect(screen.getByTestId('after-market-notice')).toBeTruthy();
    await userEvent.click(submit());
    // The day's first live order on the account asks once before it goes (the first broker's run only).
    const firstToday = await screen.findByRole('button', { name: 'Send with real money' }, { timeout: 500 }).catch(() => null);
    if (firstToday !== null) await userEvent.click(firstToday);
    await waitFor(() => expect(sent).toMatchObject({ action: 'open', account_number: 'PA1234', after_market: true }));
    // Dhan sends the AMO's time, the open unless chosen otherwise; the Noren brokers take none.
    if (broker === 'dhan') expect(sent).toMatchObject({ after_market_time: 'OPEN' });
    else expect(sent).not.toHaveProperty('after_market_time');
    view.unmount();

    renderTicket({ ...closed, broker, locale: 'fr' });
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Ordre hors séance (AMO)' })).toBeTruthy());
    expect(submit().disabled).toBe(true);
    expect(screen.getAllByRole('status').some((status) => plainText(status.textContent).startsWith('Le marché est fermé : cochez « Ordre hors séance (AMO) »'))).toBe(true);
  });

  it('on Dhan, offers the AMO time once the AMO is ticked, and sends the time chosen (en and fr)', async () => {
    let sent: Record<string, unknown> | null = null;
    server.use(
      http.post(`${API}/api/order-book/order-book/execute_order/`, async ({ request }) => {
        sent = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ message: '1 order placed', orders: [{ ...filled('amo'), status: 'OPEN', variety: 'amo', exchange_order_id: null, filled_quantity: 0, pending_quantity: 65 }] } satisfies Schemas['OrdersResponse']);
      }),
    );
    const view = renderTicket({ ...closed, broker: 'dhan' });
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'After market order (AMO)' })).toBeTruthy());
    expect(screen.queryByRole('combobox', { name: 'AMO time' })).toBeNull();
    await userEvent.click(screen.getByRole('checkbox', { name: 'After market order (AMO)' }));
    const time = (await screen.findByRole('combobox', { name: 'AMO time' })) as HTMLSelectElement;
    expect(time.value).toBe('OPEN');
    expect([...time.options].map((option) => [option.value, option.textContent])).toEqual([
      ['PRE_OPEN', 'At the pre-open'],
      ['OPEN', 'At the open'],
      ['OPEN_30', '30 minutes after the open'],
      ['OPEN_60', '60 minutes after the open'],
    ]);
    expect(screen.getByText('When Dhan sends the order to the exchange on the next trading day.')).toBeTruthy();
    await userEvent.selectOptions(time, 'OPEN_30');
    await waitFor(() => expect(submit().disabled).toBe(false));
    await userEvent.click(submit());
    const firstToday = await screen.findByRole('button', { name: 'Send with real money' }, { timeout: 500 }).catch(() => null);
    if (firstToday !== null) await userEvent.click(firstToday);
    await waitFor(() => expect(sent).toMatchObject({ action: 'open', after_market: true, after_market_time: 'OPEN_30' }));
    view.unmount();

    renderTicket({ ...closed, broker: 'dhan', locale: 'fr' });
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Ordre hors séance (AMO)' }));
    const heure = (await screen.findByRole('combobox', { name: 'Moment de l’AMO' })) as HTMLSelectElement;
    expect([...heure.options].map((option) => option.textContent)).toEqual(['À la pré-ouverture', 'À l’ouverture', '30 minutes après l’ouverture', '60 minutes après l’ouverture']);
  });

  it('on Kite, sends as an AMO with no choice to make, as before', async () => {
    renderTicket({ ...closed, broker: 'kite' });
    await waitFor(() => expect(submit().disabled).toBe(false));
    expect(plainText(submit().textContent)).toBe('Buy 65 as AMO');
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it('asks what the brokers list says the broker takes, whatever its name', async () => {
    // A Dhan whose server took only the open: that one time is offered.
    const view = renderTicket({ ...closed, broker: 'dhan', capabilities: { ...capabilitiesOf('dhan'), after_market_times: ['OPEN'] } });
    await userEvent.click(await screen.findByRole('checkbox', { name: 'After market order (AMO)' }));
    const time = (await screen.findByRole('combobox', { name: 'AMO time' })) as HTMLSelectElement;
    expect([...time.options].map((option) => option.value)).toEqual(['OPEN']);
    view.unmount();
    // A broker the app has no word of, whose server says the AMO is the trader's choice: the ticket asks.
    const other = renderTicket({ ...closed, broker: 'zebu', capabilities: capabilitiesOf('shoonya') });
    expect(await screen.findByRole('checkbox', { name: 'After market order (AMO)' })).toBeTruthy();
    other.unmount();
    // The list not read yet: nothing asked (the server refuses an unchosen AMO; it never sends one unasked).
    renderTicket({ ...closed, broker: 'dhan', capabilities: null });
    await waitFor(() => expect(submit().disabled).toBe(false));
    expect(screen.queryByRole('checkbox')).toBeNull();
  });
});

describe('an order whose answer was lost', () => {
  it('shows "outcome unknown" while nothing answers, then its final state from the order book with no action, sent once', async () => {
    const settled = vi.fn();
    const stop = startSettlingUnknownIntents(settled);
    try {
      renderTicket();
      await waitFor(() => expect(submit().disabled).toBe(false));
      await userEvent.click(submit());
      // The answer and every read of the book fail: the trader is told the outcome is unknown.
      await screen.findByText(/The outcome is unknown/, undefined, { timeout: 12_000 });
      expect(settled).not.toHaveBeenCalled();
      const readsWhileDead = bookReads;

      // The network comes back: the probe gets an answer, the book is read by itself and the outcome is final.
      dead = false;
      const final = await screen.findByText((_, element) => element?.tagName === 'LI' && /filled at/.test(plainText(element.textContent)), undefined, { timeout: 6000 });
      expect(plainText(final.textContent)).toBe('Buy 65 NIFTY 01 Dec 26000 CE: filled at ₹120.00');
      expect(screen.queryByText(/The outcome is unknown/)).toBeNull();
      expect(bookReads).toBeGreaterThan(readsWhileDead);
      expect(settled).toHaveBeenCalledTimes(1);
      expect(settled.mock.calls[0]![1]).toMatchObject({ kind: 'found' });
      // One intent, one key, one request: the order was never sent again.
      expect(placedKeys).toHaveLength(1);
    } finally {
      stop();
    }
  }, 25_000);
});
