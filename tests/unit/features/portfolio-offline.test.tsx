/**
 * Offline and failed reads on the portfolios screen, with the app's real error notifier listening: no
 * figure from a list that did not come, one message per failure, the last known allocation with its time,
 * and a screen that fills itself in when the connection comes back.
 */
import { act, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startApiErrorNotifier } from '@/app/session/api-error-notifier';
import { API, findCard, notifications, renderPortfolioScreen, server, usePortfolioBackend } from './portfolio-harness';
import { portfolioListStampAtom } from '@/features/portfolios/atoms/portfolio-list-stamp-atom';
import { brokerPortfoliosAtom } from '@/lib/session/user-profile-atoms';
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
