/**
 * The analytics benchmark: a chart screen's first open under DevTools' Slow 4G and 4× CPU slowdown (bytes
 * transferred and time until the first candles are drawn), and the offline open of every analytics screen
 * after one visit (time until it says "as of" its saved copy). A benchmark, not a test: it prints tables.
 *
 *   npm run bench -- analytics              3 runs
 *   npm run bench -- analytics --runs 5
 *   npm run bench -- analytics --first-open-only   the chart's first open alone (no offline opens)
 *   npm run bench -- analytics --first-open-only --against /tmp/old-dist --waterfall
 *       the first opens of this build and of another build (a copy of an older dist/), taken in turns so
 *       both see the same load on a shared machine; --waterfall prints each open's requests (start, answer's
 *       headers, end, in seconds from the navigation) to see which request waits for which
 *
 * Builds the app when its sources changed (as `npm start` does), serves it with the real server on
 * 127.0.0.1 with a throw-away database, signs in as the demo trader, and uses the system Chromium.
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { CHROME_FLAGS, CHROME_PATH } from './support/lighthouse-runs.ts';
import { storeSessionToken } from '../e2e/support/session.ts';
import { serve, serveBuiltApp, type Served } from './support/serve.ts';
import { repoRoot } from '../../server/paths.ts';
import { spread, table, type Spread } from './support/stats.ts';
import { CPU_SLOWDOWN, SLOW_4G } from './support/throttled-lcp.ts';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    'first-open-only': { type: 'boolean', default: false },
    against: { type: 'string' },
    waterfall: { type: 'boolean', default: false },
  },
});
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs takes a whole number of runs, 1 or more');

const charts = ['/app/trading_view_chart?index=NIFTY&interval=1D', '/app/tv_chart?index=BANKNIFTY&interval=1D'];
const screens = ['/app/market_view', '/app/screener_ticker', '/app/recommendations', '/app/strategies', '/app/heat_map', ...charts, '/app/dashboards/default'];
const demo = { email: 'demo@strikedesk.in', password: 'StrikeDesk@2026' };

async function signIn(page: Page, base: string): Promise<void> {
  const response = await page.request.post(`${base}/api/authenticate/login/`, { data: demo });
  const { token } = (await response.json()) as { token: string };
  await page.goto(`${base}/auth/login`);
  await storeSessionToken(page, token);
}

const phone = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };

type Request = { url: string; start: number; headers?: number; end?: number; bytes?: number };

function printWaterfall(requests: Request[]): void {
  const at = (seconds?: number) => (seconds === undefined ? '-' : seconds.toFixed(2)).padStart(6);
  for (const request of requests.sort((a, b) => a.start - b.start)) {
    console.log(`  ${at(request.start)} ${at(request.headers)} ${at(request.end)} ${`${((request.bytes ?? 0) / 1024).toFixed(1)} KB`.padStart(9)}  ${request.url.slice(0, 100)}`);
  }
}

/** A signed-in trader opens a chart screen for the first time: nothing of it in the cache, throttled. */
async function chartFirstOpen(browser: Browser, base: string, path: string): Promise<{ ms: number; bytes: number; requests: Request[] }> {
  const context = await browser.newContext({ ...phone, serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    await signIn(page, base);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    let bytes = 0;
    // Each request's times, in seconds from the first (the navigation), for --waterfall.
    const requests = new Map<string, Request>();
    let firstAt: number | null = null;
    cdp.on('Network.requestWillBeSent', (event: { requestId: string; request: { url: string }; timestamp: number }) => {
      firstAt ??= event.timestamp;
      requests.set(event.requestId, { url: event.request.url.replace(base, ''), start: event.timestamp - firstAt });
    });
    cdp.on('Network.responseReceived', (event: { requestId: string; timestamp: number }) => {
      const request = requests.get(event.requestId);
      if (request && firstAt !== null) request.headers = event.timestamp - firstAt;
    });
    cdp.on('Network.loadingFinished', (event: { requestId: string; timestamp: number; encodedDataLength: number }) => {
      bytes += event.encodedDataLength;
      const request = requests.get(event.requestId);
      if (request && firstAt !== null) Object.assign(request, { end: event.timestamp - firstAt, bytes: event.encodedDataLength });
    });
    await cdp.send('Network.emulateNetworkConditions', { offline: false, ...SLOW_4G });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    const started = Date.now();
    await page.goto(`${base}${path}`, { waitUntil: 'commit', timeout: 120_000 });
    await page.locator('[data-testid="candle-chart"][aria-busy="false"] canvas').first().waitFor({ timeout: 120_000 });
    return { ms: Date.now() - started, bytes, requests: [...requests.values()] };
  } finally {
    await context.close();
  }
}

/** After one visit online to every analytics screen, each opened offline: time until its "as of" shows. */
async function offlineOpens(context: BrowserContext, base: string): Promise<Map<string, number>> {
  const page = await context.newPage();
  await signIn(page, base);
  await page.goto(`${base}/app/market_view`);
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  for (const path of screens) {
    await page.goto(`${base}${path}`);
    await page.getByTestId('as-of').first().waitFor({ timeout: 60_000 });
  }
  await context.setOffline(true);
  const times = new Map<string, number>();
  for (const path of screens) {
    const started = Date.now();
    await page.goto(`${base}${path}`);
    await page.getByTestId('as-of').first().waitFor({ timeout: 60_000 });
    times.set(path, Date.now() - started);
  }
  await context.setOffline(false);
  return times;
}

async function main(): Promise<void> {
  const served = await serveBuiltApp();
  // The other build, served by this checkout's server (one after the other: two starts at once can time out on a loaded machine).
  let other: Served | null = null;
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_FLAGS.filter((flag) => !flag.startsWith('--headless')) });
  try {
    if (values.against !== undefined) other = await serve(repoRoot, values.against);
    const builds: Array<{ label: string; url: string }> = [{ label: 'this build', url: served.url }];
    if (other !== null) builds.push({ label: values.against!, url: other.url });
    const first = new Map<string, { ms: number[]; bytes: number[] }>();
    const offline = new Map<string, number[]>();
    for (let run = 0; run < runs; run += 1) {
      for (const path of charts) {
        // In turns, starting with the other build every second run, so neither always goes first.
        const order = run % 2 === 0 ? builds : [...builds].reverse();
        for (const build of order) {
          const result = await chartFirstOpen(browser, build.url, path);
          const key = builds.length > 1 ? `${path} (${build.label})` : path;
          const entry = first.get(key) ?? { ms: [], bytes: [] };
          entry.ms.push(result.ms);
          entry.bytes.push(result.bytes);
          first.set(key, entry);
          if (values.waterfall) {
            console.log(`${key}, run ${run + 1}: ${(result.ms / 1000).toFixed(2)} s, load average ${loadavg()[0]!.toFixed(1)}`);
            printWaterfall(result.requests);
          }
        }
      }
      if (values['first-open-only']) continue;
      const context = await browser.newContext(phone);
      try {
        for (const [path, ms] of await offlineOpens(context, served.url)) offline.set(path, [...(offline.get(path) ?? []), ms]);
      } finally {
        await context.close();
      }
    }
    const show = (s: Spread, unit: (n: number) => string) => `${unit(s.median)} (${unit(s.min)}–${unit(s.max)})`;
    const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
    const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
    console.log(`Chart screens, first open by a signed-in trader (Slow 4G, ${CPU_SLOWDOWN}× CPU, empty cache), median (min–max) of ${runs}:`);
    console.log(table(['screen', 'transferred', 'to the first candles'], [...first].map(([path, entry]) => [path, show(spread(entry.bytes), kb), show(spread(entry.ms), seconds)])));
    if (values['first-open-only']) return;
    console.log(`\nOffline open after one visit (no throttling), time until "as of", median (min–max) of ${runs}:`);
    console.log(table(['screen', 'to "as of"'], [...offline].map(([path, ms]) => [path, show(spread(ms), (n) => `${n.toFixed(0)} ms`)])));
  } finally {
    await browser.close();
    await served.stop();
    await other?.stop();
  }
}

await main();
