import { expect, test } from './support/test';
import { BrokerAccountsPage } from './pages/broker-accounts-page';
import { OptionChainPage } from './pages/option-chain-page';
import { expectLiveAccountAt360 } from './support/live-narrow';
import { listDeskContractsAtNoren, newNorenApp, norenOrders, norenPassword, registerNorenApp } from './support/noren';
import { readStoredValue, signInAsNewUser } from './support/session';
import { buyOneLotLive } from './support/trading';

// Live trading on Flattrade (Noren, PiConnect) against the Noren test server start-server.ts runs in Flattrade's
// configuration (issue 64). What differs from shoonya-live.spec.ts is the login: Flattrade's page is
// /?app_key=, its redirect brings ?code=&client=, and StrikeDesk exchanges the code at /trade/apitoken with
// api_secret = SHA-256(api key + code + secret), which the test server checks; the token then travels as jKey.
// The rest is the same adapter: a live order from the chain filled, tagged, Complete, Live never Paper, 360 px en and fr.

test('a Flattrade account: log in through Flattrade’s page, a live order from the chain filled, Live never Paper, at 360 px in en and fr', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAsNewUser(page);
  const token = String(await readStoredValue(page, 'auth_token'));
  const app = newNorenApp('flattrade');
  const brokers = new BrokerAccountsPage(page);

  await brokers.open();
  await page.getByRole('region', { name: 'Link your first broker account' }).getByRole('button', { name: 'Add account' }).click();
  const urls = await brokers.linkFlattradeAccount({ name: 'Flattrade desk', clientId: app.userId, apiKey: app.apiKey, apiSecret: app.apiSecret, capital: '500000' });
  expect(urls.redirectUrl).toBe(`${baseURL}/app/broker/flattrade/callback`);
  await registerNorenApp(page.request, app, urls.redirectUrl);
  await listDeskContractsAtNoren(page.request, 'flattrade', token);
  const row = brokers.row('Flattrade desk');
  await expect(row.locator('[data-trading-mode="live"]')).toHaveText('Live');
  await expect(row.locator('[data-trading-mode="paper"]')).toHaveCount(0);
  await expect(row).toContainText('Logged out');

  // Flattrade's page, and back with ?code=&client=; a wrong checksum would be refused by the test server.
  const returnUrl = new URL(await brokers.logInToNoren('flattrade', 'Flattrade desk', app.userId, norenPassword));
  expect(returnUrl.pathname).toBe('/app/broker/flattrade/callback');
  expect(returnUrl.searchParams.get('code')).toBeTruthy();
  expect(returnUrl.searchParams.get('client')).toBe(app.userId);
  await expect(row).toContainText('Logged in until');

  await page.goto('/app/dashboards/live-trade');
  const ticket = await new OptionChainPage(page).openAtmCallTicket();
  await expect(ticket.locator('[data-trading-mode="live"]')).toHaveText('Live');
  await expect(ticket.locator('[data-trading-mode="paper"]')).toHaveCount(0);
  await buyOneLotLive(page, ticket, { name: 'Flattrade desk', clientId: app.userId });
  await expect.poll(async () => (await norenOrders(page.request, app)).map((order) => order.status)).toEqual(['COMPLETE']);
  const [atFlattrade] = await norenOrders(page.request, app);
  expect(atFlattrade!.remarks).toBeTruthy();

  await page.goto('/app/order_book');
  await expect(page.locator('[data-trading-mode="live"]').first()).toHaveText('Live');
  await expect(page.locator('[data-trading-mode="paper"]')).toHaveCount(0);
  await expect(page.getByRole('table', { name: 'Orders' }).locator(`tr[data-order-id="${atFlattrade!.norenordno}"] [data-field="status"]`)).toContainText('Complete');

  await expectLiveAccountAt360(page, brokers, 'Flattrade desk', atFlattrade!.norenordno, 'flattrade-live');
});
