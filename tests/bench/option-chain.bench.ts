/**
 * The option-chain benchmark: the live-trade screen (index strip and every strike of a NIFTY chain, over 500
 * instruments, every price ticking once a second from the real server in demo mode) in the system Chromium,
 * measured while idle, while the chain scrolls, and while typing into a text field on the same page: the longest main-thread task and the
 * frames that took longer than two refreshes (dropped). A benchmark, not a test.
 *
 *   npm run bench -- option-chain                 5 s per phase
 *   npm run bench -- option-chain --seconds 10
 */
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { storeSessionToken } from '../e2e/support/session.ts';
import { CHROME_FLAGS, CHROME_PATH } from './support/lighthouse-runs.ts';
import { serveBuiltApp } from './support/serve.ts';
import { measure, type Figures } from './support/main-thread.ts';
import { table } from './support/stats.ts';

const { values } = parseArgs({ options: { seconds: { type: 'string', default: '5' } } });
const phaseMs = Number(values.seconds) * 1000;

async function main(): Promise<void> {
  const served = await serveBuiltApp();
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_FLAGS });
  try {
    const context = await browser.newContext({ baseURL: served.url, viewport: { width: 1280, height: 800 } });
    // tsx keeps function names with a helper (__name) that the page does not have: give it one.
    await context.addInitScript({ content: 'globalThis.__name = (fn) => fn;' });
    const page = await context.newPage();
    const login = await page.request.post('/api/authenticate/login/', { data: { email: 'demo@strikedesk.in', password: 'StrikeDesk@2026' } });
    await storeSessionToken(page, ((await login.json()) as { token: string }).token);
    await page.goto('/app/dashboards/live-trade');
    await page.locator('tr[aria-current="true"]').waitFor({ timeout: 60_000 });
    // Every strike of the expiry (about 500 contracts), as the figure asks.
    await page.getByRole('combobox', { name: 'Strikes' }).selectOption('all');
    // The ladder renders the rows in view; the table counts every strike (and its two header rows).
    const ladder = page.locator('[data-chain-scroll] table');
    await page.waitForFunction(() => Number(document.querySelector('[data-chain-scroll] table')?.getAttribute('aria-rowcount')) > 200, undefined, { timeout: 60_000 });
    const strikes = Number(await ladder.getAttribute('aria-rowcount')) - 2;
    // What ticks: the strip's five indices and both sides of every strike (each a contract the stream sends).
    const ticking = 5 + 2 * strikes;
    // Let a few ticks land before measuring.
    await page.waitForTimeout(3000);
    const rows: [string, Figures][] = [];
    for (const phase of ['idle', 'scroll', 'type'] as const) rows.push([phase, await measure(page, phaseMs, phase, '[data-chain-scroll]')]);
    const ms = (value: number) => `${Math.round(value)} ms`;
    console.log(
      `\nLive trade at 1280 px: the strip (5 indices) and every strike of the NIFTY chain (${strikes} strikes, two contracts each): ${ticking} instruments ticking once a second, ${phaseMs / 1000} s per phase\n`,
    );
    console.log(
      table(
        ['phase', 'longest task', 'long tasks (> 50 ms)', 'frames', 'dropped frames (> 33 ms)', 'worst frame'],
        rows.map(([phase, f]) => [phase, ms(f.longestTaskMs), String(f.longTasks), String(f.frames), String(f.droppedFrames), ms(f.worstFrameMs)]),
      ),
    );
  } finally {
    await browser.close();
    await served.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
