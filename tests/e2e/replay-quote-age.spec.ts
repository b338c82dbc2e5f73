import { readFileSync } from 'node:fs';
import { expect, test } from './support/test';
import { MarketHistoryPage } from './pages/market-history-page';
import { signInReadyToTrade } from './support/trading';

// Issue 39: after a seek the chain's quotes are the replayed minute's, so no price on the desk says it is old or
// "as of" an earlier time (on the replayed clock, not the wall clock), paused or playing at 60×, at 360 px.
const fixtures = new URL('../server/history/fixtures/', import.meta.url);
const fixture = (name: string, mimeType = 'text/csv') => ({ name, mimeType, buffer: readFileSync(new URL(name, fixtures)) });
const staleAge = /\d+ s old|\d+ min old|as of \W?\d/;

test('after a seek the chain shows no stale quote age, paused and at 60×, at 360 px', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 360, height: 800 });
  await signInReadyToTrade(page);
  const history = new MarketHistoryPage(page);
  await history.open();
  await history.importFiles([fixture('BhavCopy_NSE_FO_0_0_0_20240708_F_0000.csv.zip', 'application/zip'), fixture('NIFTY_minute_2024-07-08.csv')]);
  await expect(history.uploads.filter({ hasText: 'Imported' })).toHaveCount(2);

  await page.goto('/app/dashboards/live-trade');
  await page.getByRole('button', { name: 'Replay a day' }).click();
  const dialog = page.getByRole('dialog', { name: 'Replay a past day' });
  await dialog.getByLabel('Day').selectOption('NIFTY/2024-07-08');
  await dialog.getByLabel('Start at (IST)').fill('10:00');
  await dialog.getByRole('button', { name: 'Start the replay' }).click();
  const bar = page.getByRole('region', { name: 'Replay controls' });
  await expect(page.getByRole('button', { name: /modelled, trade NIFTY/ }).first()).toBeVisible({ timeout: 30_000 });

  await bar.getByLabel('Go to (IST)').fill('14:00');
  await bar.getByRole('button', { name: 'Go', exact: true }).click();
  await expect(bar).toContainText('14:00');
  const main = page.getByRole('main');
  // The desk reads the sought minute at once; from then on no quote is older than it.
  await expect(main).not.toContainText(staleAge, { timeout: 10_000 });
  await page.waitForTimeout(3000);
  await expect(main).not.toContainText(staleAge);
  await page.screenshot({ path: 'test-results/replay-quote-age/after-seek-360.png', fullPage: false });

  await bar.getByRole('button', { name: '60 replayed minutes a minute' }).click();
  await page.waitForTimeout(5000);
  await expect(main).not.toContainText(staleAge);
  await page.screenshot({ path: 'test-results/replay-quote-age/playing-60x-360.png', fullPage: false });
});
