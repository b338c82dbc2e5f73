import { expect, test } from './support/test';
import { BrokerAccountsPage } from './pages/broker-accounts-page';
import { buyOnFeedDesk, feedDeskScreenshots, putPaperOnFeed, stockSpotOnFeedDesk } from './pages/paper-feed-desk';
import { feedStock } from './support/feed-stock';
import { readStoredValue, signInAsNewUser } from './support/session';
import { listDeskContractsAtUpstox, newUpstoxApp, registerUpstoxApp, setUpstoxQuote, upstoxOrders, upstoxPin } from './support/upstox';

// A paper account on an Upstox account's market feed (issue 38), as a trader sets it up: link and log in to
// Upstox, then on the paper account choose "Prices from" that Upstox account. The strip says whose prices they
// are, and a paper order fills at the ask Upstox's feed sends (the test server quotes the desk's contracts at
// 100: bid 99.95, ask 100.05), with nothing sent to Upstox. An F&O stock's spot on the chain is Upstox's as well.

test("a paper account on an Upstox account's feed says so, and fills a paper order at the feed's ask", async ({ page }) => {
  test.setTimeout(180_000);
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
  // Its compliance state: the session, no order yet against Upstox's 10 a second, StrikeDesk's name sent as
  // X-Algo-Name with no algo ID of the trader's own, and the static IP the trader registered at Upstox.
  const compliance = brokers.compliance('Upstox desk');
  await expect(compliance).toContainText(/Valid until .* IST/);
  await expect(compliance).toContainText(/Busiest second today: \W*0\W* of \W*10/);
  await expect(compliance).toContainText(/Not set: orders carry \W*StrikeDesk\W* as \W*X-Algo-Name/);
  await brokers.setStaticIp('Upstox desk', '203.0.113.7');
  await expect(compliance).toContainText('check with your broker');

  const paper = { name: 'Paper on Upstox', accountNumber: `PU${app.ucc.slice(-6)}` };
  const { onFeed } = await putPaperOnFeed(page, brokers, paper, { broker: 'Upstox', clientId: app.ucc, name: 'Upstox desk' });
  await buyOnFeedDesk(page, paper.name, onFeed, '100.05');
  // A paper order: nothing reached Upstox.
  expect(await upstoxOrders(page.request, app)).toEqual([]);
  await feedDeskScreenshots(page, 'paper-on-upstox-feed');
  // A stock's spot streams from Upstox's feed too (issue 63), keyed by its ISIN.
  await stockSpotOnFeedDesk(page, (price) => setUpstoxQuote(page.request, `NSE_EQ|${feedStock.isin}`, price));
});
