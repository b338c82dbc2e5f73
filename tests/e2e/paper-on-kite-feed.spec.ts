import { expect, test } from './support/test';
import { BrokerAccountsPage } from './pages/broker-accounts-page';
import { buyOnFeedDesk, feedDeskScreenshots, putPaperOnFeed } from './pages/paper-feed-desk';
import { kiteOrders, kitePassword, listDeskContractsAtKite, newKiteApp, registerKiteApp } from './support/kite';
import { screenshotAt } from './support/screenshots';
import { readStoredValue, signInAsNewUser } from './support/session';

// A paper account on a Kite account's real prices (issue 38), as a trader sets it up: link and log in to Kite,
// then on the paper account choose "Prices from" that Kite account. Its screens say whose prices they show, and
// a paper order fills at Kite's ask (the test server quotes NIFTY's listed contracts at 100: bid 99.95, ask
// 100.05), with nothing sent to Kite.

test("a paper account on a Kite account's feed says so, and fills a paper order at Kite's ask", async ({ page }) => {
  test.setTimeout(180_000);
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
  const paper = { name: 'Paper on Kite', accountNumber: `PF${app.clientId.slice(-6)}` };
  const { row, onFeed } = await putPaperOnFeed(page, brokers, paper, { broker: 'Kite', clientId: app.clientId, name: 'Zerodha desk' });
  await screenshotAt(page, 1280, 'test-results/paper-on-kite-feed/accounts-1280.png', row);
  await screenshotAt(page, 360, 'test-results/paper-on-kite-feed/accounts-360.png', row);
  await page.setViewportSize({ width: 1280, height: 900 });

  await buyOnFeedDesk(page, paper.name, onFeed, '100.05');
  // A paper order: nothing reached Kite.
  expect(await kiteOrders(page.request, app.clientId)).toEqual([]);
  await feedDeskScreenshots(page, 'paper-on-kite-feed');
});
