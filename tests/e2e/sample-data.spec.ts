import { expect, test } from './support/test';
import { signInReadyToTrade } from './support/trading';

// A new install's made-up market says it is one (issue 36): the Strategies screen showed "paper results since
// 13 Oct 2026, +16.6 %, 120 trades" for house bots whose records are a model over a history the server made
// up at its first start. On the real server's seeded data, each such record and row reads "Sample".

test('on a new install the house bots’ records and the seeded history read "Sample", never "paper results"', async ({ page }) => {
  await signInReadyToTrade(page);
  await page.goto('/app/strategies');
  const cards = page.getByRole('article');
  await expect(cards.first()).toBeVisible();
  const count = await cards.count();
  expect(count).toBeGreaterThanOrEqual(6);
  await expect(cards.getByText('Sample', { exact: true })).toHaveCount(count);
  await expect(page.getByTestId('sample-note')).toContainText('No order was placed');
  await expect(page.getByText(/^Paper results/)).toHaveCount(0);

  // Market view: the seeded sessions and their closing commentary are samples; the live commentary is not.
  await page.goto('/app/market_view');
  const daily = page.getByRole('table', { name: 'Daily data' });
  await expect(daily.getByRole('row')).toHaveCount(11);
  await expect(daily.getByText('Sample', { exact: true })).toHaveCount(10);
  await expect(page.getByTestId('sample-note')).toHaveCount(1);
  await expect(page.getByRole('article', { name: /closes (higher|lower) at/ }).first().getByText('Sample', { exact: true })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Simulated market live' }).getByText('Sample', { exact: true })).toHaveCount(0);
});

test('at 360 px Market view, with its samples marked, is no wider than the phone', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signInReadyToTrade(page);
  await page.goto('/app/market_view');
  // Every panel in: the snapshots, the commentary and the daily bars (each says when it was fetched).
  await expect(page.getByTestId('as-of')).toHaveCount(3);
  await expect(page.getByRole('table', { name: 'Daily data' }).getByText('Sample', { exact: true }).first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});
