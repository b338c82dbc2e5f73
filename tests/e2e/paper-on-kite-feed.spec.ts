import { expect, test, type Locator, type Page } from './support/test';
import { BrokerAccountsPage } from './pages/broker-accounts-page';
import { kiteOrders, kitePassword, listDeskContractsAtKite, newKiteApp, registerKiteApp } from './support/kite';
import { readStoredValue, signInAsNewUser } from './support/session';

// A paper account on a Kite account's real prices (issue 38), as a trader sets it up: link and log in to Kite,
// then on the paper account choose "Prices from" that Kite account. Its screens say whose prices they show, and
// a paper order fills at Kite's ask (the test server quotes NIFTY's listed contracts at 100: bid 99.95, ask
// 100.05), with nothing sent to Kite.

async function screenshotAt(page: Page, width: number, path: string, subject: Locator): Promise<void> {
  await page.setViewportSize({ width, height: 900 });
  await subject.scrollIntoViewIfNeeded();
  await page.screenshot({ path });
}

test("a paper account on a Kite account's feed says so, and fills a paper order at Kite's ask", async ({ page }) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAsNewUser(page);
  const token = String(await readStoredValue(page, 'auth_token'));
  const app = newKiteApp();
  const brokers = new BrokerAccountsPage(page);
  await brokers.open();
  await page.getByRole('region', { name: 'Link your first broker account' }).getByRole('button', { name: 'Add account' }).click();
  const urls = await brokers.linkKiteAccount({ name: 'Zerodha desk', clientId: app.clientId, apiKey: app.apiKey, apiSecret: app.apiSecret, capital: '500000' });
  await registerKiteApp(page.request, app, urls.redirectUrl, urls.postbackUrl);
  await listDeskContractsAtKite(page.request, token);
  await brokers.logInToKite('Zerodha desk', app.clientId, kitePassword);
  await expect(page.getByText(/Logged in to Zerodha \(Kite Connect\)/)).toBeVisible();

  // A paper account, logged in to the paper broker, on the simulated market until told otherwise.
  const paperNumber = `PF${app.clientId.slice(-6)}`;
  await page.getByRole('button', { name: 'Add account' }).first().click();
  await brokers.linkPaperAccount({ name: 'Paper on Kite', accountNumber: paperNumber, capital: '500000' });
  await brokers.logInToBroker('Paper on Kite', paperNumber);
  const row = brokers.row('Paper on Kite');
  const pricesFrom = row.getByLabel('Prices from');
  await expect(pricesFrom).toHaveValue('');
  await expect(row).toContainText('Simulated market');
  // The account number is isolated (U+2068 … U+2069) so its digits keep their order in a right-to-left page.
  const onKite = new RegExp(`Prices: Kite · \u2068?${app.clientId}\u2069? \\(live\\)`);
  await expect(pricesFrom.locator('option').nth(1)).toHaveText(new RegExp(`^Kite · \u2068?${app.clientId}\u2069? \\(Zerodha desk\\), live prices$`));
  await pricesFrom.selectOption({ index: 1 });
  await expect(page.getByText('Market changed')).toBeVisible();
  await expect(row).toContainText(onKite);
  await screenshotAt(page, 1280, 'test-results/paper-on-kite-feed/accounts-1280.png', row);
  await screenshotAt(page, 360, 'test-results/paper-on-kite-feed/accounts-360.png', row);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole('button', { name: 'Actions for Paper on Kite' }).click();
  await page.getByRole('menuitem', { name: 'Select' }).click();

  // The desk: Paper, on Kite's prices, said in the strip and under the account.
  await page.goto('/app/dashboards/live-trade');
  const strip = page.getByRole('region', { name: 'Index prices' });
  await expect(strip.getByText(onKite)).toBeVisible();
  await expect(page.locator('[data-trading-mode="paper"]').first()).toHaveText('Paper');
  const chain = page.getByRole('table', { name: /Option chain of NIFTY/ });
  await expect(chain.locator('tr[aria-current="true"]')).toHaveCount(1);
  await chain.locator('tr[aria-current="true"]').getByRole('button', { name: /, trade NIFTY.*CE$/ }).click();
  const ticket = page.getByTestId('order-ticket');
  await expect(ticket).toBeVisible();
  await expect(ticket.locator('[data-trading-mode="paper"]')).toHaveText('Paper');
  // The paper broker's margin, priced on Kite's level of the index.
  await expect(ticket.getByTestId('margin-required')).toContainText(/Required.*₹/);
  await ticket.getByLabel('Lots').fill('1');
  await ticket.getByRole('button', { name: /^Buy \u2068?\d/ }).click();
  await ticket.getByRole('button', { name: 'Confirm' }).click();
  await expect(ticket.getByRole('status').filter({ hasText: /filled at/ })).toContainText('100.05');
  // A paper order: nothing reached Kite.
  expect(await kiteOrders(page.request, app.clientId)).toEqual([]);
  await page.screenshot({ path: 'test-results/paper-on-kite-feed/desk-1280.png' });
  await page.setViewportSize({ width: 360, height: 800 });
  await page.screenshot({ path: 'test-results/paper-on-kite-feed/desk-360.png' });
});
