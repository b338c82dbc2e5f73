// The order window says what is wrong before its review step and why its button is disabled, steps lots
// and prices, names the contract in words, and breaks the charges down. HTTP is MSW; an unexpected request
// fails the test.
import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { IntlProvider } from 'react-intl';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { components } from '@openapi/main';
import { OrderTicket, type TicketDefaults, type TicketInstrument } from '@/features/orders/components/order-ticket';
import { frMessages } from '@/i18n/locales/fr/index';
import { configureApiClients } from '@/lib/api/clients';
import { plainText } from '../support/plain-text';

const API = 'http://api.test';
const margins: components['schemas']['OrderMarginsResponse'] = {
  margins: {
    required: 7858.54,
    available: 500000,
    margin: 0,
    premium: 7832.5,
    charges: 26.04,
    margin_released: 0, standalone: { required: 0, margin: 0, hedge_benefit: 0 }, charge_breakdown: { brokerage: 20, brokerage_status: 'priced', stt: 0, exchange: 1.5, sebi: 0.01, stamp_duty: 0.23, gst: 4.3, call_and_trade: 0 },
  },
};
const server = setupServer(http.post(`${API}/api/order-book/margins/orders/`, () => HttpResponse.json(margins)));

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  // Only the date stands still (user-event runs on real timers): a slow run never sees its quote go stale.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-24T05:00:00Z'));
  configureApiClients({ apiBaseUrl: API, analyticsUrl: `${API}/analytics`, analyticsAnonKey: 'k' });
});
afterEach(() => {
  vi.useRealTimers();
  server.resetHandlers();
});
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

function renderTicket({
  locale = 'en',
  side = 'BUY',
  defaults = {},
  killSwitchOn = false,
}: { locale?: 'en' | 'fr'; side?: 'BUY' | 'SELL'; defaults?: Partial<TicketDefaults>; killSwitchOn?: boolean } = {}) {
  return render(
    <IntlProvider locale={locale} defaultLocale="en" messages={locale === 'fr' ? frMessages : {}}>
      <OrderTicket
        instrument={instrument}
        quote={{ last_price: 120, bid: 119.95, ask: 120.05, timestamp: new Date().toISOString() }}
        account={{ id: 1, name: 'Paper', account_number: 'PA1234', broker: 'paper' }}
        portfolioId={null}
        sessionOpen
        defaults={{ product: 'NRML', order_type: 'LIMIT', lots: 1, confirm_before_order: true, ...defaults }}
        initialSide={side}
        killSwitchOn={killSwitchOn}
      />
    </IntlProvider>,
  );
}

