/**
 * On a signed-in visit the toasts' region and the update offer are mounted, and the notifier of failed calls and the
 * route error screen fetched, once the screen has drawn (whenPageIdle: the load event, `afterLoadMs`, then an idle
 * moment), not at the load event, which on a chart's first open on Slow 4G came before the chart drew (issue 61,
 * session 83); the trader's first press starts them at once.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { overlaysWantedAtom } from '@/app/app';
import { afterScreenDrawn } from '@/app/layouts/after-screen-drawn';
import { store } from '@/lib/store';
import { afterLoadMs } from '@/lib/when-page-idle';

const loaded = vi.hoisted(() => ({ notifier: 0, errorScreen: 0 }));
vi.mock('@/app/app', () => import('../support/inert-app'));
vi.mock('@/app/session/api-error-notifier', () => {
  loaded.notifier += 1;
  return {};
});
vi.mock('@/app/router/app-router', () => ({
  loadRouteErrorScreen: () => {
    loaded.errorScreen += 1;
  },
}));

beforeEach(() => {
  vi.useFakeTimers();
  store.set(overlaysWantedAtom, false);
  Object.defineProperty(document, 'readyState', { value: 'loading', configurable: true });
});

afterEach(() => {
  vi.useRealTimers();
  Reflect.deleteProperty(document, 'readyState');
});

describe('what a signed-in screen does not need to draw', () => {
  it('waits past the load event until the page has been idle after it', async () => {
    const stop = afterScreenDrawn();
    window.dispatchEvent(new Event('load'));
    await vi.advanceTimersByTimeAsync(afterLoadMs - 1);
    expect(store.get(overlaysWantedAtom)).toBe(false);
    expect(loaded).toEqual({ notifier: 0, errorScreen: 0 });

    await vi.advanceTimersByTimeAsync(1);
    expect(store.get(overlaysWantedAtom)).toBe(true);
    await vi.waitFor(() => expect(loaded).toEqual({ notifier: 1, errorScreen: 1 }));
    stop();
  });

  it("starts at the trader's first press, before the wait is over, so a toast it answers with has its region", async () => {
    const stop = afterScreenDrawn();
    window.dispatchEvent(new Event('load'));
    await vi.advanceTimersByTimeAsync(100);
    expect(store.get(overlaysWantedAtom)).toBe(false);
    window.dispatchEvent(new Event('pointerdown'));
    expect(store.get(overlaysWantedAtom)).toBe(true);
    await vi.waitFor(() => expect(loaded.errorScreen).toBe(2));
    stop();
  });
});
