/**
 * Offline and failed reads on the portfolios screen, with the app's real error notifier listening: no
 * figure from a list that did not come, one message per failure, the last known allocation with its time,
 * and a screen that fills itself in when the connection comes back.
 */
import { act, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startApiErrorNotifier } from '@/app/session/api-error-notifier';
import { API, backend, findCard, notifications, renderPortfolioScreen, server, straddleBot, usePortfolioBackend } from './portfolio-harness';
import { botState } from './bot-state-fixtures';
import { baseStrategiesAtom } from '@/features/portfolios/atoms/base-strategies-atom';
import { dailyBotsAtom } from '@/features/portfolios/atoms/daily-bots-atom';
import { portfolioListStampAtom } from '@/features/portfolios/atoms/portfolio-list-stamp-atom';
import { tradingBotsAtom } from '@/features/portfolios/atoms/trading-bots-atom';
import { forgetLastKnown } from '@/lib/persist/last-known';
import { brokerAccountsAtom, brokerPortfoliosAtom } from '@/lib/session/user-profile-atoms';
import { store } from '@/lib/store';
import { plainText } from '../support/plain-text.ts';

usePortfolioBackend();

let stopNotifier: () => void;
let online = true;
beforeEach(() => {
  online = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  stopNotifier = startApiErrorNotifier();
});
afterEach(() => {
  stopNotifier();
  vi.restoreAllMocks();
});

const portfolioRead = `${API}/api/portfolios/all-portfolios/:accountId/`;
const allocation = /allocated/;

describe('a portfolio list that did not come', () => {
  it('offline: no allocation computed from nothing, one message, and a reload when back online', async () => {
    online = false;
    // No answer while offline; once online, the request falls through to the backend's own handler.
    server.use(http.get(portfolioRead, () => (online ? undefined : HttpResponse.error())));
    renderPortfolioScreen();

    expect(await screen.findByText('The portfolios could not be loaded.')).toBeTruthy();
    // Not "₹0 of ₹5,00,000 allocated": without the list there is no figure at all.
    expect(screen.queryByText(allocation, { normalizer: plainText })).toBeNull();
    // The failure is said in place; no notification says it again (the Offline badge tells the connection).
    expect(notifications()).toEqual([]);

    // Back online: the list is read again without the trader asking. (The screen listens for 'online'
    // from an effect run after the failure renders: let React finish it first, as a real reconnection would.)
    await act(async () => undefined);
    online = true;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await findCard('Weekly expiry');
    expect(screen.getByText('₹4,00,000 of ₹5,00,000 allocated', { normalizer: plainText })).toBeTruthy();
    expect(screen.queryByText('The portfolios could not be loaded.')).toBeNull();
  });

  it('shows the last known allocation with the time it came when a refresh fails', async () => {
    const first = renderPortfolioScreen();
    await findCard('Weekly expiry');
    first.unmount();

    server.use(http.get(portfolioRead, () => HttpResponse.json({ message: 'boom' }, { status: 500 })));
    renderPortfolioScreen();
    const stale = await screen.findByText(/^Last known, as of \d\d:\d\d:\d\d IST: it could not be refreshed\.$/, {
      normalizer: plainText,
    });
    expect(stale).toBeTruthy();
    expect(screen.getByText('₹4,00,000 of ₹5,00,000 allocated', { normalizer: plainText })).toBeTruthy();
    await findCard('Weekly expiry');
    // The notifier names the failure (spec §8); the screen only says the figure is not fresh.
    expect(notifications().map((n) => n.title)).toEqual(['Internal Server Error']);
    expect(screen.queryByText('The portfolios could not be loaded.')).toBeNull();
  });

  it('after a reload on a dead network, shows the device’s last-known list as of its time, not "could not be loaded"', async () => {
    const first = renderPortfolioScreen();
    await findCard('Weekly expiry');
    first.unmount();
    // A reload: nothing of this visit in memory, only what the device kept.
    store.set(portfolioListStampAtom, null);
    store.set(brokerPortfoliosAtom, []);

    server.use(http.get(portfolioRead, () => HttpResponse.error()));
    renderPortfolioScreen();
    expect(await screen.findByText(/^Last known, as of \d\d:\d\d:\d\d IST: it could not be refreshed\.$/, { normalizer: plainText })).toBeTruthy();
    await findCard('Weekly expiry');
    expect(screen.queryByText('The portfolios could not be loaded.')).toBeNull();
  });
});

