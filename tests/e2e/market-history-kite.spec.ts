import { expect, test, type Page } from './support/test';
import { BrokerAccountsPage } from './pages/broker-accounts-page';
import { MarketHistoryPage } from './pages/market-history-page';
import { kitePassword, newKiteApp, registerKiteApp } from './support/kite';
import { usePreferences } from './support/preferences';
import { signInAsNewUser } from './support/session';

// Index minute candles fetched from a logged-in Kite account on the Market history screen, against the
// Kite-compatible test server: the panel appears once the trader has a Kite account, the fetch stores the
// week's minutes, and the coverage shows them; the panel at 360 px and 1280 px, in English and French.

/** The IST day `daysBack` days before the browser's (pinned) today. */
async function dayBefore(page: Page, daysBack: number): Promise<string> {
  const now = await page.evaluate(() => Date.now());
  return new Date(now + 5.5 * 3_600_000 - daysBack * 86_400_000).toISOString().slice(0, 10);
}

test('fetches a week of NIFTY minutes from a logged-in Kite account into market history', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAsNewUser(page);

  // Without a Kite account there is nothing to fetch from.
  await page.goto('/app/market_history');
  await expect(page.getByRole('heading', { name: 'Import files' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Fetch from Kite' })).toHaveCount(0);

  const app = newKiteApp();
  const brokers = new BrokerAccountsPage(page);
  await brokers.open();
  await page.getByRole('region', { name: 'Link your first broker account' }).getByRole('button', { name: 'Add account' }).click();
  const urls = await brokers.linkKiteAccount({ name: 'Zerodha data', clientId: app.clientId, apiKey: app.apiKey, apiSecret: app.apiSecret, capital: '500000' });
  expect(urls.redirectUrl).toBe(`${baseURL}/app/broker/kite/callback`);
  await registerKiteApp(page.request, app, urls.redirectUrl, urls.postbackUrl);
  await brokers.logInToKite('Zerodha data', app.clientId, kitePassword);
  await expect(brokers.row('Zerodha data')).toContainText('Logged in until');

  await page.goto('/app/market_history');
  const panel = page.getByRole('region', { name: 'Fetch from Kite' });
  await expect(panel).toBeVisible();
  await expect(panel.getByLabel('Kite account')).toContainText(`Zerodha data (${app.clientId})`);
  await panel.getByLabel('Index').selectOption('NIFTY');
  const [from, to] = [await dayBefore(page, 7), await dayBefore(page, 1)];
  const typed = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
  await panel.getByLabel('From').fill(typed(from));
  await panel.getByLabel('To').fill(typed(to));
  await panel.getByLabel('To').press('Tab');
  await panel.getByRole('button', { name: 'Fetch from Kite' }).click();
  // Five weekdays in any seven consecutive days, 375 minutes each, in one Kite request.
  await expect(panel.getByRole('status')).toHaveText(/Stored \u2068?1,875\u2069? minute candles over \u2068?5\u2069? days, from \u2068?1\u2069? Kite request\./);
  // Coverage is shared with the other specs' imports (2024 fixtures) and with the demo market's recording of
  // today, which can run past the fetched days: the last fetched day is in its month's coverage with its minutes.
  const nifty = page.getByTestId('index-coverage').filter({ has: page.getByText('NIFTY', { exact: true }) });
  await expect(nifty).toBeVisible();
  const lastDay = new Date(`${to}T00:00:00Z`).toLocaleDateString('en-GB', { day: '2-digit', month: 'short', year: 'numeric', timeZone: 'UTC' });
  const monthName = new Date(`${to}T00:00:00Z`).toLocaleDateString('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });
  await expect((await new MarketHistoryPage(page).month(monthName)).getByRole('row', { name: new RegExp(lastDay) })).toContainText('min');

  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 });
    await panel.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/market-history-kite/en-${width}.png` });
  }
  await usePreferences(page, { locale: 'fr', theme: 'light', direction: 'ltr' });
  await page.reload();
  const panelFr = page.getByRole('region', { name: 'Récupérer depuis Kite' });
  await expect(panelFr).toBeVisible();
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 });
    await panelFr.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/market-history-kite/fr-${width}.png` });
  }
});
