import { expect, test, type Locator, type Page } from './support/test';
import { AppShell } from './pages/app-shell';
import { OptionChainPage, plain } from './pages/option-chain-page';
import { signInReadyToTrade, type TradingUser } from './support/trading';

// A price alert already met when it is set (issue 36: "above ₹140" on an option at ₹331 was accepted
// silently, and the server fires an alert only when the price crosses its level): the chain's dialog and the
// alerts page say so with the live price and ask before saving; every saved alert is confirmed by name.

const rupees = (text: string) => Number(plain(text).replace(/[^\d.]/g, ''));

/**
 * The live price the form shows under the level: waits for it, and reads it (in English) as a number. The first
 * quote of a fresh stream can take longer than 10 s on CI's two loaded cores (it failed once so at 77fb766, and
 * passed on retry): this test is about the level's question, not the stream's speed, which benches measure.
 */
async function priceUnderLevel(level: Locator): Promise<number> {
  const id = (await level.getAttribute('aria-describedby'))!.split(' ')[0]!;
  const hint = level.page().locator(`[id="${id}"]`);
  await expect(hint).toHaveText(/^(Last price now|Dernier cours actuel) ?:/, { timeout: 30_000 });
  return rupees((await hint.textContent())!.split(':')[1]!);
}

async function priceAlerts(page: Page, user: TradingUser): Promise<Array<{ symbol: string; direction: string; level: number }>> {
  const answer = await page.request.get('/api/price-alerts/', { headers: { authorization: `Bearer ${user.token}` } });
  return ((await answer.json()) as { price_alerts: Array<{ symbol: string; direction: string; level: number }> }).price_alerts;
}

test('an option’s alert set from the chain below its live price asks first; one ahead of it is saved and confirmed', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const user = await signInReadyToTrade(page);
  const chain = new OptionChainPage(page);
  await chain.open();
  const bell = chain.atmRow.getByRole('button', { name: /^Price alert on NIFTY.*CE$/ });
  const symbol = ((await bell.getAttribute('aria-label')) ?? '').replace('Price alert on ', '');
  await bell.click();
  const dialog = page.getByRole('dialog', { name: /^Price alert on NIFTY/ });
  const level = dialog.getByLabel('Price (₹)');
  const live = await priceUnderLevel(level);
  expect(live).toBeGreaterThan(0);

  // Half the live price, upwards: already passed. The question names the level and the price.
  const below = Math.floor(live / 2);
  await level.fill(String(below));
  await dialog.getByRole('button', { name: 'Create alert' }).click();
  const question = dialog.getByRole('alert');
  await expect(question).toContainText(`${symbol} is already at or above`);
  await expect(question).toContainText(/Its last price is \u2068?₹[\d,]+\.\d{2}/);
  await expect(dialog.getByRole('button', { name: 'Change the level' })).toBeFocused();
  await page.screenshot({ path: 'test-results/price-alert-met/chain-question-1280.png' });
  expect(await priceAlerts(page, user)).toEqual([]);

  // Changing the level: back to the field; a level well above the price is saved at once, and confirmed.
  await dialog.getByRole('button', { name: 'Change the level' }).click();
  await expect(level).toBeFocused();
  const above = Math.ceil(live) + 50;
  await level.fill(String(above));
  await dialog.getByRole('button', { name: 'Create alert' }).click();
  await expect(dialog).toBeHidden();
  const confirmation = page.getByRole('region', { name: 'Notifications' }).getByRole('status');
  await expect(confirmation).toContainText(`Price alert set: ${symbol} above`);
  await page.screenshot({ path: 'test-results/price-alert-met/chain-confirmed-1280.png' });
  expect(await priceAlerts(page, user)).toEqual([expect.objectContaining({ symbol, direction: 'above', level: above })]);
});

test('an index’s alert on the alerts page asks before saving a level already passed, at 360 px, in French, dark and right to left', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 360, height: 740 });
  const user = await signInReadyToTrade(page);
  const shell = new AppShell(page);
  await shell.open('/app/strategy_alerts?view=price');
  const level = page.getByLabel('Level (points)');
  // NIFTY's live price, the one the market strip shows.
  const nifty = await priceUnderLevel(level);
  expect(nifty).toBeGreaterThan(1000);
  await level.fill('1000');
  await page.getByRole('button', { name: 'Create alert' }).click();
  await expect(page.getByRole('alert')).toContainText(/NIFTY is already at or above \u2068?1,000/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.getByRole('alert').scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/price-alert-met/index-question-en-360.png' });
  await page.getByRole('button', { name: 'Save anyway' }).click();
  await expect(page.getByRole('region', { name: 'Notifications' }).getByRole('status')).toContainText(/Price alert set: NIFTY above \u2068?1,000/);
  await expect(page.getByRole('list', { name: 'Your price alerts' }).getByRole('listitem')).toHaveCount(1);
  await page.screenshot({ path: 'test-results/price-alert-met/index-saved-en-360.png' });
  expect(await priceAlerts(page, user)).toEqual([expect.objectContaining({ symbol: 'NIFTY', direction: 'above', level: 1000 })]);

  await shell.useLayout({ theme: /^dark$/i, direction: /right to left/i, language: /français/i });
  const niveau = page.getByLabel('Niveau (points)');
  await priceUnderLevel(niveau);
  await page.getByLabel('Quand le dernier cours franchit le niveau').selectOption('below');
  await niveau.fill('99999');
  await page.getByRole('button', { name: 'Créer l’alerte' }).click();
  await expect(page.getByRole('alert')).toContainText('NIFTY est déjà au niveau de');
  await expect(page.getByRole('button', { name: 'Enregistrer quand même' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.getByRole('alert').scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/price-alert-met/index-question-fr-dark-rtl-360.png' });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('alert').scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/price-alert-met/index-question-fr-dark-rtl-1280.png' });
});
