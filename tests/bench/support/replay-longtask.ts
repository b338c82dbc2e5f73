/**
 * The replay desk at 60× in Chromium (issue 39: "60× replay keeps the chain's longest task under 50 ms at
 * 360 px"): the app as built now, served by the real server, 8 July 2024 imported (a bhavcopy of 41 strikes an
 * expiry, chainDay below, and the parsers' fixture NIFTY minutes), a replay of it started from the picker, the desk at 360 × 800 with the chain shown, then
 * 60× for `seconds` while a PerformanceObserver counts the page's long tasks (support/main-thread.ts).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { repoRoot } from '../../../server/paths.ts';
import { storeSessionToken } from '../../e2e/support/session.ts';
import { udiffDay } from '../../e2e/support/udiff-day.ts';
import { CHROME_FLAGS, CHROME_PATH } from './lighthouse-runs.ts';
import { measure, type Figures } from './main-thread.ts';
import { buildIfChanged, serve } from './serve.ts';

/** An 80 ms task run on purpose, as the page's long-task observer saw it: a 0 ms figure above is then no blind observer's. */
async function observerCheck(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const observer = new PerformanceObserver((list) => {
          observer.disconnect();
          resolve(Math.max(...list.getEntries().map((entry) => entry.duration)));
        });
        observer.observe({ type: 'longtask' });
        setTimeout(() => {
          const end = performance.now() + 80;
          while (performance.now() < end);
        }, 0);
        setTimeout(() => resolve(0), 5000);
      }),
  );
}

/**
 * 8 July 2024's bhavcopy as the browser tests build one (e2e/support/udiff-day.ts): 41 NIFTY strikes 50 apart
 * around 24,300 for the week's expiry and the next (the parsers' fixture holds one strike an expiry, too small a
 * chain to measure), each call and put worth its intrinsic value and a time value fading away from the money.
 */
function chainDay() {
  const settle: Record<number, [number, number]> = {};
  for (let n = -20; n <= 20; n += 1) {
    const strike = 24_300 + 50 * n;
    const time = Math.round(150 * Math.exp(-((n / 8) ** 2)) + 2);
    settle[strike] = [Math.max(0, 24_320 - strike) + time, Math.max(0, strike - 24_320) + time];
  }
  return udiffDay('2024-07-08', ['2024-07-11', '2024-07-18'], 24_320, settle);
}

const fixtures = new URL('../../server/history/fixtures/', import.meta.url);
const file = (name: string, mimeType: string) => ({ name, mimeType, buffer: readFileSync(new URL(name, fixtures)) });

/** `port` 0: any free one; a fixed one where the machine's ports are shared out among developers. */
export async function replayLongTasks(seconds: number, port: number): Promise<Figures & { replayedFrom: string; replayedTo: string; observerCheckMs: number }> {
  await buildIfChanged();
  const served = await serve(repoRoot, join(repoRoot, 'dist'), port);
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_FLAGS });
  try {
    const context = await browser.newContext({ baseURL: served.url, viewport: { width: 360, height: 800 } });
    // tsx keeps function names with a helper (__name) that the page does not have: give it one.
    await context.addInitScript({ content: 'globalThis.__name = (fn) => fn;' });
    const page = await context.newPage();
    const login = await page.request.post('/api/authenticate/login/', { data: { email: 'demo@strikedesk.in', password: 'StrikeDesk@2026' } });
    const token = ((await login.json()) as { token: string }).token;
    const headers = { authorization: `Bearer ${token}` };
    const imported = await page.request.post('/api/market-history/imports/', { headers, multipart: { files: chainDay() } });
    const minutes = await page.request.post('/api/market-history/imports/', { headers, multipart: { files: file('NIFTY_minute_2024-07-08.csv', 'text/csv') } });
    if (!imported.ok() || !minutes.ok()) throw new Error(`import: ${imported.status()} ${await imported.text()} / ${minutes.status()} ${await minutes.text()}`);
    await storeSessionToken(page, token);
    await page.goto('/app/dashboards/live-trade');
    await page.getByRole('button', { name: 'Replay a day' }).click({ timeout: 120_000 });
    const dialog = page.getByRole('dialog', { name: 'Replay a past day' });
    await dialog.getByLabel('Day').selectOption('NIFTY/2024-07-08');
    await dialog.getByLabel('Start at (IST)').fill('09:15');
    await dialog.getByRole('button', { name: 'Start the replay' }).click();
    // The chain shown: its rows' trade buttons (the replay's book opens with its first read).
    await page.getByRole('button', { name: /modelled, trade NIFTY/ }).first().waitFor({ timeout: 120_000 });
    const bar = page.getByRole('region', { name: 'Replay controls' });
    const minute = async () => /\d\d:\d\d/.exec((await bar.textContent()) ?? '')?.[0] ?? '?';
    await bar.getByRole('button', { name: '60 replayed minutes a minute' }).click();
    const replayedFrom = await minute();
    const figures = await measure(page, seconds * 1000, 'idle', '[data-chain-scroll]');
    const replayedTo = await minute();
    await page.screenshot({ path: 'test-results/replay-bench/desk-360-60x.png' });
    return { ...figures, replayedFrom, replayedTo, observerCheckMs: await observerCheck(page) };
  } finally {
    await browser.close();
    await served.stop();
  }
}
