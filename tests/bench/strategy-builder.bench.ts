/**
 * The strategy builder benchmark: dragging a payoff slider with a 6-leg strategy on screen (an iron condor
 * and two legs added at the money), in the system Chromium against the real server. Prints frames per second,
 * frames that missed (> 33 ms), the worst frame (a task over 16 ms shows there as a frame of 33 ms or more),
 * and the longest the page took to handle one slider input (dispatch to return, the synchronous render
 * included), with the screen chunk's size. A benchmark, not a test.
 *
 *   npm run bench -- strategy-builder                 5 s a slider
 *   npm run bench -- strategy-builder --seconds 10
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from '@playwright/test';
import { repoRoot } from '../../server/paths.ts';
import { storeSessionToken } from '../e2e/support/session.ts';
import { CHROME_FLAGS, CHROME_PATH } from './support/lighthouse-runs.ts';
import { buildIfChanged, serve } from './support/serve.ts';
import { table } from './support/stats.ts';

const { values } = parseArgs({ options: { seconds: { type: 'string', default: '5' } } });
const dragMs = Number(values.seconds) * 1000;

type Drag = { frames: number; fps: number; missed: number; worstFrameMs: number; slowestInputMs: number; longestTaskMs: number };

/** Moves the slider named `label` one step every frame, back and forth across its range, for `ms`. */
function drag(page: Page, label: string, ms: number): Promise<Drag> {
  return page.evaluate(
    ({ name, duration }) =>
      new Promise<Drag>((resolve) => {
        const slider = [...document.querySelectorAll<HTMLInputElement>('input[type="range"]')].find((input) => input.labels?.[0]?.textContent?.trim() === name);
        if (slider === undefined) throw new Error(`no slider named ${name}`);
        const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
        const inputs: number[] = [];
        const tasks: number[] = [];
        const long = new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) tasks.push(entry.duration);
        });
        long.observe({ type: 'longtask' });
        const min = Number(slider.min);
        const max = Number(slider.max);
        const step = (max - min) / 120;
        let value = Number(slider.value);
        let direction = 1;
        const gaps: number[] = [];
        const start = performance.now();
        let last = start;
        const frame = (now: number) => {
          gaps.push(now - last);
          last = now;
          if (value + step * direction > max || value + step * direction < min) direction = -direction;
          value += step * direction;
          const handling = performance.now();
          setValue.call(slider, String(value));
          slider.dispatchEvent(new Event('input', { bubbles: true }));
          inputs.push(performance.now() - handling);
          if (now - start < duration) requestAnimationFrame(frame);
          else {
            requestAnimationFrame(() => {
              long.disconnect();
              resolve({
                frames: gaps.length,
                fps: (gaps.length / (now - start)) * 1000,
                missed: gaps.filter((gap) => gap > 33).length,
                worstFrameMs: Math.max(0, ...gaps.slice(1)),
                slowestInputMs: Math.max(0, ...inputs),
                longestTaskMs: Math.max(0, ...tasks),
              });
            });
          }
        };
        requestAnimationFrame(frame);
      }),
    { name: label, duration: ms },
  );
}

async function main(): Promise<void> {
  await buildIfChanged();
  const assets = join(repoRoot, 'dist', 'assets');
  const chunk = readdirSync(assets).find((file) => /^strategy-builder-screen-.*\.js$/.test(file));
  const chunkKb = chunk === undefined ? Number.NaN : gzipSync(readFileSync(join(assets, chunk))).length / 1024;
  const served = await serve(repoRoot, join(repoRoot, 'dist'));
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_FLAGS });
  try {
    const context = await browser.newContext({ baseURL: served.url, viewport: { width: 1280, height: 900 } });
    // tsx keeps function names with a helper (__name) that the page does not have: give it one.
    await context.addInitScript({ content: 'globalThis.__name = (fn) => fn;' });
    const page = await context.newPage();
    const login = await page.request.post('/api/authenticate/login/', { data: { email: 'demo@strikedesk.in', password: 'StrikeDesk@2026' } });
    await storeSessionToken(page, ((await login.json()) as { token: string }).token);
    await page.goto('/app/strategy-builder');
    const expiry = page.getByLabel('Expiry', { exact: true }).first();
    await expiry.selectOption((await expiry.locator('option').nth(1).getAttribute('value')) ?? '');
    const condor = page.getByRole('button', { name: 'Iron condor', exact: true });
    for (let attempt = 0; (await page.getByTestId('leg-card').count()) < 4 && attempt < 40; attempt += 1) {
      if (await condor.isEnabled()) await condor.click();
      await page.waitForTimeout(500);
    }
    for (let added = 0; added < 2; added += 1) await page.getByRole('button', { name: 'Add at the money' }).click();
    const legs = await page.getByTestId('leg-card').count();
    if (legs !== 6) throw new Error(`expected 6 legs on screen, found ${legs}`);
    await page.getByTestId('today-line').waitFor();
    const rows: string[][] = [];
    for (const slider of ['Spot', 'Implied volatility shift', 'Days to expiry (the dashed line)']) {
      const result = await drag(page, slider, dragMs);
      rows.push([
        slider,
        result.fps.toFixed(0),
        `${result.missed} of ${result.frames}`,
        `${Math.round(result.worstFrameMs)} ms`,
        `${result.slowestInputMs.toFixed(1)} ms`,
        result.longestTaskMs === 0 ? 'none over 50 ms' : `${Math.round(result.longestTaskMs)} ms`,
      ]);
    }
    console.log(`\nThe strategy builder at 1280 px with 6 legs, each slider dragged one step a frame for ${dragMs / 1000} s; screen chunk ${chunkKb.toFixed(1)} KB gzip\n`);
    console.log(table(['slider', 'frames/s', 'missed frames (> 33 ms)', 'worst frame', 'longest input handling', 'longest task'], rows));
    console.log('\nGoal: 60 frames/s and no task over 16 ms while dragging.');
  } finally {
    await browser.close();
    await served.stop();
  }
}

await main();
