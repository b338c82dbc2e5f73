// "Trade all" against a mocked broker: one basket, hedges first, one key per intent; a basket where a
// sold leg is rejected after the wings filled is shown loudly, with the two ways out: retrying only the
// failed leg (a new intent, a new key) or squaring off what filled. Out of hours on Dhan, Shoonya or Flattrade the
// basket asks for the AMO as the order ticket does, and sends the choice (and Dhan's AMO time) on every leg.
import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { IntlProvider } from 'react-intl';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { components } from '@openapi/main';
import { BasketTrade } from '@/app/strategy-builder/basket-trade';
import { frMessages } from '@/i18n/locales/fr/index';
import { configureApiClients } from '@/lib/api/clients';
import { symbolName } from '@/lib/format/symbol-name';
import { clearStoredValues } from '@/lib/persist/idb-storage';
import { plainText } from '../../support/plain-text.ts';
import { ironCondor } from './strategy-fixtures';
import { capabilitiesOf } from '../../support/broker-capabilities.ts';

type Schemas = components['schemas'];
const API = 'http://api.test';

type Sent = { key: string | null; body: Schemas['PlaceTradesRequest'] | Schemas['SquareoffTradesRequest']; path: string };
let sent: Sent[] = [];
let rejectSymbol: string | null = null;

const filled = (request: Schemas['OrderRequest'], index: number): Schemas['Order'] => {
  const rejected = request.tradingsymbol === rejectSymbol;
  return {
    order_id: `O${sent.length}-${index}`,
    exchange_order_id: rejected ? null : `X${index}`,
    account_number: 'PA1',
    portfolio_id: 7,
    tradingsymbol: request.tradingsymbol,
    exchange: request.exchange,
    transaction_type: request.transaction_type,
    order_type: request.order_type,
    product: request.product,
    variety: 'regular',
    validity: 'DAY',
    quantity: request.quantity,
    price: 0,
    trigger_price: 0,
    average_price: rejected ? 0 : 20 + index,
    filled_quantity: rejected ? 0 : request.quantity,
    pending_quantity: 0,
    cancelled_quantity: 0,
    status: rejected ? 'REJECTED' : 'COMPLETE',
    status_message: rejected ? 'Insufficient funds: margin required exceeds available' : null,
    status_message_i18n: null,
    tag: 'k',
    order_timestamp: '2026-11-24T06:00:00Z',
    exchange_timestamp: null,
    modifications: 0,
  };
};

