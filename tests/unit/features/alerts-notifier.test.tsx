/**
 * In-app notifications of new alerts: the first read only learns where the feed stands, then every 10 s
 * what came `after` the last one seen becomes a toast, read out politely, danger ones assertively; a burst is
 * one summary; nothing is asked while the page is hidden, and coming back asks at once. Each answer's unread
 * count feeds the menu's badge, forgotten at sign-out.
 */
import { act, render, screen, within } from '@testing-library/react';
import { Provider } from 'jotai';
import { http, HttpResponse } from 'msw';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { AlertsNotifier } from '@/features/alerts/components/alerts-notifier';
import { PriceAlertsSection } from '@/features/alerts/components/price-alerts-section';
import { UnreadAlertsBadge } from '@/features/alerts/components/unread-alerts-badge';
import { loadApiClients } from '@/lib/api/clients';
import { streamNoticesAtom } from '@/lib/network/stream-notices-atom';
import { store } from '@/lib/store';
import { plainText } from '../support/plain-text.ts';
import { alert, API, feed, server, serveFeed, useAlertsServer, type PriceAlert } from './alerts-harness';

useAlertsServer();

// Captured before any test fakes the timers: the real wait lets MSW's answers arrive.
const realSetTimeout = globalThis.setTimeout;
let visibility: DocumentVisibilityState = 'visible';
beforeAll(async () => {
  await loadApiClients();
});
beforeEach(() => {
  visibility = 'visible';
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  serveFeed();
});
afterEach(() => {
  store.set(streamNoticesAtom, { open: false, alerts: 0, killSwitch: 0, accounts: 0, bots: 0 });
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** Lets timers due within `ms` run, and the requests they start settle. */
async function elapse(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
  // MSW answers through real I/O callbacks: let them run, then React.
  for (let round = 0; round < 4; round += 1) {
    await act(async () => {
      await new Promise((resolve) => realSetTimeout(resolve, 10));
    });
  }
}

function renderNotifier() {
  return render(
    <IntlProvider locale="en" defaultLocale="en">
      <Toaster />
      <AlertsNotifier />
    </IntlProvider>,
  );
}

const region = () => screen.getByRole('region', { name: 'Notifications' });

describe('in-app alert notifications', () => {
  it('toasts only what arrives after the app opened, danger assertively and the rest politely', async () => {
    feed.alerts = [alert(1), alert(2)];
    renderNotifier();
    await elapse(0);
    expect(feed.queries.map((query) => query.toString())).toEqual(['limit=1']);
    expect(within(region()).queryAllByRole('status')).toEqual([]);

    feed.alerts.push(
      alert(3, { title: 'Straddle entered', body: 'Sold 1 lot NIFTY 24500 CE and PE', severity: 'info', category: 'bot', event: 'bot_entered' }),
      alert(4, { title: 'Order rejected', body: '<b>Insufficient margin</b>', severity: 'danger', event: 'order_rejected' }),
    );
    await elapse(10_000);
    expect(feed.queries.at(-1)?.get('after')).toBe('2');
    const polite = within(region()).getByRole('status');
    expect(polite.textContent).toContain('Straddle entered');
    expect(polite.textContent).toContain('Sold 1 lot NIFTY 24500 CE and PE');
    expect(polite.closest('[aria-live="polite"]')).toBeTruthy();
    const assertive = within(region()).getByRole('alert');
    expect(assertive.textContent).toContain('Order rejected');
    // The server's text stays text.
    expect(assertive.textContent).toContain('<b>Insufficient margin</b>');
    expect(assertive.querySelector('b')).toBeNull();

    await elapse(10_000);
    expect(feed.queries.at(-1)?.get('after')).toBe('4');
  });

  it('asks only when the price stream says an alert was written, and every 10 s again once no stream is open (issue 37)', async () => {
    const told = (change: { open?: boolean; alerts?: number }) => act(() => store.set(streamNoticesAtom, (old) => ({ ...old, ...change })));
    told({ open: true });
    feed.alerts = [alert(1)];
    renderNotifier();
    await elapse(0);
    expect(feed.queries.map((query) => query.toString())).toEqual(['limit=1']);
    // A minute of the stream open: nothing is asked on a timer.
    await elapse(60_000);
    expect(feed.queries).toHaveLength(1);
    feed.alerts.push(alert(2, { title: 'Kill switch on', severity: 'danger', event: 'kill_switch_armed' }));
    told({ alerts: 1 });
    await elapse(0);
    expect(feed.queries.at(-1)?.get('after')).toBe('1');
    expect(within(region()).getByRole('alert').textContent).toContain('Kill switch on');
    // The stream lost: asked at once, then every 10 s.
    told({ open: false });
    await elapse(0);
    expect(feed.queries).toHaveLength(3);
    await elapse(10_000);
    expect(feed.queries).toHaveLength(4);
  });

  it('says a burst in one notification', async () => {
    renderNotifier();
    await elapse(0);
    feed.alerts = [1, 2, 3, 4, 5].map((id) => alert(id, { severity: id === 2 ? 'danger' : 'success' }));
    await elapse(10_000);
    expect(within(region()).getByRole('alert').textContent).toContain('5 new alerts');
    expect(screen.queryByText('Order 5 filled')).toBeNull();
  });

  it('asks nothing while the page is hidden, and asks at once when it shows again', async () => {
    renderNotifier();
    await elapse(0);
    const asked = feed.queries.length;
    visibility = 'hidden';
    document.dispatchEvent(new Event('visibilitychange'));
    await elapse(10_000);
    await elapse(60_000);
    expect(feed.queries).toHaveLength(asked);

    feed.alerts = [alert(7, { title: 'Kill switch on', severity: 'warning', category: 'kill_switch', event: 'kill_switch_armed' })];
    visibility = 'visible';
    document.dispatchEvent(new Event('visibilitychange'));
    await elapse(0);
    expect(feed.queries).toHaveLength(asked + 1);
    expect(within(region()).getByRole('status').textContent).toContain('Kill switch on');
  });

  it('keeps the menu badge at the server’s unread count, "99+" beyond 99, and forgets it when signed out', async () => {
    feed.alerts = [alert(1), alert(2, { read: true })];
    const badge = () => document.querySelector('[data-unread-alerts]');
    const view = render(
      <IntlProvider locale="en" defaultLocale="en">
        <AlertsNotifier />
        <UnreadAlertsBadge variant="count" />
      </IntlProvider>,
    );
    expect(badge()).toBeNull();
    await elapse(0);
    // Read out in words; the bare number is for the eye only (the browser test reads the entry's name in Chromium).
    expect(plainText(badge()?.querySelector('[aria-hidden="true"]')?.textContent ?? '')).toBe('1');
    expect(badge()?.querySelector('.sr-only')?.textContent).toBe('1 unread alert');

    feed.alerts.push(alert(3), alert(4));
    await elapse(10_000);
    expect(badge()?.getAttribute('data-unread-alerts')).toBe('3');
    expect(badge()?.querySelector('.sr-only')?.textContent).toBe('3 unread alerts');

    feed.alerts = Array.from({ length: 120 }, (_, index) => alert(index + 1));
    await elapse(10_000);
    expect(plainText(badge()?.querySelector('[aria-hidden="true"]')?.textContent ?? '')).toBe('99+');
    expect(badge()?.querySelector('.sr-only')?.textContent).toBe('120 unread alerts');

    for (const entry of feed.alerts) entry.read = true;
    await elapse(10_000);
    expect(badge()).toBeNull();

    feed.alerts.push(alert(121));
    await elapse(10_000);
    expect(badge()).not.toBeNull();
    view.rerender(
      <IntlProvider locale="en" defaultLocale="en">
        <UnreadAlertsBadge variant="count" />
      </IntlProvider>,
    );
    expect(badge()).toBeNull();
  });

  it('stops asking once unmounted (signed out)', async () => {
    const view = renderNotifier();
    await elapse(0);
    const asked = feed.queries.length;
    view.unmount();
    await elapse(30_000);
    expect(feed.queries).toHaveLength(asked);
  });

  it('reads the price-alert list again when one of its alerts fires', async () => {
    const niftyAbove: PriceAlert = {
      id: 4,
      symbol: 'NIFTY26D0124000CE',
      direction: 'above',
      level: 150,
      repeat: 'once',
      active: true,
      expired: false,
      last_price: 148.5,
      triggered_count: 0,
      last_triggered_at: null,
      created_at: '2026-11-23T04:00:00Z',
    };
    let stored = niftyAbove;
    let reads = 0;
    server.use(
      http.get(`${API}/api/price-alerts/`, () => {
        reads += 1;
        return HttpResponse.json({ price_alerts: [stored] });
      }),
    );
    render(
      <Provider store={store}>
        <IntlProvider locale="en" defaultLocale="en">
          <MemoryRouter>
            <AlertsNotifier />
            <PriceAlertsSection priceOf={() => null} />
          </MemoryRouter>
        </IntlProvider>
      </Provider>,
    );
    await elapse(0);
    expect(screen.getByText('Not triggered yet')).toBeTruthy();
    expect(reads).toBe(1);

    // Another kind of alert leaves the list alone.
    feed.alerts.push(alert(1));
    await elapse(10_000);
    expect(reads).toBe(1);

    // The watcher fired it: the feed says so, and the list shows it fired and is off, without a reload.
    stored = { ...niftyAbove, active: false, last_price: 150.2, triggered_count: 1, last_triggered_at: '2026-11-23T04:01:00Z' };
    feed.alerts.push(alert(2, { category: 'price', event: 'price_crossed', severity: 'info', title: 'NIFTY26D0124000CE rose above ₹150.00', body: '' }));
    await elapse(10_000);
    expect(reads).toBe(2);
    expect(screen.getByText('Triggered once')).toBeTruthy();
    expect(screen.getByText('Fired, now off')).toBeTruthy();
  });
});
