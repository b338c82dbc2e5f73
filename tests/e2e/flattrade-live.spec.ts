import { expect, test } from './support/test';
import { expectLiveAccountAt360 } from './support/live-narrow';
import { buyAtmCallLiveAtNoren, linkAndLogInNoren } from './support/noren';
import { OptionChainPage } from './pages/option-chain-page';
import { usePreferences } from './support/preferences';
import { screenshotAt } from './support/screenshots';

// Live trading on Flattrade (Noren, PiConnect) against the Noren test server start-server.ts runs in Flattrade's
// configuration (issue 64). What differs from shoonya-live.spec.ts is the login: Flattrade's page is
// /?app_key=, its redirect brings ?code=&client=, and StrikeDesk exchanges the code at /trade/apitoken with
// api_secret = SHA-256(api key + code + secret), which the test server checks; the token then travels as jKey.
// The rest is the same adapter: a live order from the chain filled, tagged, Complete, Live never Paper, 360 px en and fr.
// Flattrade has no dated tariff (docs/live-trading.md): the ticket says its brokerage is not priced, never ₹0, and
// that the totals leave it out, while the statutory charges are figures.

test('a Flattrade account: log in through Flattrade’s page, a live order from the chain filled, Live never Paper, at 360 px in en and fr', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  // Flattrade's page, and back with ?code=&client=; a wrong checksum would be refused by the test server.
  const { app, brokers, returnUrl } = await linkAndLogInNoren(page, 'flattrade', 'Flattrade desk', String(baseURL));
  expect(returnUrl.searchParams.get('client')).toBe(app.userId);

  await page.goto('/app/dashboards/live-trade');
  const ticket = await new OptionChainPage(page).openAtmCallTicket();
  await expect(ticket.getByTestId('margin-charges')).toContainText('Charges, excluding brokerage (not priced)');
  await expect(ticket.getByTestId('margin-required')).toContainText('Required, excluding brokerage');
  await ticket.getByText('Charges line by line').click();
  await expect(ticket.getByTestId('charge-brokerage')).toHaveText('Not priced');
  await expect(ticket.getByTestId('charge-exchange')).toHaveText(/₹\d/);

  const atFlattrade = await buyAtmCallLiveAtNoren(page, app, 'Flattrade desk');
  await expectLiveAccountAt360(page, brokers, 'Flattrade desk', atFlattrade.norenordno, 'flattrade-live');

  // The fill's charges in the trade book are the statutory ones, said to exclude the brokerage Flattrade's missing
  // tariff leaves unpriced (session 78), never a made-up ₹0 of brokerage.
  for (const locale of ['en', 'fr'] as const) {
    await usePreferences(page, { locale, theme: 'light', direction: 'ltr' });
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto('/app/order_book');
    await page.getByRole('tab', { name: locale === 'en' ? /^Trades/ : /^Exécutions/ }).click();
    const fill = page.getByRole('list', { name: locale === 'en' ? 'Trades' : 'Exécutions' }).getByRole('listitem').first();
    await expect(fill.locator('[data-field="brokerage-not-priced"]')).toHaveText(locale === 'en' ? 'excl. brokerage (not priced)' : 'hors courtage (non chiffré)');
    await expect(fill).toContainText(/₹\s?\d|\d\s?₹/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshotAt(page, 360, `test-results/flattrade-live/trade-${locale}-360.png`, fill);
  }
});
