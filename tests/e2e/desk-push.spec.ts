import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { placeWorkingOrder, signInReadyToTrade } from './support/trading';

// A desk that pushes (issue 37): the live desk's orders and positions reach it on the price stream (an `order`
// notice the moment the broker records a change; the desk reads them then, and once when the stream opens)
// instead of being read every 3 s, so a fill shows within a moment of the broker's answer. The screens that
// show one account's orders or positions read them the same way; only the margins, marked to the market, are
// still read on a timer of their own. The page's timers are held (Playwright's clock) so no poll can stand in
// for the notice: with them held under 300 ms, only the stream can have shown the fill.

test.use({ serviceWorkers: 'block' });

/** Opens `path` at 360 px with a working order on the account; counts the reads of its order book and positions. */
async function onScreenWithWorkingOrder(page: Page, path: string) {
  await page.setViewportSize({ width: 360, height: 740 });
  const user = await signInReadyToTrade(page);
  const working = (await (await placeWorkingOrder(page, user)).json()) as { orders: { order_id: string }[] };
  const orderId = working.orders[0]!.order_id;
  let reads = 0;
  page.on('request', (request) => {
    if (/order-book\/|position/.test(new URL(request.url()).pathname)) reads += 1;
  });
  await page.goto(path);
  return {
    orderId,
    reads: () => reads,
    /** The broker fills the working order (made marketable through the API, as from another device). */
    fill: async () => {
      const modified = await page.request.post('/api/order-book/order-book/modify_order/', {
        headers: { authorization: `Bearer ${user.token}`, 'idempotency-key': crypto.randomUUID() },
        data: { account_number: user.accountNumber, order_id: orderId, order_type: 'MARKET' },
      });
      expect(modified.status()).toBe(200);
    },
  };
}

/**
 * The page's timers stand still from here unless the test runs them. Once the screen's stream is settled,
 * `quietMs` of them pass with no read. A read a timer starts goes out after React renders, on tasks the clock
 * does not hold: each window is counted a moment of real time after it ran, or a poll's read would fall into
 * the next window's baseline and never be seen.
 */
async function expectNoTimedReads(page: Page, reads: () => number, quietMs: number) {
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
  await expect
    .poll(async () => {
      const before = reads();
      await page.clock.runFor(quietMs);
      await page.waitForTimeout(250);
      return reads() - before;
    }, { timeout: 60_000 })
    .toBe(0);
}

/** Runs the page's clock 20 ms at a time until `shown` holds; answers how much page time that took. */
async function pageMsUntil(page: Page, shown: () => Promise<boolean>): Promise<number> {
  let pageMs = 0;
  await expect
    .poll(async () => {
      if (await shown()) return true;
      pageMs += 20;
      await page.clock.runFor(20);
      return false;
    }, { timeout: 15_000, intervals: [50] })
    .toBe(true);
  return pageMs;
}

test('a fill shows on the desk as the stream tells it, with nothing read on a timer', async ({ page }) => {
  test.setTimeout(180_000);
  const screen = await onScreenWithWorkingOrder(page, '/app/dashboards/live-trade');
  const positions = page.getByRole('list', { name: 'Positions' }).locator('li[data-position]');
  await expect(page.locator('tr[aria-current="true"]')).toBeVisible({ timeout: 60_000 });
  await expect(positions).toHaveCount(0);
  // The desk's polling would read the order book and positions every 3 s.
  await expectNoTimedReads(page, screen.reads, 3100);
  await screen.fill();
  // The stream's notice is read once, inside 300 ms of the page's time: far less than a poll's 3 s.
  expect(await pageMsUntil(page, async () => (await positions.count()) > 0)).toBeLessThanOrEqual(300);
});

test('the order book screen shows a fill as the stream tells it, with nothing read on its 2 s timer', async ({ page }) => {
  test.setTimeout(180_000);
  const screen = await onScreenWithWorkingOrder(page, '/app/order_book');
  const order = page.locator(`[data-order-id="${screen.orderId}"]`);
  await expect(order).toContainText('Open', { timeout: 60_000 });
  await expectNoTimedReads(page, screen.reads, 2100);
  await screen.fill();
  expect(await pageMsUntil(page, async () => (await order.textContent())?.includes('Complete') ?? false)).toBeLessThanOrEqual(300);
});

for (const [name, path] of [['position book', '/app/position_book'], ['portfolio positions', '/app/position']] as const) {
  test(`the ${name} shows a fill's position as the stream tells it, and reads only its margins on a timer`, async ({ page }) => {
    test.setTimeout(180_000);
    const screen = await onScreenWithWorkingOrder(page, path);
    const positions = page.locator('[data-position]');
    await expect(page.getByText('No positions today.').first()).toBeVisible({ timeout: 60_000 });
    await expectNoTimedReads(page, screen.reads, 3100);
    await screen.fill();
    expect(await pageMsUntil(page, async () => (await positions.count()) > 0)).toBeLessThanOrEqual(300);
    // The margins move with the market: within their 15 s the screen reads once more.
    const before = screen.reads();
    await page.clock.runFor(15_100);
    await expect.poll(() => screen.reads() - before).toBeGreaterThan(0);
  });
}
