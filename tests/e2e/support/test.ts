/**
 * Playwright's test, with every browser context on the server's clock. The shared e2e server runs on a clock
 * pinned to 11:00 IST of the latest trading day (start-server.ts), so the suite meets the same market
 * whenever it runs; each browser reads the same time, as a trader's device does on the real clock (prices'
 * ages, a broker session's end, the day's expiries). The time then flows at the real pace.
 */
import { chromium, test as base, type BrowserContext } from '@playwright/test';
import { chromiumArgs, fullChromiumExecutable } from './chromium';
import { kiteURL } from './kite';

export * from '@playwright/test';

/** The server's "now" (the Kite test server beside it shares its clock). */
export async function serverNow(): Promise<Date> {
  const response = await fetch(`${kiteURL}/__control/now`);
  if (!response.ok) throw new Error(`/__control/now answered ${response.status}`);
  return new Date(((await response.json()) as { result: string }).result);
}

/** Puts a context the test made itself on the server's clock (the `context` fixture is already on it). */
export async function onServerClock(context: BrowserContext): Promise<void> {
  await context.clock.install({ time: await serverNow() });
}

export const test = base.extend({
  context: async ({ context }, use) => {
    await onServerClock(context);
    await use(context);
  },
});

/**
 * The same test, whose `page` is in the full browser rather than the headless shell the suite runs on
 * (support/chromium.ts): the headless shell shows no notification. A test-scoped fixture, so the test keeps its
 * place among the others instead of waiting for a worker of its own at the end of the run.
 */
export const fullBrowserTest = test.extend({
  page: async ({ baseURL, locale, timezoneId }, use) => {
    const browser = await chromium.launch({ executablePath: fullChromiumExecutable, args: chromiumArgs });
    try {
      // Its reason to be is what the app's service worker shows: allowed here though the suite blocks it.
      const context = await browser.newContext({ baseURL, locale, timezoneId, serviceWorkers: 'allow' });
      await onServerClock(context);
      await use(await context.newPage());
    } finally {
      await browser.close();
    }
  },
});
