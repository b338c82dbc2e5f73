import { expect, test } from './support/test';
import { expectLiveAccountAt360 } from './support/live-narrow';
import { buyAtmCallLiveAtNoren, linkAndLogInNoren } from './support/noren';
import { OptionChainPage } from './pages/option-chain-page';

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
});
