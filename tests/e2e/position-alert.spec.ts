import { expect, test } from './support/test';
import { AppShell } from './pages/app-shell';
import { PositionsView } from './pages/positions-page';
import { contractWords } from './support/contract-words';
import { buyOneLot, signInReadyToTrade } from './support/trading';

// A price alert from a position (issue 24): the desk's and /app/position's rows, cards on a phone, carry the
// option chain's bell; it opens the same dialog on the contract held, named in words, nothing to type but the
// level, and the alert is made on that tradingsymbol.

test('a price alert is set from a position row on the desk and /app/position, table and phone card, in English and French', async ({ page }) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const user = await signInReadyToTrade(page);
  expect(await buyOneLot(page, user, user.portfolioId)).toBe(200);
  const positions = new PositionsView(page);

  await page.goto('/app/position');
  const row = positions.rows().first();
  const symbol = (await row.getAttribute('data-position'))!;
  // The bell names the contract in words, as the row does (issue 62).
  const bell = (words: string) => ({ name: new RegExp(`^${words} ${contractWords(symbol)}$`) });
  await row.getByRole('button', bell('Price alert on')).click();
  const dialog = page.getByRole('dialog', { name: /^Price alert on NIFTY \d{2} [A-Z][a-z]{2} \d+ CE$/ });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Price (₹)')).toHaveValue(/^\d+\.\d{2}$/);
  await dialog.getByLabel('Price (₹)').fill('9999');
  await page.screenshot({ path: 'test-results/position-alert/position-dialog-1280.png' });
  await dialog.getByRole('button', { name: 'Create alert' }).click();
  await expect(dialog).toBeHidden();
  const listed = (await (await page.request.get('/api/price-alerts/', { headers: { authorization: `Bearer ${user.token}` } })).json()) as {
    price_alerts: Array<{ symbol: string; level: number }>;
  };
  expect(listed.price_alerts).toEqual([expect.objectContaining({ symbol, level: 9999 })]);

  // The desk's positions at 1280 (a table) and at 360 (cards): the same bell.
  await page.goto('/app/dashboards/live-trade');
  await expect(positions.rows().first().getByRole('button', bell('Price alert on'))).toBeVisible();
  await page.locator('#desk-positions-title').scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/position-alert/desk-1280.png' });
  await page.setViewportSize({ width: 360, height: 740 });
  const card = positions.cards().first();
  await card.getByRole('button', bell('Price alert on')).click();
  await expect(page.getByRole('dialog', { name: /^Price alert on NIFTY/ })).toBeVisible();
  await positions.expectWithinWidth(page.getByRole('dialog').getByRole('button', { name: 'Create alert' }));
  await page.screenshot({ path: 'test-results/position-alert/desk-dialog-360.png' });
  await page.keyboard.press('Escape');
  await page.locator('#desk-positions-title').scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/position-alert/desk-card-360.png' });

  // French: the bell's name and the dialog in French.
  const shell = new AppShell(page);
  await shell.useLayout({ language: /français/i });
  await page.goto('/app/position');
  await positions.cards().first().getByRole('button', bell('Alerte de prix sur')).click();
  await expect(page.getByRole('dialog', { name: /^Alerte de prix sur NIFTY/ })).toBeVisible();
  await page.screenshot({ path: 'test-results/position-alert/position-dialog-360-fr.png' });
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(positions.rows().first().getByRole('button', bell('Alerte de prix sur'))).toBeVisible();
  await page.screenshot({ path: 'test-results/position-alert/position-1280-fr.png' });
});
