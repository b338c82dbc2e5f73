/**
 * A cold open of an options chart's address (issue 61): boot sends the screen's first read itself, once the session
 * is restored, without waiting for the router and the screen table in the shell's file (the largest file of the first
 * open, run last on a slow phone). Here the router never arrives: the read goes out all the same, with the token.
 */
import * as idb from 'idb-keyval';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_KEY } from '@/lib/session/session-persistence';

vi.mock('@/app/pwa/register-service-worker', () => ({ startServiceWorker: vi.fn() }));
vi.mock('@/app/app', () => import('../support/inert-app'));
// The shell's router, with the screen table that starts the screens' reads, never gets as far as the screen.
vi.mock('@/app/router/app-router', () => ({ preloadScreensAt: () => new Promise(() => undefined), loadRouteErrorScreen: vi.fn() }));

const config = { api_base_url: 'http://api.test', analytics_url: 'http://api.test/analytics', analytics_anon_key: 'k' };
const sent: { url: string; authorization: string | null }[] = [];
vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
  const request = input instanceof Request ? input : new Request(new URL(String(input), window.location.origin), init);
  sent.push({ url: request.url, authorization: request.headers.get('authorization') });
  return Promise.resolve(request.url.endsWith('/config.json') ? Response.json(config) : Response.json({ code: 'open_interest.no_day', message: 'none' }, { status: 404 }));
});

afterEach(async () => {
  await idb.del(TOKEN_KEY);
  window.history.replaceState(null, '', '/');
});

describe('boot on an options chart’s address', () => {
  it('sends the open-interest screen’s first read for the address’s query before the shell has arrived', async () => {
    window.history.replaceState(null, '', '/app/open_interest?index=NIFTY&day=2026-11-27&interval=1');
    await idb.set(TOKEN_KEY, 'a-session-token');
    const { boot } = await import('@/app/boot/boot');
    void boot(document.body.appendChild(document.createElement('div')));
    await vi.waitFor(() => expect(sent.some(({ url }) => url.includes('/api/market-history/open-interest/'))).toBe(true), { timeout: 30_000 });
    const reads = sent.filter(({ url }) => url.includes('/api/market-history/'));
    expect(reads).toHaveLength(1);
    const read = new URL(reads[0]!.url);
    expect(read.origin).toBe(config.api_base_url);
    expect(read.pathname).toBe('/api/market-history/open-interest/');
    expect(Object.fromEntries(read.searchParams)).toEqual({ index: 'NIFTY', day: '2026-11-27', interval: '1' });
    expect(reads[0]!.authorization).toBe('Bearer a-session-token');
    // Boot's imports on a loaded machine take seconds: the bounds are for that, not for the read.
  }, 60_000);
});

describe('earlyReadScreenAt', () => {
  it('names the four options charts, and nothing else', async () => {
    const { earlyReadScreenAt } = await import('@/app/router/early-read-paths');
    expect(['/app/premium', '/app/open_interest/', '/app/volatility', '/app/participants'].map(earlyReadScreenAt)).toEqual(['premium', 'open_interest', 'volatility', 'participants']);
    expect(['/app/order_book', '/app/tv_chart', '/app/premium/x', '/auth/login', '/premium'].map(earlyReadScreenAt)).toEqual([null, null, null, null, null]);
  });
});
