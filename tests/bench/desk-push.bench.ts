/**
 * A desk that pushes (issue 37): what the live-trade desk at 360 px costs on the network while it sits open,
 * every request both ways with its headers counted (tests/e2e/support/wire-bytes.ts: the DevTools protocol's
 * own byte counts), and how long an order's fill takes to show on it. The desk holds one lot of NIFTY's
 * at-the-money call and working orders far under the market; after the window, each working order is made
 * marketable through the API (it fills at once, as if from another device) and the clock runs until the
 * position's quantity on screen changes: from sending that request, so the figure includes the request's own
 * time. In the system Chromium against the real server (demo mode, ticking once a second).
 *
 *   npm run bench -- desk-push                                 30 s, this checkout
 *   npm run bench -- desk-push --before ../old --rounds 2      and a checkout of the code before, alternating
 *
 * `--before <folder>` needs node_modules (a link to this checkout's) and its app built (`npm run build:pwa`
 * there). A benchmark, not a test.
 */
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Browser } from '@playwright/test';
import { buyOneLot, placeWorkingOrder, signInReadyToTrade } from '../e2e/support/trading.ts';
import { countWireBytes } from '../e2e/support/wire-bytes.ts';
import { CHROME_FLAGS, CHROME_PATH } from './support/lighthouse-runs.ts';
import { buildIfChanged, serve } from './support/serve.ts';
import { median, table } from './support/stats.ts';

const { values } = parseArgs({ options: { seconds: { type: 'string', default: '30' }, before: { type: 'string', default: '' }, rounds: { type: 'string', default: '1' }, fills: { type: 'string', default: '3' } } });
const measureMs = Number(values.seconds) * 1000;
const settleMs = 10_000;

type Figures = { perMinute: number; byKind: Map<string, number>; fillMs: number[] };

async function measure(browser: Browser, root: string): Promise<Figures> {
  const served = await serve(root, join(root, 'dist'));
  const context = await browser.newContext({ baseURL: served.url, viewport: { width: 360, height: 740 }, serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    const user = await signInReadyToTrade(page);
    if ((await buyOneLot(page, user, user.portfolioId)) !== 200) throw new Error('the first lot was not bought');
    const working: string[] = [];
    for (let i = 0; i < Number(values.fills); i += 1) working.push(((await (await placeWorkingOrder(page, user)).json()) as { orders: { order_id: string }[] }).orders[0]!.order_id);
    const wire = await countWireBytes(page);
    await page.goto('/app/dashboards/live-trade');
    const quantity = page.locator('li[data-position] [data-field="quantity"]').first();
    await quantity.waitFor({ timeout: 60_000 });
    await page.waitForTimeout(settleMs);
    const from = wire.elapsed();
    await page.waitForTimeout(measureMs);
    const { total, byKind } = wire.since(from);
    const scale = 60_000 / (wire.elapsed() - from);
    await wire.stop();

    const fillMs: number[] = [];
    for (const orderId of working) {
      const shown = await quantity.innerText();
      // The page notes when the quantity first differs, on its own clock (the same machine's), every 10 ms.
      const changed = page
        .waitForFunction(
          (before) => {
            const text = document.querySelector('li[data-position] [data-field="quantity"]')?.textContent ?? before;
            return text === before ? false : Date.now();
          },
          shown,
          { polling: 10, timeout: 30_000 },
        )
        .then((handle) => handle.jsonValue() as Promise<number>);
      const sentAt = Date.now();
      const modified = await page.request.post('/api/order-book/order-book/modify_order/', {
        headers: { authorization: `Bearer ${user.token}`, 'idempotency-key': crypto.randomUUID() },
        data: { account_number: user.accountNumber, order_id: orderId, order_type: 'MARKET' },
      });
      if (!modified.ok()) throw new Error(`modify_order answered ${modified.status()}`);
      fillMs.push((await changed) - sentAt);
    }
    return { perMinute: total * scale, byKind: new Map([...byKind].map(([kind, { bytes }]) => [kind, bytes * scale])), fillMs };
  } finally {
    await context.close();
    await served.stop();
  }
}

async function main(): Promise<void> {
  await buildIfChanged();
  const variants: [string, string][] = [['now', resolve(import.meta.dirname, '..', '..')]];
  if (values.before !== '') variants.push(['before', resolve(values.before)]);
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_FLAGS });
  const results = new Map<string, Figures[]>(variants.map(([name]) => [name, []]));
  try {
    // Alternating, so a drift of the machine's speed falls on both alike.
    for (let round = 0; round < Number(values.rounds); round += 1) for (const [name, root] of variants) results.get(name)!.push(await measure(browser, root));
  } finally {
    await browser.close();
  }
  const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
  const rows = variants.map(([name]) => {
    const figures = results.get(name)!;
    const kindOf = (pattern: RegExp) => median(figures.map((figure) => [...figure.byKind].filter(([kind]) => pattern.test(kind)).reduce((sum, [, bytes]) => sum + bytes, 0)));
    const fills = figures.flatMap((figure) => figure.fillMs);
    return [
      name,
      kb(median(figures.map((figure) => figure.perMinute))),
      kb(kindOf(/market\/stream/)),
      kb(kindOf(/order-book|position/)),
      kb(kindOf(/alerts|kill-switch/)),
      `${median(fills).toFixed(0)} ms`,
      `${Math.max(...fills).toFixed(0)} ms`,
    ];
  });
  console.log(`\nThe live-trade desk at 360 px: the last ${measureMs / 1000} s of it sitting open scaled to a minute (every request, headers counted), then ${values.fills} fills a round, ${values.rounds} round(s)\n`);
  console.log(table(['code', 'a minute, all', 'of it the price stream', 'of it orders and positions', 'of it alerts and kill switches', 'fill to screen (median)', 'worst'], rows));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
