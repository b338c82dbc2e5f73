import { expect, test } from './support/test';
import { BrokerAccountsPage } from './pages/broker-accounts-page';
import { readStoredValue, signInAsNewUser } from './support/session';
import { listDeskContractsAtUpstox, newUpstoxApp, registerUpstoxApp, upstoxOrders, upstoxPin } from './support/upstox';

// A paper account on an Upstox account's market feed (issue 38), as a trader sets it up: link and log in to
// Upstox, then on the paper account choose "Prices from" that Upstox account. The strip says whose prices they
// are, and a paper order fills at the ask Upstox's feed sends (the test server quotes the desk's contracts at
// 100: bid 99.95, ask 100.05), with nothing sent to Upstox.

test("a paper account on an Upstox account's feed says so, and fills a paper order at the feed's ask", async ({ page }) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAsNewUser(page);
  const token = String(await readStoredValue(page, 'auth_token'));
  await listDeskContractsAtUpstox(page.request, token);
  const app = newUpstoxApp();
  const brokers = new BrokerAccountsPage(page);
  await brokers.open();
  await page.getByRole('region', { name: 'Link your first broker account' }).getByRole('button', { name: 'Add account' }).click();
  const urls = await brokers.linkUpstoxAccount({ name: 'Upstox desk', clientId: app.ucc, apiKey: app.apiKey, apiSecret: app.apiSecret, capital: '500000' });
  await registerUpstoxApp(page.request, app, urls.redirectUrl);
  await brokers.logInToUpstox('Upstox desk', app.ucc, upstoxPin);
  await expect(brokers.row('Upstox desk')).toContainText('Logged in until');

  const paperNumber = `PU${app.ucc.slice(-6)}`;
  await page.getByRole('button', { name: 'Add account' }).first().click();
  await brokers.linkPaperAccount({ name: 'Paper on Upstox', accountNumber: paperNumber, capital: '500000' });
  await brokers.logInToBroker('Paper on Upstox', paperNumber);
  const row = brokers.row('Paper on Upstox');
  const pricesFrom = row.getByLabel('Prices from');
  // The account number is isolated (U+2068 … U+2069) so its characters keep their order in a right-to-left page.
  const onUpstox = new RegExp(`Prices: Upstox · \u2068?${app.ucc}\u2069? \\(live\\)`);
  await expect(pricesFrom.locator('option').nth(1)).toHaveText(new RegExp(`^Upstox · \u2068?${app.ucc}\u2069? \\(Upstox desk\\), live prices$`));
  await pricesFrom.selectOption({ index: 1 });
  await expect(page.getByText('Market changed')).toBeVisible();
  await expect(row).toContainText(onUpstox);
  await page.getByRole('button', { name: 'Actions for Paper on Upstox' }).click();
  await page.getByRole('menuitem', { name: 'Select' }).click();

  await page.goto('/app/dashboards/live-trade');
  const strip = page.getByRole('region', { name: 'Index prices' });
  await expect(strip.getByText(onUpstox)).toBeVisible();
  await expect(page.locator('[data-trading-mode="paper"]').first()).toHaveText('Paper');
  const chain = page.getByRole('table', { name: /Option chain of NIFTY/ });
  await expect(chain.locator('tr[aria-current="true"]')).toHaveCount(1);
  await chain.locator('tr[aria-current="true"]').getByRole('button', { name: /, trade NIFTY.*CE$/ }).click();
  const ticket = page.getByTestId('order-ticket');
  await expect(ticket).toBeVisible();
  await expect(ticket.getByTestId('margin-required')).toContainText(/Required.*₹/);
  await ticket.getByLabel('Lots').fill('1');
  await ticket.getByRole('button', { name: /^Buy \u2068?\d/ }).click();
  await ticket.getByRole('button', { name: 'Confirm' }).click();
  await expect(ticket.getByRole('status').filter({ hasText: /filled at/ })).toContainText('100.05');
  // A paper order: nothing reached Upstox.
  expect(await upstoxOrders(page.request, app)).toEqual([]);
  await page.screenshot({ path: 'test-results/paper-on-upstox-feed/desk-1280.png' });
  await page.setViewportSize({ width: 360, height: 740 });
  await page.screenshot({ path: 'test-results/paper-on-upstox-feed/desk-360.png' });
});
