// The order book reads only what changed every 2 s; a read that changed nothing leaves the screen alone: no
// row renders again and the device's snapshot is not written again (issue 37: every other read handed back a
// new object, so 10,000 orders re-rendered and were cloned into IndexedDB every 2 s, a 70-220 ms task). Each
// read asks from the answer before it, and a changed order still shows.
import { act, render, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { components } from '@openapi/main';
import { OrderBookScreen } from '@/app/routes/order-book-screen';
import { configureApiClients } from '@/lib/api/clients';
import type * as DateFormat from '@/lib/format/date';
import { selectedAccountAtom, selectedPortfolioAtom, userDataAtom } from '@/lib/session/user-profile-atoms';
import { store } from '@/lib/store';

type Order = components['schemas']['Order'];
const API = 'http://api.test';

const counts = vi.hoisted(() => ({ rows: 0, snapshots: [] as string[] }));
vi.mock('@/lib/format/date', async (importOriginal) => {
  const original = await importOriginal<typeof DateFormat>();
  return {
    ...original,
    // One call per order row rendered.
    formatTime: (...args: Parameters<typeof original.formatTime>) => {
      counts.rows += 1;
      return original.formatTime(...args);
    },
  };
});
vi.mock('@/lib/persist/snapshot', () => ({
  saveSnapshot: (name: string) => counts.snapshots.push(name),
  readSnapshot: () => Promise.resolve(null),
}));

const order = (n: number, status: Order['status'] = 'OPEN'): Order => ({
  order_id: `26112000000000${n}`,
  exchange_order_id: null,
  account_number: 'PA1234',
  portfolio_id: null,
  tradingsymbol: `NIFTY26D012600${n}CE`,
  instrument_token: 12000001,
  exchange: 'NFO',
  transaction_type: 'BUY',
  order_type: 'LIMIT',
  product: 'NRML',
  variety: 'regular',
  validity: 'DAY',
  quantity: 65,
  price: 100,
  trigger_price: 0,
  average_price: 0,
  filled_quantity: 0,
  pending_quantity: 65,
  cancelled_quantity: 0,
  status,
  status_message: null,
  status_message_i18n: null,
  tag: null,
  order_timestamp: `2026-11-20T04:0${n}:00.000Z`,
  exchange_timestamp: null,
  modifications: 0,
});

let reads: Array<string | null> = [];
let changes: Order[] = [];
const server = setupServer(
  http.get(`${API}/api/accounts/all-accounts/`, () =>
    HttpResponse.json({
      broker_accounts: [
        { id: 11, broker: 'paper', name: 'Main', account_number: 'PA1234', api_key: 'k', capital: 500000, is_logged_in: true, session_expires_at: '2099-01-17T06:00:00+05:30' },
      ],
    }),
  ),
  http.get(`${API}/api/portfolios/all-portfolios/:accountId/`, () => HttpResponse.json({ portfolios: [] })),
  http.get(`${API}/api/order-book/order-book/:accountNumber`, ({ request }) => {
    const since = new URL(request.url).searchParams.get('updated_since');
    reads.push(since);
    const asOf = `2026-11-20T05:00:0${reads.length}.000Z`;
    const book = since === null ? [order(1), order(2), order(3)] : changes;
    return HttpResponse.json({ order_book: book, trades: [], status: 'OK', as_of: asOf } satisfies components['schemas']['OrderBookResponse']);
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  reads = [];
  changes = [];
  counts.rows = 0;
  counts.snapshots = [];
  configureApiClients({ apiBaseUrl: API, analyticsUrl: `${API}/analytics`, analyticsAnonKey: 'k' });
  store.set(userDataAtom, null);
  store.set(selectedAccountAtom, null);
  store.set(selectedPortfolioAtom, null);
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1280);
  vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible');
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  server.resetHandlers();
});
afterAll(() => server.close());

/** Lets the screen's 2 s timer fire once, then waits (real time: only the intervals are faked) for the read to land. */
async function poll() {
  const before = reads.length;
  act(() => vi.advanceTimersByTime(2000));
  for (let waited = 0; reads.length === before && waited < 10_000; waited += 20) {
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
  }
  expect(reads).toHaveLength(before + 1);
  // Let the answer land and any render it causes finish.
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 100));
  });
}

describe('the order book read every 2 s', () => {
  it('renders nothing again and keeps no new snapshot while nothing changes, and shows a change', async () => {
    render(
      <IntlProvider locale="en" defaultLocale="en">
        <MemoryRouter>
          <OrderBookScreen />
        </MemoryRouter>
      </IntlProvider>,
    );
    // jsdom matches no media query: the phone's cards, each formatting its time as a table row does.
    await waitFor(() => expect(document.querySelectorAll('[data-order-id]')).toHaveLength(3), { timeout: 10_000 });
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    const rowsShown = counts.rows;
    const snapshots = counts.snapshots.filter((name) => name.startsWith('order-book')).length;
    expect(snapshots).toBe(1);
    for (let read = 0; read < 4; read += 1) await poll();
    expect(counts.rows).toBe(rowsShown);
    expect(counts.snapshots.filter((name) => name.startsWith('order-book'))).toHaveLength(1);
    // Each read asks for what changed since the answer before it.
    expect(reads).toEqual([null, '2026-11-20T05:00:01.000Z', '2026-11-20T05:00:02.000Z', '2026-11-20T05:00:03.000Z', '2026-11-20T05:00:04.000Z']);

    changes = [order(2, 'CANCELLED')];
    await poll();
    expect(document.querySelector('[data-order-id="261120000000002"]')?.textContent).toContain('Cancelled');
    expect(counts.snapshots.filter((name) => name.startsWith('order-book'))).toHaveLength(2);
  });
});