const server = setupServer(
  http.post(`${API}/api/order-book/order-book/place_trades/`, async ({ request }) => {
    const body = (await request.json()) as Schemas['PlaceTradesRequest'];
    sent.push({ key: request.headers.get('Idempotency-Key'), body, path: 'place_trades' });
    return HttpResponse.json({ message: 'placed', orders: body.orders.map(filled) } satisfies Schemas['OrdersResponse']);
  }),
  http.post(`${API}/api/order-book/order-book/squareoff_trades/`, async ({ request }) => {
    const body = (await request.json()) as Schemas['SquareoffTradesRequest'];
    sent.push({ key: request.headers.get('Idempotency-Key'), body, path: 'squareoff_trades' });
    return HttpResponse.json({ message: 'placed', orders: [] } satisfies Schemas['OrdersResponse']);
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  sent = [];
  rejectSymbol = null;
  configureApiClients({ apiBaseUrl: API, analyticsUrl: `${API}/analytics`, analyticsAnonKey: 'k' });
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const paperAccount = { id: 1, name: 'Main', account_number: 'PA1', broker: 'paper' };

function renderBasket(onFilled = vi.fn(), account = paperAccount) {
  const legs = ironCondor();
  const { unmount } = render(
    <IntlProvider locale="en-IN" defaultLocale="en-IN">
      <BasketTrade legs={legs} account={account} portfolioId={7} product="MIS" blocked={null} onFilled={onFilled} />
    </IntlProvider>,
  );
  return { legs, onFilled, unmount };
}

async function tradeAll() {
  await userEvent.click(screen.getByRole('button', { name: 'Trade all (4 legs)' }));
  await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Place the orders' }));
}

describe('Trade all', () => {
  it('names the account as paper, or live with the first live basket of the day confirmed first', async () => {
    await clearStoredValues();
    const { unmount } = renderBasket();
    expect(screen.getByText('Paper')).toBeTruthy();
    unmount();

    renderBasket(vi.fn(), { id: 2, name: 'Swing', account_number: 'ZX9876', broker: 'kite' });
    expect(screen.getByText('Live')).toBeTruthy();
    await tradeAll();
    const live = await screen.findByRole('alertdialog', { name: /First live order today/ });
    expect(live.textContent).toContain('ZX9876');
    await userEvent.click(within(live).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(sent).toEqual([]);

    await tradeAll();
    await userEvent.click(within(await screen.findByRole('alertdialog', { name: /First live order today/ })).getByRole('button', { name: 'Send with real money' }));
    await waitFor(() => expect(sent.map((item) => item.path)).toEqual(['place_trades']));
  });

  it('asks before exiting what filled on a live account when the day is not confirmed, inside the exit question', async () => {
    await clearStoredValues();
    const { legs } = renderBasket(vi.fn(), { id: 3, name: 'Swing', account_number: 'ZX9876', broker: 'kite' });
    rejectSymbol = legs.find((leg) => leg.side === 'SELL')?.tradingsymbol ?? null;
    await tradeAll();
    await userEvent.click(within(await screen.findByRole('alertdialog', { name: /First live order today/ })).getByRole('button', { name: 'Send with real money' }));
    const alert = await screen.findByRole('alert');
    // As if the day had turned since: the exit is a new day's first live order.
    await clearStoredValues();
    await userEvent.click(within(alert).getByRole('button', { name: 'Exit what filled' }));
    await userEvent.click(within(screen.getByRole('alertdialog', { name: 'Square off the filled legs?' })).getByRole('button', { name: 'Exit what filled' }));
    const live = await screen.findByRole('alertdialog', { name: /First live order today/ });
    await userEvent.click(within(live).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(sent.map((item) => item.path)).toEqual(['place_trades']);

    await userEvent.click(within(alert).getByRole('button', { name: 'Exit what filled' }));
    await userEvent.click(within(screen.getByRole('alertdialog', { name: 'Square off the filled legs?' })).getByRole('button', { name: 'Exit what filled' }));
    await userEvent.click(within(await screen.findByRole('alertdialog', { name: /First live order today/ })).getByRole('button', { name: 'Send with real money' }));
    await waitFor(() => expect(sent.map((item) => item.path)).toEqual(['place_trades', 'squareoff_trades']));
  });

  it('sends one basket, hedges first, for the portfolio, and shows every leg filled', async () => {
    const { legs, onFilled } = renderBasket();
    await tradeAll();
    await waitFor(() => expect(screen.getAllByTestId('basket-leg').map((leg) => leg.dataset.status)).toEqual(['filled', 'filled', 'filled', 'filled']));
    expect(sent).toHaveLength(1);
    const body = sent[0]?.body as Schemas['PlaceTradesRequest'];
    expect(body.portfolio_id).toBe(7);
    expect(body.orders.map((order) => order.transaction_type)).toEqual(['BUY', 'BUY', 'SELL', 'SELL']);
    expect(sent[0]?.key).toMatch(/^[A-Za-z0-9]{20}$/);
    // The builder is told each leg's fill, to price it there from now on.
    const fills = onFilled.mock.calls[0]?.[0] as Map<string, { order: { average_price: number } }>;
    expect([...fills.keys()].sort()).toEqual(legs.map((leg) => leg.id).sort());
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows a leg rejected after others filled loudly, and retries only that leg under a new key', async () => {
    const { legs } = renderBasket();
    const sold = legs.find((leg) => leg.side === 'SELL' && leg.kind === 'CE');
    rejectSymbol = sold?.tradingsymbol ?? null;
    await tradeAll();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Only part of the strategy was traded');
    // Named as the trader reads it (the ticket's words), not by its tradingsymbol.
    expect(screen.getByText(new RegExp(`${symbolName(sold?.tradingsymbol ?? '', 'en', sold?.expiry)}\\W?: failed — Insufficient funds`))).toBeTruthy();

    // Retry: only the failed leg, as a new intent.
    rejectSymbol = null;
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry the failed legs' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    const retry = sent[1]?.body as Schemas['PlaceTradesRequest'];
    expect(retry.orders.map((order) => order.tradingsymbol)).toEqual([sold?.tradingsymbol]);
    expect(sent[1]?.key).not.toBe(sent[0]?.key);
    await waitFor(() => expect(screen.getAllByTestId('basket-leg').every((leg) => leg.dataset.status === 'filled')).toBe(true));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('squares off only the filled legs when the trader chooses to exit', async () => {
    const { legs } = renderBasket();
    rejectSymbol = legs.find((leg) => leg.side === 'SELL')?.tradingsymbol ?? null;
    await tradeAll();
    const alert = await screen.findByRole('alert');
    await userEvent.click(within(alert).getByRole('button', { name: 'Exit what filled' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Exit what filled' }));
    await waitFor(() => expect(sent.map((item) => item.path)).toEqual(['place_trades', 'squareoff_trades']));
    const exit = sent[1]?.body as Schemas['SquareoffTradesRequest'];
    expect(exit.portfolio_id).toBe(7);
    expect(exit.positions.map((position) => position.tradingsymbol).sort()).toEqual(legs.filter((leg) => leg.tradingsymbol !== rejectSymbol).map((leg) => leg.tradingsymbol).sort());
    expect(await screen.findByText('The filled legs were sent to be squared off.')).toBeTruthy();
  });
});

describe('Trade all while the market is closed', () => {
  // Friday 19:00 IST: the server sends each leg as an after-market order (AMO) held until Monday 09:15 IST.
  const closed = { nextOpen: '2026-11-23T03:45:00.000Z' };
  const renderClosed = (locale: 'en-IN' | 'fr') =>
    render(
      <IntlProvider locale={locale} defaultLocale="en-IN" messages={locale === 'fr' ? frMessages : undefined}>
        <BasketTrade legs={ironCondor()} account={paperAccount} portfolioId={7} product="MIS" blocked={null} onFilled={vi.fn()} afterMarket={closed} />
      </IntlProvider>,
    );
  const notice = () => plainText(screen.getByTestId('after-market-notice').textContent ?? '');

  it('says every leg goes as an AMO at the next open, on the basket and on its buttons, in English and French', async () => {
    const view = renderClosed('en-IN');
    expect(notice()).toBe(
      'Market closed: these orders go as after-market orders (AMO). The broker holds them and sends them to the exchange at the next open, Mon, 23 Nov, 09:15 IST; the price shown is the last close.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Trade all (4 legs) as AMO' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Place the orders as AMO' }));
    await waitFor(() => expect(sent.map((item) => item.path)).toEqual(['place_trades']));
    view.unmount();

    renderClosed('fr');
    expect(notice()).toMatch(/^Marché fermé : ces ordres partent en ordres hors séance \(AMO\)\. .*lun\. 23 nov\., 09:15 IST/);
    expect(screen.getByRole('button', { name: 'Tout trader (4 jambes) en AMO' })).toBeTruthy();
  });

  it('says nothing of an AMO while the market is open', () => {
    renderBasket();
    expect(screen.queryByTestId('after-market-notice')).toBeNull();
    expect(screen.getByRole('button', { name: 'Trade all (4 legs)' })).toBeTruthy();
  });
});

describe('Trade all out of hours on a broker that makes the AMO the trader\'s choice', () => {
  // Friday 19:00 IST, as above: Dhan, Shoonya and Flattrade take an after-market order only when the trader asks for one.
  const closed = { nextOpen: '2026-11-23T03:45:00.000Z' };
  const liveAccount = (broker: string) => ({ id: 9, name: 'Options', account_number: 'DH1001', broker });
  const renderClosed = (broker: string, locale: 'en-IN' | 'fr' = 'en-IN', capabilities = capabilitiesOf(broker)) =>
    render(
      <IntlProvider locale={locale} defaultLocale="en-IN" messages={locale === 'fr' ? frMessages : undefined}>
        <BasketTrade legs={ironCondor()} account={liveAccount(broker)} capabilities={capabilities} portfolioId={7} product="NRML" blocked={null} onFilled={vi.fn()} afterMarket={closed} />
      </IntlProvider>,
    );
  const placed = () => (sent[0]?.body as Schemas['PlaceTradesRequest']).orders;

  // Each test starts a new day: its basket is the day's first live order, confirmed once more before it goes.
  beforeEach(() => clearStoredValues());

  async function confirmBasket(send: string, confirm: string) {
    await userEvent.click(screen.getByRole('button', { name: send }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: confirm }));
    await userEvent.click(within(await screen.findByRole('alertdialog', { name: /First live order today/ })).getByRole('button', { name: 'Send with real money' }));
    await waitFor(() => expect(sent.map((item) => item.path)).toEqual(['place_trades']));
  }

  it('on Dhan, sends nothing until the AMO is ticked, then every leg with the AMO time chosen', async () => {
    renderClosed('dhan');
    const trade = screen.getByRole('button', { name: 'Trade all (4 legs)' }) as HTMLButtonElement;
    expect(trade.disabled).toBe(true);
    expect(screen.getByText('The market is closed: tick “After market order (AMO)” to have the broker hold these orders until the next open, or place them once the market opens.')).toBeTruthy();
    expect(screen.queryByTestId('after-market-notice')).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'AMO time' })).toBeNull();

    await userEvent.click(screen.getByRole('checkbox', { name: 'After market order (AMO)' }));
    const time = screen.getByRole('combobox', { name: 'AMO time' }) as HTMLSelectElement;
    expect(time.value).toBe('OPEN');
    await userEvent.selectOptions(time, 'OPEN_30');
    expect(screen.getByTestId('after-market-notice')).toBeTruthy();
    await confirmBasket('Trade all (4 legs) as AMO', 'Place the orders as AMO');
    expect(placed()).toHaveLength(4);
    for (const order of placed()) expect(order).toMatchObject({ after_market: true, after_market_time: 'OPEN_30' });
  });

  it.each(['shoonya', 'flattrade'])('on %s, sends every leg as the AMO chosen, with no time (its API takes none)', async (broker) => {
    renderClosed(broker);
    await userEvent.click(screen.getByRole('checkbox', { name: 'After market order (AMO)' }));
    expect(screen.queryByRole('combobox', { name: 'AMO time' })).toBeNull();
    await confirmBasket('Trade all (4 legs) as AMO', 'Place the orders as AMO');
    for (const order of placed()) {
      expect(order.after_market).toBe(true);
      expect(order).not.toHaveProperty('after_market_time');
    }
  });

  it('on Kite, asks nothing: its buttons say "as AMO" and the legs carry no choice', async () => {
    renderClosed('kite');
    expect(screen.queryByRole('checkbox')).toBeNull();
    await confirmBasket('Trade all (4 legs) as AMO', 'Place the orders as AMO');
    for (const order of placed()) expect(order).not.toHaveProperty('after_market');
  });

  it('asks what the brokers list says, not by the broker\'s name: Dhan\'s times as its server lists them', async () => {
    renderClosed('dhan', 'en-IN', { ...capabilitiesOf('dhan'), after_market_times: ['PRE_OPEN', 'OPEN'] });
    await userEvent.click(screen.getByRole('checkbox', { name: 'After market order (AMO)' }));
    const time = screen.getByRole('combobox', { name: 'AMO time' }) as HTMLSelectElement;
    expect([...time.options].map((option) => option.value)).toEqual(['PRE_OPEN', 'OPEN']);
  });

  // The panel's notice and "AMO time" field are under the confirmation: it says again what the legs go as, as the
  // ticket shows it beside its send button.
  const confirmation = async (send: string) => {
    await userEvent.click(screen.getByRole('button', { name: send }));
    const dialog = screen.getByRole('alertdialog');
    return { dialog, amo: () => plainText(within(dialog).queryByTestId('basket-confirm-amo')?.textContent ?? '') };
  };

  it('confirms on Dhan that every leg is held as an AMO until the next open, with the AMO time chosen (en and fr)', async () => {
    const view = renderClosed('dhan');
    await userEvent.click(screen.getByRole('checkbox', { name: 'After market order (AMO)' }));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'AMO time' }), 'OPEN_30');
    const { dialog, amo } = await confirmation('Trade all (4 legs) as AMO');
    expect(amo()).toBe(
      'Market closed: these orders go as after-market orders (AMO). The broker holds them and sends them to the exchange at the next open, Mon, 23 Nov, 09:15 IST; the price shown is the last close. AMO time: 30 minutes after the open.',
    );
    // Said with the question: the dialog's description, read out with it.
    expect(dialog.getAttribute('aria-describedby')?.split(' ').some((id) => document.getElementById(id)?.contains(within(dialog).getByTestId('basket-confirm-amo')))).toBe(true);
    view.unmount();

    renderClosed('dhan', 'fr');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Ordre hors séance (AMO)' }));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Moment de l’AMO' }), 'OPEN_60');
    const french = await confirmation('Tout trader (4 jambes) en AMO');
    expect(french.amo()).toMatch(/^Marché fermé : ces ordres partent en ordres hors séance \(AMO\)\. .*lun\. 23 nov\., 09:15 IST ; .* Moment de l’AMO : 60 minutes après l’ouverture\.$/);
  });

  it('confirms on Shoonya and on Kite that the legs are held as AMOs, with no time (their APIs take none)', async () => {
    const shoonya = renderClosed('shoonya');
    await userEvent.click(screen.getByRole('checkbox', { name: 'After market order (AMO)' }));
    const held = await confirmation('Trade all (4 legs) as AMO');
    expect(held.amo()).toMatch(/^Market closed: these orders go as after-market orders \(AMO\)\. .*09:15 IST; the price shown is the last close\.$/);
    shoonya.unmount();

    renderClosed('kite');
    expect((await confirmation('Trade all (4 legs) as AMO')).amo()).toMatch(/^Market closed: these orders go as after-market orders \(AMO\)\..*last close\.$/);
  });

  it('says nothing of an AMO in the confirmation while the market is open', async () => {
    renderBasket();
    expect((await confirmation('Trade all (4 legs)')).amo()).toBe('');
  });

  it('asks in French', async () => {
    renderClosed('dhan', 'fr');
    expect(screen.getByText(/^Le marché est fermé : cochez « Ordre hors séance \(AMO\) » pour que le courtier garde ces ordres/)).toBeTruthy();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Ordre hors séance (AMO)' }));
    expect(screen.getByRole('combobox', { name: 'Moment de l’AMO' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Tout trader (4 jambes) en AMO' })).toBeTruthy();
  });
});
