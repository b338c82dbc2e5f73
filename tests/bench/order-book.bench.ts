/**
 * The order-book benchmark: /app/order_book with 10,000 orders in the day's book, in the system Chromium,
 * measured while idle (the screen asks every 2 s for what changed), while scrolling the table and while
 * typing: the longest main-thread task and the frames that took longer than two refreshes. The real server
 * serves the app and the demo account; the book itself is answered by the page's own route with 10,000
 * generated orders (placing them through the broker would take Kite's rate limit 17 minutes).
 *
 *   npm run bench -- order-book                 5 s per phase, 10,000 orders
 *   npm run bench -- order-book --orders 20000
 *
 * A benchmark, not a test: it prints a table and passes or fails nothing.
 */
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { storeSessionToken } from '../e2e/support/session.ts';
import { CHROME_FLAGS, CHROME_PATH } from './support/lighthouse-runs.ts';
import { measure, type Figures } from './support/main-thread.ts';
import { serveBuiltApp } from './support/serve.ts';
import { table } from './support/stats.ts';

const { values } = parseArgs({ options: { seconds: { type: 'string', default: '5' }, orders: { type: 'string', default: '10000' } } });
const phaseMs = Number(values.seconds) * 1000;
const orderCount = Number(values.orders);

const statuses = ['COMPLETE', 'COMPLETE', 'COMPLETE', 'OPEN', 'TRIGGER PENDING', 'CANCELLED', 'REJECTED'] as const;

/** A day's book as the server answers it: newest first, a believable mix of statuses. */
function orderBook(accountNumber: string) {
  const start = Date.parse('2026-11-20T03:45:00Z');
  const order_book = Array.from({ length: orderCount }, (_, n) => {
    const status = statuses[n % statuses.length]!;
    const strike = 25000 + (n % 40) * 50;
    const quantity = 65 * (1 + (n % 5));
    const price = 50 + (n % 300) / 4;
    return {
      order_id: `261120${String(orderCount - n).padStart(9, '0')}`,
      exchange_order_id: status === 'REJECTED' ? null : String(1100000000000000 + n),
      account_number: accountNumber,
      portfolio_id: null,
      tradingsymbol: `NIFTY26NOV${strike}${n % 2 === 0 ? 'CE' : 'PE'}`,
      instrument_token: 12000001 + (n % 80),
      exchange: 'NFO',
      transaction_type: n % 3 === 0 ? 'SELL' : 'BUY',
      order_type: status === 'TRIGGER PENDING' ? 'SL' : n % 2 === 0 ? 'MARKET' : 'LIMIT',
      product: n % 4 === 0 ? 'MIS' : 'NRML',
      variety: 'regular',
      validity: 'DAY',
      quantity,
      price: n % 2 === 0 ? 0 : price,
      trigger_price: status === 'TRIGGER PENDING' ? price + 1 : 0,
      average_price: status === 'COMPLETE' ? price : 0,
      filled_quantity: status === 'COMPLETE' ? quantity : 0,
      pending_quantity: status === 'OPEN' || status === 'TRIGGER PENDING' ? quantity : 0,
      cancelled_quantity: status === 'CANCELLED' || status === 'REJECTED' ? quantity : 0,
      status,
      status_message: status === 'REJECTED' ? 'Insufficient funds. Required margin is ₹1,45,210.00 but available margin is ₹74,251.80.' : null,
      tag: `bench${n}`,
      order_timestamp: new Date(start + (orderCount - n) * 2000).toISOString(),
      exchange_timestamp: null,
      modifications: 0,
    };
  });
  return { order_book, trades: [], status: 'OK', as_of: new Date().toISOString() };
}

async function main(): Promise<void> {
  const served = await serveBuiltApp();
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_FLAGS });
  try {
    const context = await browser.newContext({ baseURL: served.url, viewport: { width: 1280, height: 800 } });
    await context.addInitScript({ content: 'globalThis.__name = (fn) => fn;' });
    const page = await context.newPage();
    const body = JSON.stringify(orderBook('DEMO01'));
    let reads = 0;
    // The whole day on the first read; later reads ask only for what changed since (nothing, here).
    await page.route('**/api/order-book/order-book/DEMO01*', async (route) => {
      reads += 1;
      const since = new URL(route.request().url()).searchParams.get('updated_since');
      const answer = since === null ? body : JSON.stringify({ order_book: [], trades: [], status: 'OK', as_of: new Date().toISOString() });
      await route.fulfill({ status: 200, contentType: 'application/json', body: answer });
    });
    const login = await page.request.post('/api/authenticate/login/', { data: { email: 'demo@strikedesk.in', password: 'StrikeDesk@2026' } });
    await storeSessionToken(page, ((await login.json()) as { token: string }).token);
    await page.goto('/app/order_book');
    await page.locator('[data-order-scroll] tr[data-order-id]').first().waitFor({ timeout: 60_000 });
    const rendered = await page.locator('[data-order-scroll] tr[data-order-id]').count();
    await page.waitForTimeout(2500);
    const rows: [string, Figures][] = [];
    for (const phase of ['idle', 'scroll', 'type'] as const) rows.push([phase, await measure(page, phaseMs, phase, '[data-order-scroll]')]);
    const ms = (value: number) => `${Math.round(value)} ms`;
    console.log(
      `\nOrder book at 1280 px: ${orderCount.toLocaleString('en-IN')} orders (${rendered} rows in the page at a time), read again every 2 s for what changed (${reads} reads), ${phaseMs / 1000} s per phase\n`,
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
