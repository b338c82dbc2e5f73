/**
 * The alerts feed: what each alert says (severity in words, text never run as HTML, account, bot, link),
 * filters, paging back with `before`, marking read up to the newest shown, and the last visit's feed
 * offline, read-only and marked with its time, which sign-out clears.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { frMessages } from '@/i18n/locales/fr/index';
import { clearUserData } from '@/lib/persist/clear-user-data';
import { readSnapshot } from '@/lib/persist/snapshot';
import { alert, API, feed, renderAlerts, server, serveFeed, useAlertsServer } from './alerts-harness';
import { skippedHeadingLevels } from '../support/heading-outline.ts';
import { plainText } from '../support/plain-text.ts';

useAlertsServer();

const items = () => screen.queryAllByTestId('alert-item');
const titles = () => items().map((item) => within(item).getByRole('heading').textContent);

describe('the alerts feed', () => {
  it('shows each alert with its severity in words, its text as text, when, the account and bot, and a link', async () => {
    feed.alerts = [
      alert(1, { read: true }),
      alert(2, {
        category: 'bot',
        event: 'bot_rejected',
        severity: 'danger',
        title: 'Iron fly <b>rejected</b>',
        body: '<img src="x" onerror="alert(1)">Margin short by ₹1,200',
        link: '/app/portfolio',
        bot: { kind: 'daily', id: 9, name: 'Iron fly 9:20' },
      }),
    ];
    serveFeed();
    const { container } = renderAlerts();
    await waitFor(() => expect(titles()).toEqual(['Iron fly <b>rejected</b>', 'Order 1 filled']));
    const [danger, filled] = items();
    // Severity is a word, not only a colour; unread ones say New.
    expect(within(danger!).getByText('Danger')).toBeTruthy();
    expect(within(danger!).getByText('New')).toBeTruthy();
    expect(within(filled!).getByText('Done')).toBeTruthy();
    expect(within(filled!).queryByText('New')).toBeNull();
    // The body is shown as the characters the server sent: no element is made from it.
    expect(within(danger!).getByText('<img src="x" onerror="alert(1)">Margin short by ₹1,200')).toBeTruthy();
    expect(container.querySelector('img, b')).toBeNull();
    expect(within(danger!).getByText('Bot Iron fly 9:20')).toBeTruthy();
    expect(within(danger!).getByText('Account PA1234')).toBeTruthy();
    expect(within(danger!).getByRole('link', { name: 'Open: Iron fly <b>rejected</b>' }).getAttribute('href')).toBe('/app/portfolio');
    expect(within(danger!).getByText(/23\/11\/2026|Nov/, { normalizer: plainText })).toBeTruthy();
    expect(screen.getByText('1 unread')).toBeTruthy();
  });

  it('titles each alert one level under the screen’s h1, never skipping a heading level', async () => {
    feed.alerts = [alert(1), alert(2)];
    serveFeed();
    const { container } = renderAlerts();
    await waitFor(() => expect(items()).toHaveLength(2));
    expect(items().map((item) => within(item).getByRole('heading').tagName)).toEqual(['H2', 'H2']);
    expect(skippedHeadingLevels(container)).toEqual([]);
  });

  it('never links outside the app', async () => {
    feed.alerts = [alert(1, { link: 'https://evil.example/' }), alert(2, { link: '//evil.example/x' })];
    serveFeed();
    renderAlerts();
    await waitFor(() => expect(items()).toHaveLength(2));
    expect(items().flatMap((item) => within(item).queryAllByRole('link'))).toEqual([]);
  });

  it('marks the feed read up to the newest alert shown, once, and not again when nothing is unread', async () => {
    feed.alerts = [alert(3), alert(8), alert(5, { read: true })];
    serveFeed();
    const first = renderAlerts();
    await waitFor(() => expect(feed.reads).toEqual([{ up_to: 8 }]));
    first.unmount();
    renderAlerts();
    await waitFor(() => expect(items()).toHaveLength(3));
    expect(feed.reads).toHaveLength(1);
  });

  it('filters by category on the server, unread only on what came, and marks nothing read from a category view', async () => {
    const user = userEvent.setup();
    feed.alerts = [
      alert(1, { read: true }),
      alert(2, { category: 'kill_switch', event: 'kill_switch_armed', severity: 'warning', title: 'Kill switch on', read: true }),
      alert(3, { category: 'price', event: 'price_crossed', severity: 'info', title: 'NIFTY above ₹24,500' }),
    ];
    serveFeed();
    renderAlerts();
    await waitFor(() => expect(items()).toHaveLength(3));
    await waitFor(() => expect(feed.reads).toEqual([{ up_to: 3 }]));
    // What was unread when it came stays marked New on screen, though the server now has it read.
    await user.click(screen.getByRole('button', { name: 'Unread only' }));
    expect(titles()).toEqual(['NIFTY above ₹24,500']);
    await user.click(screen.getByRole('button', { name: 'Unread only' }));
    expect(items()).toHaveLength(3);

    await user.click(screen.getByRole('button', { name: 'Kill switch' }));
    await waitFor(() => expect(titles()).toEqual(['Kill switch on']));
    expect(feed.queries.at(-1)?.get('category')).toBe('kill_switch');
    expect(screen.getByRole('button', { name: 'Kill switch' }).getAttribute('aria-pressed')).toBe('true');

    await user.click(screen.getByRole('button', { name: 'Unread only' }));
    await user.click(screen.getByRole('button', { name: 'Orders' }));
    await waitFor(() => expect(feed.queries.at(-1)?.get('category')).toBe('order'));
    expect(await screen.findByText('No alert matches these filters.')).toBeTruthy();

    // A new price alert seen in the Price alerts view stays unread on the server: only the full feed marks.
    feed.alerts.push(alert(4, { category: 'price', event: 'price_crossed', severity: 'info', title: 'NIFTY below ₹24,000' }));
    await user.click(screen.getByRole('button', { name: 'Price alerts' }));
    await waitFor(() => expect(titles()).toEqual(['NIFTY below ₹24,000']));
    expect(within(items()[0]!).getByText('New')).toBeTruthy();
    expect(feed.reads).toEqual([{ up_to: 3 }]);
  });

  it('pages back with `before` the oldest shown, until a short page', async () => {
    const user = userEvent.setup();
    feed.alerts = Array.from({ length: 35 }, (_, index) => alert(index + 1, { read: true }));
    serveFeed();
    renderAlerts();
    await waitFor(() => expect(items()).toHaveLength(30));
    expect(titles()[0]).toBe('Order 35 filled');
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(items()).toHaveLength(35));
    expect(feed.queries.at(-1)?.get('before')).toBe('6');
    expect(titles().at(-1)).toBe('Order 1 filled');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('offline: the last visit\'s feed, as of when it came, read-only, with the filters still working', async () => {
    const user = userEvent.setup();
    feed.alerts = [alert(1), alert(2, { category: 'bot', event: 'bot_entered', title: 'Straddle entered' })];
    serveFeed();
    const first = renderAlerts();
    await waitFor(() => expect(items()).toHaveLength(2));
    await waitFor(async () => expect((await readSnapshot('alerts-feed'))?.value).toHaveLength(2));
    first.unmount();

    const reads = feed.reads.length;
    server.use(http.get(`${API}/api/alerts/`, () => HttpResponse.error()));
    renderAlerts();
    expect(await screen.findByText(/^Last known, as of \d\d:\d\d:\d\d IST/, { normalizer: plainText })).toBeTruthy();
    expect(screen.getByText(/Offline: this is the feed as of your last visit/)).toBeTruthy();
    expect(titles()).toEqual(['Straddle entered', 'Order 1 filled']);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Bots' }));
    await waitFor(() => expect(titles()).toEqual(['Straddle entered']));
    expect(feed.reads).toHaveLength(reads);
  });

  it('offline with nothing kept: says the feed could not be loaded; sign-out removes the kept feed', async () => {
    feed.alerts = [alert(1)];
    serveFeed();
    const first = renderAlerts();
    await waitFor(async () => expect(await readSnapshot('alerts-feed')).not.toBeNull());
    first.unmount();
    await clearUserData();
    expect(await readSnapshot('alerts-feed')).toBeNull();

    server.use(http.get(`${API}/api/alerts/`, () => HttpResponse.error()));
    renderAlerts();
    expect(await screen.findByText('The alerts could not be loaded.')).toBeTruthy();
    expect(items()).toEqual([]);
  });

  it('with no alert at all, says what will appear here', async () => {
    serveFeed();
    renderAlerts();
    expect(await screen.findByRole('region', { name: 'No alerts yet' })).toBeTruthy();
  });

  it('speaks French, with every text in the catalogue', async () => {
    const errors: string[] = [];
    feed.alerts = [alert(1, { severity: 'warning' })];
    serveFeed();
    renderAlerts('/app/strategy_alerts', { locale: 'fr-FR', messages: frMessages, onError: (error) => errors.push(error.message) });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Alertes de stratégie');
    await waitFor(() => expect(items()).toHaveLength(1));
    expect(within(items()[0]!).getByText('Attention')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Non lues seulement' })).toBeTruthy();
    expect(errors).toEqual([]);
  });
});
