import { expect, test, type BrowserContext, type Page, type Route } from './support/test';
import { waitForControl } from './support/service-worker';
import { signInReadyToTrade, type TradingUser } from './support/trading';

// The app's service worker runs here (the suite blocks it elsewhere, playwright.config.ts): this spec goes
// offline, waits for it to control the page, or meets its precache or push.
test.use({ serviceWorkers: 'allow' });

// Honest when the network lies (issue 24), on the real server, service worker and IndexedDB. A dead network
// that the browser still calls online (captive portal, dead Wi-Fi: every request aborted, navigator.onLine
// true) disables trading with the reason and marks the prices as old as they are; an order whose answer was
// lost ends in its final state by itself when requests succeed again, sent once. True offline says so too.

const ordersOf = async (page: Page, user: TradingUser) => {
  const response = await page.request.get(`/api/order-book/order-book/${user.accountNumber}`, { headers: { authorization: `Bearer ${user.token}` } });
  return ((await response.json()) as { order_book: Array<{ tag: string | null; status: string }> }).order_book;
};

async function openTicket(page: Page): Promise<void> {
  const chain = page.getByRole('table', { name: /Option chain of NIFTY/ });
  await expect(chain.locator('tr[aria-current="true"]')).toHaveCount(1);
  await chain.locator('tr[aria-current="true"]').getByRole('button', { name: /, trade NIFTY.*CE$/ }).click();
  await expect(page.getByTestId('order-ticket')).toBeVisible();
}

/**
 * Every request fails while `dead()` says so: the trading API from the page, and the analytics backend even
 * when the service worker is the one asking (context.route sees its requests), so what the worker has saved
 * is all there is, as behind a captive portal.
 */
async function killNetworkWhen(page: Page, context: BrowserContext, dead: () => boolean): Promise<void> {
  const handle = (route: Route) => (dead() ? route.abort('internetdisconnected') : route.fallback());
  await page.route('**/api/**', handle);
  await context.route('**/analytics/**', handle);
}

test('online but nothing answers: trading disabled with the reason, prices marked old, and a lost answer settled by itself', async ({ page, context }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1500, height: 900 });
  const user = await signInReadyToTrade(page);
  let dead = false;
  let lostAnswer = false;
  await killNetworkWhen(page, context, () => dead);
  // The desk reads its prices through market_data, as on a backend without a stream: each answer is what the
  // service worker saves, and what it serves once the network is dead (the 16-minute-old prices).
  await page.route('**/api/market/stream/', (route) =>
    dead ? route.abort('internetdisconnected') : route.fulfill({ status: 404, json: { message: 'No stream here', code: 'not_found' } }),
  );
  // The order reaches the broker, but its answer never comes back: the network dies on the way.
  await page.route('**/api/order-book/order-book/execute_order/', async (route) => {
    if (!lostAnswer) return route.fallback();
    await route.fetch();
    dead = true;
    await route.abort('internetdisconnected');
  });

  await page.goto('/app/dashboards/live-trade');
  await waitForControl(page);
  await openTicket(page);
  const ticket = page.getByTestId('order-ticket');
  await expect(ticket.getByRole('button', { name: /^Buy \u2068?\d/ })).toBeEnabled();
  // A few seconds of prices, so the worker has saved some.
  await page.waitForTimeout(3000);

  // The network dies; the browser still says online.
  dead = true;
  expect(await page.evaluate(() => navigator.onLine)).toBe(true);
  const badge = page.getByRole('banner').getByRole('status').filter({ hasText: 'No connection' });
  await expect(badge).toBeVisible();
  await expect(ticket.getByText(/^No answer from the server since .* IST: trading is disabled until it answers again\.$/)).toBeVisible();
  await expect(ticket.getByRole('button', { name: /^Buy \u2068?\d/ })).toBeDisabled();
  await expect(page.getByText(/^No answer from the server since .* IST: the prices shown are not live/)).toBeVisible();
  // Each price shows how old it is.
  await expect(page.getByRole('table', { name: /Option chain of NIFTY/ }).getByText(/^\d+ s old$/).first()).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(/anyway/i)).toHaveCount(0);

  // A reload on the dead network: the app and its last prices come from the service worker, still no trading.
  await page.reload();
  await expect(badge).toBeVisible();
  // The chain's prices are the kept ones, with their age: none is offered as a price to trade at.
  const chain = page.getByRole('table', { name: /Option chain of NIFTY/ });
  await expect(chain.getByRole('rowheader').first()).toBeVisible({ timeout: 20_000 });
  await expect(chain.getByRole('button', { name: /, trade / })).toHaveCount(0);
  await page.screenshot({ path: '/tmp/network-dead-1500.png' });

  // Requests succeed again: the app notices by itself and trading comes back.
  dead = false;
  await expect(badge).toHaveCount(0, { timeout: 20_000 });
  if (!(await ticket.isVisible())) await openTicket(page);
  await expect(ticket.getByRole('button', { name: /^Buy \u2068?\d/ })).toBeEnabled({ timeout: 15_000 });

  // An order whose answer is lost, then nothing answers: "outcome unknown".
  const before = (await ordersOf(page, user)).length;
  lostAnswer = true;
  await ticket.getByRole('button', { name: /^Buy \u2068?\d/ }).click();
  await ticket.getByRole('button', { name: 'Confirm' }).click();
  await expect(ticket.getByText(/^The outcome is unknown/)).toBeVisible({ timeout: 30_000 });
  lostAnswer = false;

  // The network comes back: with no action from the trader, the book is read and the outcome is final.
  dead = false;
  await expect(ticket.getByText('Found in the order book:')).toBeVisible({ timeout: 30_000 });
  await expect(ticket.getByRole('status').filter({ hasText: /filled at/ })).toBeVisible();
  await expect(ticket.getByText(/^The outcome is unknown/)).toHaveCount(0);
  await expect(page.getByText('The order book answered for an order whose outcome was unknown')).toBeVisible();
  // Sent once: one new order on the server, under one key.
  const after = await ordersOf(page, user);
  expect(after.length).toBe(before + 1);
});

test('offline: the index strip says so, and trading is refused with the reason', async ({ page, context }) => {
  test.setTimeout(120_000);
  await signInReadyToTrade(page);
  await page.goto('/app/dashboards/live-trade');
  await waitForControl(page);
  await expect(page.getByRole('table', { name: /Option chain of NIFTY/ })).toBeVisible();

  await context.setOffline(true);
  await page.reload();
  const strip = page.getByRole('list', { name: 'Indices' });
  // The strip keeps each index's last price with its age (issue 36's last-known copies); the banner says offline.
  await expect(strip.getByText(/\d+ s old|as of/).first()).toBeVisible();
  await expect(strip.getByText('No price yet')).toHaveCount(0);
  await expect(page.getByRole('banner').getByRole('status').filter({ hasText: 'Offline' })).toBeVisible();
  await context.setOffline(false);
});
