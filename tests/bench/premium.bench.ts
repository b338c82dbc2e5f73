/**
 * The strategy premium chart's first open under DevTools' Slow 4G and 4× CPU slowdown: a signed-in trader
 * opens the chain's ATM straddle chart with nothing of it cached (no service worker), timed until the candles'
 * canvas is drawn, with the bytes transferred and the premium route's own answer (gzip, on the wire). A
 * benchmark, not a test: it prints a table. The server's simulator records the minutes the chart reads; the
 * first whole minute needs the server up two minutes, so it waits for them first (unthrottled). The recorder
 * records only while NSE's session is open (09:15–15:30 IST, real clock here): run outside it, the bench stops
 * with "no recorded minute" (seeding an imported day instead is still to do).
 *
 *   npm run bench -- premium              3 runs
 *   npm run bench -- premium --runs 5
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { chromium, type Browser, type Page } from '@playwright/test';
import { CHROME_FLAGS, CHROME_PATH } from './support/lighthouse-runs.ts';
import { storeSessionToken } from '../e2e/support/session.ts';
import { serveBuiltApp } from './support/serve.ts';
import { spread, table } from './support/stats.ts';
import { CPU_SLOWDOWN, SLOW_4G } from './support/throttled-lcp.ts';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' } } });
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs takes a whole number of runs, 1 or more');

const demo = { email: 'demo@strikedesk.in', password: 'StrikeDesk@2026' };
const phone = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };

async function signIn(page: Page, base: string): Promise<void> {
  const response = await page.request.post(`${base}/api/authenticate/login/`, { data: demo });
  const { token } = (await response.json()) as { token: string };
  await page.goto(`${base}/auth/login`);
  await storeSessionToken(page, token);
}

/** The chain's straddle link, once the recorder holds a whole minute of both legs (unthrottled). */
async function straddlePath(browser: Browser, base: string): Promise<string> {
  const context = await browser.newContext(phone);
  try {
    const page = await context.newPage();
    await signIn(page, base);
    await page.goto(`${base}/app/dashboards/live-trade`);
    const link = page.getByTestId('chain-straddle-chart').first();
    await link.waitFor({ timeout: 120_000 });
    const path = (await link.getAttribute('href')) as string;
    for (let tries = 0; tries < 30; tries += 1) {
      await page.goto(`${base}${path}`);
      try {
        await page.getByTestId('premium-source').waitFor({ timeout: 10_000 });
        return path;
      } catch {
        // Not recorded yet: the recorder keeps a minute only once it saw it whole.
      }
    }
    throw new Error('the straddle had no recorded minute after 5 minutes');
  } finally {
    await context.close();
  }
}

async function firstOpen(browser: Browser, base: string, path: string): Promise<{ ms: number; bytes: number; premiumBytes: number }> {
  const context = await browser.newContext({ ...phone, serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    await signIn(page, base);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    let bytes = 0;
    let premiumBytes = 0;
    const urls = new Map<string, string>();
    cdp.on('Network.requestWillBeSent', (event: { requestId: string; request: { url: string } }) => urls.set(event.requestId, event.request.url));
    cdp.on('Network.loadingFinished', (event: { requestId: string; encodedDataLength: number }) => {
      bytes += event.encodedDataLength;
      if (urls.get(event.requestId)?.includes('/api/market-history/premium/')) premiumBytes = event.encodedDataLength;
    });
    await cdp.send('Network.emulateNetworkConditions', { offline: false, ...SLOW_4G });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    const started = Date.now();
    await page.goto(`${base}${path}`, { waitUntil: 'commit', timeout: 120_000 });
    await page.locator('[data-testid="premium-chart"] canvas').first().waitFor({ timeout: 120_000 });
    return { ms: Date.now() - started, bytes, premiumBytes };
  } finally {
    await context.close();
  }
}

async function main(): Promise<void> {
  const served = await serveBuiltApp();
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_FLAGS.filter((flag) => !flag.startsWith('--headless')) });
  try {
    const path = await straddlePath(browser, served.url);
    const results = [];
    for (let run = 0; run < runs; run += 1) results.push(await firstOpen(browser, served.url, path));
    const ms = spread(results.map((result) => result.ms));
    const kb = (value: number) => `${(value / 1024).toFixed(1)} KB`;
    console.log(`\nPremium chart first open, Slow 4G + ${CPU_SLOWDOWN}× CPU, ${runs} runs, load average ${loadavg().map((value) => value.toFixed(1)).join(' ')}`);
    console.log(
      table(
        ['open', 'until candles drawn (median, min–max)', 'bytes transferred', 'premium answer (gzip)'],
        [[path.slice(0, 40), `${(ms.median / 1000).toFixed(2)} s (${(ms.min / 1000).toFixed(2)}–${(ms.max / 1000).toFixed(2)} s)`, kb(spread(results.map((r) => r.bytes)).median), kb(spread(results.map((r) => r.premiumBytes)).median)]],
      ),
    );
  } finally {
    await browser.close();
    await served.stop();
  }
}

await main();
