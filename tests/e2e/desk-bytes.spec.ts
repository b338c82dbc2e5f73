import { expect, test } from './support/test';
import { buyOneLot, placeWorkingOrder, signInReadyToTrade } from './support/trading';
import { countWireBytes } from './support/wire-bytes';

// A desk that pushes (issue 37): the live desk on a phone, a position and a working order on it, costs at most
// 60 KB a minute on the network, every request both ways with its headers counted; its orders and positions,
// the alerts feed and the kill switches are read when the price stream says they changed, not on timers.
//
// The service worker is kept out: it never handles /api (trading calls and the stream go to the network as
// they are), and without it every request of the page is seen by the page's DevTools, none hidden in the
// worker's. The window is 30 s of the desk sitting open, scaled to a minute: the market ticks every second.

test.use({ serviceWorkers: 'block' });

const KB = 1000;
const budgetPerMinute = 60 * KB;
const settleMs = 10_000;
const windowMs = 30_000;

test('the live desk at 360 px costs at most 60 KB a minute, every request and its headers counted', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 360, height: 740 });
  const user = await signInReadyToTrade(page);
  expect(await buyOneLot(page, user, user.portfolioId)).toBe(200);
  expect((await placeWorkingOrder(page, user)).status()).toBe(200);
  const wire = await countWireBytes(page);
  await page.goto('/app/dashboards/live-trade');
  await expect(page.locator('tr[aria-current="true"]')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('list', { name: 'Positions' }).locator('li[data-position]')).toHaveCount(1);
  // The desk's widgets subscribe one after the other on opening; the window starts once it sits still.
  await page.waitForTimeout(settleMs);
  const from = wire.elapsed();
  await page.waitForTimeout(windowMs);
  const { total, byKind } = wire.since(from);
  const perMinute = (bytes: number) => (bytes / (wire.elapsed() - from)) * 60_000;
  const lines = [...byKind].sort((a, b) => b[1].bytes - a[1].bytes).map(([kind, { count, bytes }]) => `${(perMinute(bytes) / KB).toFixed(1)} KB  ${count}×  ${kind}`);
  console.log(`the desk at 360 px: ${(perMinute(total) / KB).toFixed(1)} KB a minute\n${lines.join('\n')}`);
  expect(perMinute(total)).toBeLessThanOrEqual(budgetPerMinute);
  // Nothing read on a timer: the order book, the positions, the alerts and the kill switches come on the stream.
  expect(wire.requests(from, /order-book|position|alerts|kill-switch/)).toBe(0);
  await wire.stop();
});
