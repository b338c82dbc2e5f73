/**
 * The chart screens' first open (issue 40: ≤ 5 s on Slow 4G with a 4× slower CPU), open interest, the strategy
 * premium chart and volatility, each on an imported bhavcopy day so it runs at any hour: a signed-in trader
 * opens /app/open_interest with an empty cache and no service worker, DevTools' Slow 4G and 4× CPU slowdown
 * (throttled-lcp.ts), timed from the navigation to the screen's content: the expiry's profile for a day of
 * NSE's bhavcopy (a full-size synthetic one, 200 NIFTY strikes an expiry, imported first), and, when the demo
 * market has recorded today's minutes (only while its session is open), the intraday chart drawn at 1-minute
 * buckets; then the premium chart of a straddle on that day (a day candle) and the volatility screen (its smile).
 * Prints medians (min–max) and the load average; a benchmark, not a test.
 *
 *   npm run bench -- open-interest [--runs 3] [--port 5035]
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { join } from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { repoRoot } from '../../server/paths.ts';
import { storeSessionToken } from '../e2e/support/session.ts';
import { bhavcopy } from './support/bhavcopy-days.ts';
import { CHROME_FLAGS, CHROME_PATH } from './support/lighthouse-runs.ts';
import { buildIfChanged, serve } from './support/serve.ts';
import { spread, table } from './support/stats.ts';
import { CPU_SLOWDOWN, SLOW_4G } from './support/throttled-lcp.ts';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' }, port: { type: 'string', default: '0' } } });
const runs = Number(values.runs);
const demo = { email: 'demo@strikedesk.in', password: 'StrikeDesk@2026' };
const phone = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };

async function token(base: string): Promise<string> {
  const response = await fetch(`${base}/api/authenticate/login/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(demo) });
  return ((await response.json()) as { token: string }).token;
}

async function firstOpen(browser: Browser, base: string, bearer: string, path: string, drawn: string): Promise<{ ms: number; bytes: number }> {
  const context = await browser.newContext({ ...phone, serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    await page.goto(`${base}/auth/login`, { timeout: 120_000 });
    await storeSessionToken(page, bearer);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    let bytes = 0;
    cdp.on('Network.loadingFinished', (event: { encodedDataLength: number }) => {
      bytes += event.encodedDataLength;
    });
    await cdp.send('Network.emulateNetworkConditions', { offline: false, ...SLOW_4G });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    const started = Date.now();
    await page.goto(`${base}${path}`, { waitUntil: 'commit', timeout: 120_000 });
    await page.locator(drawn).first().waitFor({ timeout: 120_000 });
    return { ms: Date.now() - started, bytes };
  } finally {
    await context.close();
  }
}

async function main(): Promise<void> {
  await buildIfChanged();
  const served = await serve(repoRoot, join(repoRoot, 'dist'), Number(values.port));
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_FLAGS.filter((flag) => !flag.startsWith('--headless')) });
  try {
    const bearer = await token(served.url);
    const day = '2024-07-02';
    const upload = await fetch(`${served.url}/api/market-history/imports/?file_name=BhavCopy_NSE_FO_0_0_0_20240702_F_0000.csv`, {
      method: 'POST',
      headers: { authorization: `Bearer ${bearer}`, 'content-type': 'text/csv' },
      body: new Uint8Array(bhavcopy(day, 1)),
    });
    if (!upload.ok) throw new Error(`the bhavcopy was refused: ${await upload.text()}`);
    const read = await fetch(`${served.url}/api/market-history/open-interest/?index=NIFTY`, { headers: { authorization: `Bearer ${bearer}` } });
    const latest = (await read.json()) as { days: { day: string; sources: string[] }[] };
    // The other two chart screens of issue 40 on the same imported day: the strategy premium chart of NIFTY's
    // nearest expiry's 24,300 straddle (day candles, the bhavcopy's settlements) and the volatility screen (the day
    // with prices it opens on by default, its smile drawn from the bhavcopy).
    const straddle = 'NIFTY:2024-07-04:24300:CE:S:1,NIFTY:2024-07-04:24300:PE:S:1';
    const opens: [string, string, string][] = [
      [`bhavcopy day (${day}), profile`, `/app/open_interest?index=NIFTY&day=${day}`, '[data-testid="oi-profile"]'],
      [`premium chart, straddle, bhavcopy day (${day}), day candle`, `/app/premium?legs=${encodeURIComponent(straddle)}&from=${day}&interval=1d`, '[data-testid="premium-chart"] canvas'],
      ['volatility, latest day with prices, smile', '/app/volatility?index=NIFTY', '[data-testid="iv-smile-chart"] canvas'],
    ];
    const today = latest.days.find((listed) => listed.sources.includes('simulated'));
    if (today !== undefined) opens.push([`simulated day (${today.day}), 1-minute chart`, `/app/open_interest?index=NIFTY&day=${today.day}&interval=1`, '[data-testid="oi-strikes-chart"] canvas']);
    else console.log('The demo market has recorded no minutes yet (its session is closed): the intraday open is not measured.');
    const rows: string[][] = [];
    const load: number[] = [loadavg()[0] ?? 0];
    for (const [label, path, drawn] of opens) {
      const times: number[] = [];
      const bytes: number[] = [];
      for (let run = 0; run < runs; run += 1) {
        const result = await firstOpen(browser, served.url, bearer, path, drawn);
        times.push(result.ms);
        bytes.push(result.bytes);
        load.push(loadavg()[0] ?? 0);
      }
      const s = spread(times);
      rows.push([label, `${(spread(bytes).median / 1000).toFixed(1)} KB`, `${(s.median / 1000).toFixed(2)} s (${(s.min / 1000).toFixed(2)}–${(s.max / 1000).toFixed(2)} s)`, '≤ 5 s']);
    }
    console.log(table(['first open, Slow 4G + 4× CPU', 'transferred', 'median (min–max)', 'goal'], rows));
    console.log(`load average (1 min) during the runs: ${Math.min(...load).toFixed(1)}–${Math.max(...load).toFixed(1)} on ${runs} runs each`);
  } finally {
    await browser.close();
    await served.stop();
  }
}

await main();
