import { expect, test } from './support/test';
import { kiteDeskLoggedIn } from './pages/broker-accounts-page';
import { newKiteApp } from './support/kite';

// A Kite account's desk whose price stream is refused falls back to polling market_data (issue 23). The poll
// names the Kite broker, so the market state the desk shows is the real exchange's, as the stream would say,
// never the demo simulator's: on the e2e server (demo mode, 11:00 IST of a trading day) the exchange is open
// but it is no demo market, so the strip carries no "Demo market" badge. Before the poll named the broker,
// it read the simulator's always-open demo market and showed that badge on a live desk.

test("a Kite desk with its price stream down shows its exchange's market state from the poll, not the demo simulator's", async ({ page }) => {
  test.setTimeout(120_000);
  await kiteDeskLoggedIn(page, newKiteApp());

  // The price stream is refused from here on: only the fallback poll answers.
  await page.route('**/api/market/stream/', (route) => route.fulfill({ status: 503, body: 'unavailable' }));
  await page.goto('/app/dashboards/live-trade');
  const strip = page.getByRole('region', { name: 'Index prices' });
  await expect(strip).toBeVisible();
  await expect(page.getByText('Loading your broker accounts…')).toHaveCount(0, { timeout: 30_000 });
  await expect(page.locator('[data-trading-mode="live"]').first()).toHaveText('Live');
  // The poll runs once a second: two of the desk's answers, each read before the next is awaited (a read left
  // running when the page navigated, or when the test ended, failed the test). A poll the feed cut off has no
  // body to read: each retry of the refused stream (1 s, 2 s, 4 s… apart) ends the poll under way (CI, 28 Nov).
  const polls: Array<{ broker?: string; market: { status: string; demo: boolean } }> = [];
  while (polls.length < 2) {
    const response = await page.waitForResponse((answer) => answer.url().includes('/functions/v1/market_data'), { timeout: 20_000 });
    const asked = response.request().postDataJSON() as { broker?: string };
    const answer = (await response.json().catch(() => null)) as { market: { status: string; demo: boolean } } | null;
    if (answer !== null) polls.push({ broker: asked.broker, market: answer.market });
  }
  await expect(strip.getByText('Demo market')).toHaveCount(0);
  await expect(strip.getByText('Market closed')).toHaveCount(0);
  // The desk named its broker, and the server answered the exchange's state (open at 11:00 IST, no demo).
  expect(polls.map((poll) => poll.broker)).toEqual(polls.map(() => 'kite'));
  expect(polls[0]!.market).toMatchObject({ status: 'open', demo: false });
  await page.screenshot({ path: 'test-results/kite-polled-market/desk-1280.png' });
  await page.setViewportSize({ width: 360, height: 800 });
  await page.screenshot({ path: 'test-results/kite-polled-market/desk-360.png' });
});