describe('the bots of a portfolio when their read fails (issue 36)', () => {
  const stale = /^Last known, as of \d\d:\d\d:\d\d IST: it could not be refreshed\.$/;
  const deadNetwork = () =>
    server.use(
      http.get(portfolioRead, () => HttpResponse.error()),
      http.get(`${API}/api/accounts/all-accounts/`, () => HttpResponse.error()),
      http.get(`${API}/api/trading_bots/trading_bots/:portfolioId/`, () => HttpResponse.error()),
      http.get(`${API}/api/daily_bots/daily_bots/:portfolioId/`, () => HttpResponse.error()),
      http.get(`${API}/api/bots/state/:portfolioId/`, () => HttpResponse.error()),
      http.get(`${API}/api/base_strategies/base_strategies/`, () => HttpResponse.error()),
    );

  it('after a reload on a dead network, both lists show the device’s last-known copy as of its time, not "The bots could not be loaded."', async () => {
    const user = userEvent.setup();
    backend.botStates = [botState(straddleBot, 'trading', { state: 'in_position', entries_today: 1, open_positions: 2 })];
    const first = renderPortfolioScreen();
    const before = await findCard('Tuesday straddle');
    await within(before).findByText('In position');
    expect(within(before).getByText('Short straddle')).toBeTruthy();
    // The daily bots are read with the trading ones (each tab shows its count): kept too.
    await screen.findByRole('tab', { name: /^Daily bots \(1\)/ });
    first.unmount();
    // A reload: nothing of this visit in memory, only what the device kept.
    forgetLastKnown();
    store.set(portfolioListStampAtom, null);
    store.set(brokerPortfoliosAtom, []);
    store.set(tradingBotsAtom, { portfolioId: null, bots: [] });
    store.set(dailyBotsAtom, { portfolioId: null, bots: [] });
    store.set(baseStrategiesAtom, null);
    // The accounts the device kept with the session (spec §4) may be none: a trader who never opened Broker accounts.
    store.set(brokerAccountsAtom, []);

    deadNetwork();
    renderPortfolioScreen();
    const bot = await findCard('Tuesday straddle');
    // Its strategy by name and its state today as last read, not "Unknown strategy" and "Not known yet".
    expect(await within(bot).findByText('In position')).toBeTruthy();
    expect(within(bot).getByText('Short straddle')).toBeTruthy();
    expect(within(bot).queryByText('Unknown strategy')).toBeNull();
    const section = screen.getByRole('region', { name: /^Bots in/ });
    expect(within(section).getByText(stale, { normalizer: plainText })).toBeTruthy();
    expect(screen.queryByText('The bots could not be loaded.')).toBeNull();
    await user.click(screen.getByRole('tab', { name: /^Daily bots \(1\)/ }));
    await findCard('Morning condor');
    expect(screen.queryByText('The bots could not be loaded.')).toBeNull();
  });

  it('a list this visit already read stays, with the time it came, when a refresh fails', async () => {
    const first = renderPortfolioScreen();
    await findCard('Tuesday straddle');
    first.unmount();

    // Only the bots' reads fail: the portfolios came, so any "last known" note is the bots'.
    server.use(http.get(`${API}/api/trading_bots/trading_bots/:portfolioId/`, () => HttpResponse.error()));
    renderPortfolioScreen();
    await findCard('Tuesday straddle');
    const section = await screen.findByRole('region', { name: /^Bots in/ });
    expect(await within(section).findByText(stale, { normalizer: plainText })).toBeTruthy();
    expect(screen.queryByText('The bots could not be loaded.')).toBeNull();
  });
});
