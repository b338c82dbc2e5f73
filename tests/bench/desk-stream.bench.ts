/**
 * The desk's mobile-data benchmark: what the live-trade desk costs in price data while it sits open, on the
 * wire (compressed bytes as received, headers aside), at a phone's 360 px and a desktop's 1440 px, in the
 * system Chromium against the real server in demo mode (every price ticking once a second). Counted through
 * the DevTools protocol: every chunk of the price stream and of the market_data polling fallback the page
 * received while measuring, scaled to a minute. A benchmark, not a test.
 *
 *   npm run bench -- desk-stream                 30 s per width
 *   npm run bench -- desk-stream --seconds 60
 */
import { parseArgs } from 'node:util';
import { chromium, type Page } from '@playwright/test';
import { storeSessionToken } from '../e2e/support/session.ts';
import { CHROME_FLAGS, CHROME_PATH } from './support/lighthouse-runs.ts';
import { serveBuiltApp } from './support/serve.ts';
import { table } from './support/stats.ts';

const { values } = parseArgs({ options: { seconds: { type: 'string', default: '30' } } });
const measureMs = Number(values.seconds) * 1000;
if (!Number.isFinite(measureMs) || measureMs <= 0) throw new Error('--seconds takes a positive number of seconds');

const widths = [
  { name: 'phone', width: 360, height: 780 },
  { name: 'desktop', width: 1440, height: 900 },
] as const;

type Figures = { streams: number; instruments: number; chunks: { atMs: number; kind: 'stream' | 'poll'; bytes: number }[] };

const isStream = (url: string) => url.includes('/api/market/stream/');
const isPoll = (url: string) => url.includes('/functions/v1/market_data');

/** Starts counting the bytes received on the wire for the price stream and the polling fallback. */
async function countPriceBytes(page: Page): Promise<{ figures: Figures; elapsed: () => number; stop: () => Promise<void> }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const kinds = new Map<string, 'stream' | 'poll'>();
  const figures: Figures = { streams: 0, instruments: 0, chunks: [] };
  const started = performance.now();
  cdp.on('Network.requestWillBeSent', ({ requestId, request }) => {
    if (isStream(request.url)) {
      kinds.set(requestId, 'stream');
      figures.streams += 1;
      const body = request.postData === undefined ? null : (JSON.parse(request.postData) as { instruments?: string[] });
      figures.instruments = body?.instruments?.length ?? figures.instruments;
    } else if (isPoll(request.url)) kinds.set(requestId, 'poll');
  });
  cdp.on('Network.dataReceived', ({ requestId, encodedDataLength }) => {
    const kind = kinds.get(requestId);
    if (kind !== undefined) figures.chunks.push({ atMs: performance.now() - started, kind, bytes: encodedDataLength });
  });
  return { figures, elapsed: () => performance.now() - started, stop: () => cdp.detach() };
}

/** The first seconds (the desk's widgets subscribing one after the other, each reopening the stream). */
const settleMs = 10_000;

async function main(): Promise<void> {
  const served = await serveBuiltApp();
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_FLAGS });
  const rows: string[][] = [];
  try {
    for (const { name, width, height } of widths) {
      const context = await browser.newContext({ baseURL: served.url, viewport: { width, height } });
      const page = await context.newPage();
      const login = await page.request.post('/api/authenticate/login/', { data: { email: 'demo@strikedesk.in', password: 'StrikeDesk@2026' } });
      await storeSessionToken(page, ((await login.json()) as { token: string }).token);
      // Counting starts before the desk opens, so its first stream (and snapshot) counts too.
      const { figures, elapsed, stop } = await countPriceBytes(page);
      await page.goto('/app/dashboards/live-trade');
      await page.locator('tr[aria-current="true"]').waitFor({ timeout: 60_000 });
      await page.waitForTimeout(settleMs);
      const steadyFrom = elapsed();
      await page.waitForTimeout(measureMs);
      await stop();
      const sum = (from: number, kind?: 'stream' | 'poll') =>
        figures.chunks.filter((chunk) => chunk.atMs >= from && (kind === undefined || chunk.kind === kind)).reduce((total, chunk) => total + chunk.bytes, 0);
      const perMinute = (bytes: number) => `${(((bytes / measureMs) * 60_000) / 1000).toFixed(1)} KB`;
      rows.push([
        `${name} (${width} px)`,
        String(figures.instruments),
        String(figures.streams),
        perMinute(sum(steadyFrom)),
        perMinute(sum(steadyFrom, 'stream')),
        perMinute(sum(steadyFrom, 'poll')),
        `${((sum(steadyFrom) / measureMs) * 3600_000 / 1e6).toFixed(1)} MB`,
        `${(sum(0) / 1000).toFixed(1)} KB`,
      ]);
      await context.close();
    }
  } finally {
    await browser.close();
    await served.stop();
  }
  console.log(`\nThe live-trade desk's price data on the wire (compressed, as received), the last ${measureMs / 1000} s of the desk sitting open scaled to a minute\n`);
  console.log(table(['desk', 'instruments streamed', 'streams opened', 'a minute', 'of it stream', 'of it polling', 'an hour', `all counted (${(settleMs + measureMs) / 1000} s, opening included)`], rows));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
