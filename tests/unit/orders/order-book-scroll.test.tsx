// Scrolling a long order book renders the orders that come into view, not every row in the page again
// (issue 37: 10,000 orders, a 152 ms task while scrolling). Each row formats its order's time once a render,
// so the count of those calls is the count of rows rendered. Also: the rows that stay keep their Modify and
// Cancel working after a scroll.
import { act, render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { IntlProvider } from 'react-intl';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '@/features/orders/api/trading-types';
import { OrderBookTable } from '@/features/orders/components/order-book-table';
import type * as DateFormat from '@/lib/format/date';

const timesFormatted = vi.hoisted(() => ({ count: 0 }));
vi.mock('@/lib/format/date', async (importOriginal) => {
  const original = await importOriginal<typeof DateFormat>();
  return {
    ...original,
    formatTime: (...args: Parameters<typeof original.formatTime>) => {
      timesFormatted.count += 1;
      return original.formatTime(...args);
    },
  };
});

beforeEach(() => {
  timesFormatted.count = 0;
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(640);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1280);
});
afterEach(() => vi.restoreAllMocks());

const order = (n: number): Order => ({
  order_id: `2611200000${String(n).padStart(5, '0')}`,
  exchange_order_id: null,
  account_number: 'PA1234',
  portfolio_id: null,
  tradingsymbol: `NIFTY26D01${26000 + (n % 20) * 50}CE`,
  instrument_token: 12000001,
  exchange: 'NFO',
  transaction_type: n % 2 === 0 ? 'BUY' : 'SELL',
  order_type: 'LIMIT',
  product: 'NRML',
  variety: 'regular',
  validity: 'DAY',
  quantity: 65,
  price: 100 + n / 4,
  trigger_price: 0,
  average_price: 0,
  filled_quantity: 0,
  pending_quantity: 65,
  cancelled_quantity: 0,
  status: n % 3 === 0 ? 'REJECTED' : 'OPEN',
  status_message: n % 3 === 0 ? 'Insufficient funds' : null,
  status_message_i18n: null,
  tag: null,
  order_timestamp: new Date(Date.UTC(2026, 10, 20, 4, 0, n)).toISOString(),
  exchange_timestamp: null,
  modifications: 0,
  lot_size: 65,
});
const orders = Array.from({ length: 2000 }, (_, n) => order(n));

const shownIds = () => [...document.querySelectorAll('[data-order-scroll] tr[data-order-id]')].map((row) => row.getAttribute('data-order-id'));

describe('the order book while scrolling', () => {
  it('renders only the rows that came into view, one step at a time', async () => {
    render(
      <IntlProvider locale="en" defaultLocale="en">
        <OrderBookTable orders={orders} accountNumber="PA1234" tradingDisabled={false} phone={false} onChanged={() => undefined} />
      </IntlProvider>,
    );
    const scroller = document.querySelector<HTMLElement>('[data-order-scroll]')!;
    const first = shownIds();
    expect(first.length).toBeGreaterThan(5);
    expect(first.length).toBeLessThan(60);
    let rendered = timesFormatted.count;
    for (let step = 1; step <= 10; step += 1) {
      const before = new Set(shownIds());
      await act(async () => {
        scroller.scrollTop = step * 24;
        scroller.dispatchEvent(new Event('scroll'));
      });
      const entered = shownIds().filter((id) => !before.has(id));
      expect(timesFormatted.count - rendered).toBe(entered.length);
      rendered = timesFormatted.count;
    }
    await act(async () => {
      scroller.scrollTop = 64 * 500;
      scroller.dispatchEvent(new Event('scroll'));
    });
    expect(shownIds()).toContain(orders[500]!.order_id);
    // A row still works after the scroll: its Cancel opens the dialog for its own order.
    const row = document.querySelector(`tr[data-order-id="${orders[502]!.order_id}"]`) as HTMLElement;
    await userEvent.click(within(row).getByRole('button', { name: 'Cancel' }));
    // Named as the trader reads it (issue 62): NIFTY26D0126100CE is the 1 December 26,100 call.
    expect(await screen.findByRole('alertdialog', { name: /^Cancel the order for \W?NIFTY 01 Dec 26100 CE\W?\?$/ })).toBeTruthy();
  });
});

describe('the order book on a phone', () => {
  it('scrolls with the page, not in a box of its own, and shows each card’s contract in words and an SL order’s trigger', () => {
    const stop: Order = { ...order(1), order_type: 'SL', price: 94.5, trigger_price: 95, status: 'TRIGGER PENDING', status_message: null };
    render(
      <IntlProvider locale="en" defaultLocale="en">
        <OrderBookTable orders={[stop, ...orders.slice(2, 40)]} accountNumber="PA1234" tradingDisabled={false} phone onChanged={() => undefined} />
      </IntlProvider>,
    );
    const list = screen.getByRole('list', { name: 'Orders' });
    // No scroller of its own: the page is the one a thumb scrolls (the box was 70 % of the screen, issue 62).
    for (let box: HTMLElement | null = list; box !== null && box !== document.body; box = box.parentElement) {
      expect(box.className).not.toMatch(/overflow-(auto|y-auto|scroll)/);
    }
    const card = within(list).getAllByRole('listitem')[0]!;
    expect(card.getAttribute('data-order-id')).toBe(stop.order_id);
    expect(within(card).getByText('NIFTY 01 Dec 26050 CE').getAttribute('title')).toBe('NIFTY26D0126050CE');
    const price = card.querySelector('[data-field="price"]')!;
    expect(price.textContent?.replace(/[\u2066-\u2069]/g, '')).toBe('94.50trig. 95.00');
  });
});
