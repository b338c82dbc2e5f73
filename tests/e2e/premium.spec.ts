import { expect, test } from './support/test';
import { OptionChainPage } from './pages/option-chain-page';
import { usePreferences } from './support/preferences';
import { screenshotAt } from './support/screenshots';
import { signInReadyToTrade } from './support/trading';

// The strategy premium chart through the real screens: the chain's ATM straddle opened in one tap, its candles
// read from the minutes the server's simulator recorded (so the source line says simulated, with its time),
// the overlays toggled, then the same chart in French, dark, at 360 px, and right to left. The recorder keeps
// a minute only once it saw it whole, so the first candles need the server up two minutes: the chart is
// reloaded until they are there.

test('opens the ATM straddle from the chain and charts its premium with overlays, in en and fr, wide and on a phone, dark and RTL', async ({ page }) => {
  test.setTimeout(300_000);
  await signInReadyToTrade(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  const chain = new OptionChainPage(page);
  await chain.open();
  await page.getByTestId('chain-straddle-chart').click();
  await expect(page).toHaveURL(/\/app\/premium\?legs=NIFTY%3A\d{4}-\d{2}-\d{2}%3A\d+%3ACE%3AS%3A1%2CNIFTY%3A/);
  await expect(page.getByRole('heading', { level: 1, name: 'Strategy premium' })).toBeVisible();
  await expect(page.getByTestId('premium-leg')).toHaveCount(2);
  await expect(page.getByTestId('premium-leg').first()).toContainText(/^Sell 1 lot NIFTY [\d,]+ CE/);

  // Until the recorder has a whole minute of both legs, the server says it holds no price of them.
  const source = page.getByTestId('premium-source');
  await expect(async () => {
    await page.reload();
    await expect(source).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 200_000, intervals: [10_000] });
  await expect(source).toContainText(/^Source: simulated \(not real prices\)\. As of .+\d{2}:\d{2}/);
  await expect(page.getByText('Credit collected (sold legs added)')).toBeVisible();
  const chart = page.getByTestId('premium-chart');
  await expect(chart.locator('canvas').first()).toBeVisible();
  await expect(chart).toHaveAttribute('aria-label', /^Candles of the combined premium of [\d,]+ CE \+ [\d,]+ PE/);

  // VWAP and EMA are on by default; SuperTrend on, with its own period.
  await expect(page.getByRole('checkbox', { name: 'VWAP' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'EMA' })).toBeChecked();
  await page.getByRole('checkbox', { name: 'SuperTrend' }).check();
  await page.getByRole('spinbutton', { name: 'SuperTrend period' }).fill('7');
  await expect(chart.locator('canvas').first()).toBeVisible();
  await screenshotAt(page, 1280, 'test-results/premium-1280-en.png', chart);

  await usePreferences(page, { locale: 'fr', theme: 'dark', direction: 'ltr' });
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Prime de stratégie' })).toBeVisible();
  await expect(source).toContainText(/^Source : simulé \(pas des prix réels\)\. Au /);
  await expect(page.getByTestId('premium-leg').first()).toContainText(/^Vente 1 lot NIFTY/);
  await screenshotAt(page, 360, 'test-results/premium-360-fr-dark.png', chart);
  await expect(chart.locator('canvas').first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  await usePreferences(page, { locale: 'fr', theme: 'dark', direction: 'rtl' });
  await page.reload();
  await expect(source).toBeVisible();
  await screenshotAt(page, 360, 'test-results/premium-360-fr-dark-rtl.png', page.getByRole('heading', { level: 1 }));
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});
