import { expect, test } from './support/test';
import { placeWorkingOrder, signInReadyToTrade } from './support/trading';

// A desk that pushes (issue 37): the live desk's orders and positions reach it on the price stream (an `order`
// notice the moment the broker records a change; the desk reads them then, and once when the stream opens)
// instead of being read every 3 s, so a fill shows within a moment of the broker's answer. The page's timers
// are held (Playwright's clock) so no poll can stand in for the notice: with them held under 300 ms, only the
// stream can have shown the fill.

test.use({ serviceWorkers: 'block' });

test('a fill shows on the desk as the stream tells it, with nothing read on a timer', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 360, height: 740 });
  const user = await signInReadyToTrade(page);
  const working = (await (await placeWorkingOrder(page, user)).json()) as { orders: { order_id: string }[] };
  let reads = 0;
  page.on('request', (request) => {
    if (/order-book\/|position/.test(new URL(request.url()).pathname)) reads += 1;
  });
  await page.goto('/app/dashboards/live-trade');
  const positions = page.getByRole('list', { name: 'Positions' }).locator('li[data-position]');
  await expect(page.locator('tr[aria-current="true"]')).toBeVisible({ timeout: 60_000 });
  await expect(positions).toHaveCount(0);
  // The page's timers stand still from here unless the test runs them: the desk's polling would read the
  // order book and positions every 3 s of them. Once the desk's stream is settled, 3.1 s pass with no read.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
  await expect
    .poll(async () => {
      const before = reads;
      await page.clock.runFor(3100);
      return reads - before;
    }, { timeout: 60_000 })
    .toBe(0);

  // The broker fills the working order (made marketable through the API, as from another device).
  const modified = await page.request.post('/api/order-book/order-book/modify_order/', {
    headers: { authorization: `Bearer ${user.token}`, 'idempotency-key': crypto.randomUUID() },
    data: { account_number: user.accountNumber, order_id: working.orders[0]!.order_id, order_type: 'MARKET' },
  });
  expect(modified.status()).toBe(200);
  // The stream's notice is read once, inside 300 ms of the page's time: far less than a poll's 3 s.
  let pageMs = 0;
  await expect
    .poll(async () => {
      if ((await positions.count()) > 0) return true;
      pageMs += 20;
      await page.clock.runFor(20);
      return false;
    }, { timeout: 15_000, intervals: [50] })
    .toBe(true);
  expect(pageMs).toBeLessThanOrEqual(300);
});