/** The send button ("Buy 65", "Buy " without a quantity), not the side toggle ("Buy"). */
const submit = (side = 'Buy') => screen.getAllByRole('button', { name: new RegExp(`^${side}`) }).find((button) => button.getAttribute('type') === 'submit') as HTMLButtonElement;
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe('the order window while the kill switch is on', () => {
  it('sends nothing and says why, in en and fr: every order it sends is an entry the switch refuses (issue 62)', async () => {
    renderTicket({ killSwitchOn: true });
    expect(submit().disabled).toBe(true);
    expect(screen.getByRole('status').textContent).toBe(
      'The kill switch is on for this account: new orders are refused. Close positions from the position book; turn the switch off on the kill switch page.',
    );
  });

  it('says it in French', () => {
    renderTicket({ locale: 'fr', killSwitchOn: true });
    expect(screen.getByText(/^Le coupe-circuit est activé pour ce compte/)).toBeTruthy();
    expect((screen.getAllByRole('button', { name: /^Acheter/ }).find((button) => button.getAttribute('type') === 'submit') as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('the order window checks what is typed before the review step', () => {
  it('refuses a price off the 0.05 tick, under the field and beside the disabled button', async () => {
    renderTicket();
    await userEvent.clear(field('Limit price (₹)'));
    await userEvent.type(field('Limit price (₹)'), '120.03');
    expect(field('Limit price (₹)').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('The price must be a multiple of ₹0.05.')).toBeTruthy();
    expect(submit().disabled).toBe(true);
    expect(submit().getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText('Not ready to send: The price must be a multiple of ₹0.05.')).toBeTruthy();
    // One tick up puts it back on the tick.
    await userEvent.click(screen.getByRole('button', { name: 'Price ₹0.05 higher' }));
    expect(field('Limit price (₹)').value).toBe('120.05');
    expect(submit().disabled).toBe(false);
  });

  it('refuses a stop-loss sell whose trigger is above the last price', async () => {
    renderTicket({ side: 'SELL' });
    await userEvent.selectOptions(screen.getByLabelText('Order type'), 'SL');
    await userEvent.type(field('Trigger price (₹)'), '125');
    expect(screen.getByText('Not ready to send: A stop-loss sell triggers below the last price.')).toBeTruthy();
    expect(submit('Sell').disabled).toBe(true);
    await userEvent.clear(field('Trigger price (₹)'));
    await userEvent.type(field('Trigger price (₹)'), '115');
    await userEvent.clear(field('Limit price (₹)'));
    await userEvent.type(field('Limit price (₹)'), '114.5');
    expect(screen.queryByText(/Not ready to send/)).toBeNull();
    expect(submit('Sell').disabled).toBe(false);
  });

  it('takes at least one lot, stepped with − and +, and says the quantity they make', async () => {
    renderTicket();
    await userEvent.click(screen.getByRole('button', { name: 'One lot less' }));
    expect(field('Lots').value).toBe('1');
    await userEvent.clear(field('Lots'));
    await userEvent.type(field('Lots'), '0');
    expect(screen.getByText('Not ready to send: At least 1 lot.')).toBeTruthy();
    expect(submit().disabled).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'One lot more' }));
    await userEvent.click(screen.getByRole('button', { name: 'One lot more' }));
    expect(field('Lots').value).toBe('2');
    expect(screen.getByText(/Quantity 130 \(65 a lot\)/, { normalizer: plainText })).toBeTruthy();
    expect(submit().disabled).toBe(false);
  });

  it('says it in French', async () => {
    renderTicket({ locale: 'fr', side: 'SELL' });
    await userEvent.selectOptions(screen.getByLabelText('Type d’ordre'), 'SL');
    await userEvent.type(screen.getByLabelText('Prix de déclenchement (₹)'), '125');
    expect(screen.getByText('Pas encore prêt à l’envoi : Un stop-loss de vente se déclenche au-dessous du dernier cours.', { normalizer: plainText })).toBeTruthy();
  });
});

describe('the order window speaks one colour per side', () => {
  it.each([
    ['BUY', 'bg-profit'],
    ['SELL', 'bg-loss'],
  ] as const)('%s: the send button wears the colour of the chosen side toggle, not the brand blue', (side, colour) => {
    renderTicket({ side });
    const toggle = screen.getByRole('button', { name: side === 'BUY' ? 'Buy' : 'Sell', pressed: true });
    expect(toggle.className).toContain(colour);
    const send = submit(side === 'BUY' ? 'Buy' : 'Sell');
    expect(send.className).toContain(colour);
    expect(send.className).not.toContain('bg-brand');
  });
});

describe('the order window names the contract and its charges', () => {
  it('writes the contract in words beside its tradingsymbol, in English and French', () => {
    const { unmount } = renderTicket();
    expect(screen.getByTestId('contract-name').textContent).toBe('NIFTY 01 Dec 26000 CE');
    unmount();
    renderTicket({ locale: 'fr' });
    expect(screen.getByTestId('contract-name').textContent).toBe('NIFTY 01 déc. 26000 CE');
  });

  it('breaks the charges down line by line', async () => {
    renderTicket();
    const breakdown = await screen.findByTestId('charges-breakdown');
    const line = (name: string) => plainText(within(breakdown).getByText(name).nextElementSibling?.textContent ?? '');
    expect(line('Brokerage')).toBe('₹20.00');
    expect(line('STT')).toBe('₹0.00');
    expect(line('Exchange charges')).toBe('₹1.50');
    expect(line('SEBI fees')).toBe('₹0.01');
    expect(line('Stamp duty')).toBe('₹0.23');
    expect(line('GST')).toBe('₹4.30');
    // Zerodha's ₹50 on an order the broker squares off itself: its own line, nothing on the trader's order.
    expect(line('Call & trade (auto square-off)')).toBe('₹0.00');
  });
});
