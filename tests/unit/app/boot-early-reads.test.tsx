/**
 * A cold open of one of issue 40's chart screens: boot starts the screen's first read itself, from the early reads'
 * chunk (preloaded with the page), instead of waiting for the screen table in the shell's file. The app is replaced
 * by one that renders nothing, so the only start of the read left is boot's.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';

const started = vi.fn();
vi.mock('@/app/router/early-reads-at', () => ({ startEarlyReadsOf: started }));
vi.mock('@/app/pwa/register-service-worker', () => ({ startServiceWorker: vi.fn() }));
vi.mock('@/app/app', () => import('../support/inert-app'));
vi.stubGlobal('fetch', () => Promise.resolve(Response.json({})));

afterEach(() => {
  window.history.replaceState(null, '', '/');
});

describe('boot on a chart screen’s address', () => {
  it('starts that screen’s first read with the address’s query, once', async () => {
    window.history.replaceState(null, '', '/app/open_interest?index=NIFTY&day=2026-11-27&interval=1');
    const { boot } = await import('@/app/boot/boot');
    await boot(document.body.appendChild(document.createElement('div')));
    await vi.waitFor(() => expect(started).toHaveBeenCalledWith('open_interest', '?index=NIFTY&day=2026-11-27&interval=1'));
    expect(started).toHaveBeenCalledTimes(1);
  });
});

describe('earlyReadScreenAt', () => {
  it('names the four chart screens, and nothing else', async () => {
    const { earlyReadScreenAt } = await import('@/app/router/early-read-paths');
    expect(['/app/premium', '/app/open_interest', '/app/volatility', '/app/participants'].map(earlyReadScreenAt)).toEqual(['premium', 'open_interest', 'volatility', 'participants']);
    expect(['/app/order_book', '/app/dashboards/live-trade', '/app/premium/x', '/auth/login'].map(earlyReadScreenAt)).toEqual([null, null, null, null]);
  });
});
