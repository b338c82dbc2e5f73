import { expect, test } from './support/test';
import { kiteDeskLoggedIn } from './pages/broker-accounts-page';
import { buyOnFeedDesk, feedDeskScreenshots, putPaperOnFeed, stockSpotOnFeedDesk } from './pages/paper-feed-desk';
import { feedStock } from './support/feed-stock';
import { kiteOrders, newKiteApp, setKitePrice } from './support/kite';
import { screenshotAt } from './support/screenshots';

// A paper account on a Kite account's real prices (issue 38), as a trader sets it up: link and log in to Kite,
// then on the paper account choose "Prices from" that Kite account. Its screens say whose prices they show, and
// a paper order fills at Kite's ask (the test server quotes NIFTY's listed contracts at 100: bid 99.95, ask
// 100.05), with nothing sent to Kite. An F&O stock's spot on the chain is Kite's as well.

test("a paper account on a Kite account's feed says so, and fills a paper order at Kite's ask", async ({ page }) => {
  test.setTimeout(180_000);
  const app = newKiteApp();
  const { brokers } = await kiteDeskLoggedIn(page, app);

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
  // A stock's spot streams from Kite's ticker too (issue 63).
  await stockSpotOnFeedDesk(page, (price) => setKitePrice(page.request, `NSE:${feedStock.symbol}`, price));
});
