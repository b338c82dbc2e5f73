import { expect, test, type Page } from './support/test';
import { openInApp } from './support/in-app';
import { waitForControl } from './support/service-worker';
import { readStoredValue } from './support/session';
import { buyOneLot, signInReadyToTrade, type TradingUser } from './support/trading';

// The app's service worker runs here (the suite blocks it elsewhere, playwright.config.ts): this spec goes
// offline, waits for it to control the page, or meets its precache or push.
test.use({ serviceWorkers: 'allow' });

// The offline promise on the real server: after one visit online, every analytics screen opens offline
// with its last data and when it was fetched, the dashboard and the positions show their last-known state
// read-only, trading is refused with the reason and nothing reaches the server, and after sign-out none of
// the previous trader's data is left to show.

const analyticsScreens = [
  { path: '/app/market_view', title: 'Market view', ready: (page: Page) => page.getByRole('region', { name: 'Commentary' }).getByRole('article').first() },
  { path: '/app/screener_ticker', title: 'Screener', ready: (page: Page) => page.getByRole('region', { name: 'Setups' }).getByRole('article').first() },
  { path: '/app/recommendations', title: 'Recommendations', ready: (page: Page) => page.getByRole('article').first() },
  { path: '/app/strategies', title: 'Strategies', ready: (page: Page) => page.getByRole('article').first() },
  { path: '/app/heat_map', title: 'Heat map', ready: (page: Page) => page.getByRole('list', { name: 'Options by open interest and premium change' }).getByRole('button').first() },
  { path: '/app/trading_view_chart?index=NIFTY&interval=1D', title: 'Charts', ready: (page: Page) => page.getByTestId('candle-chart') },
  { path: '/app/tv_chart?index=BANKNIFTY&interval=1D', title: 'Charts', ready: (page: Page) => page.getByTestId('candle-chart') },
];

const orderCount = async (page: Page, user: TradingUser) => {
  const response = await page.request.get(`/api/order-book/order-book/${user.accountNumber}`, { headers: { authorization: `Bearer ${user.token}` } });
  return ((await response.json()) as { order_book: unknown[] }).order_book.length;
};

test('after one visit, every analytics screen, the dashboard and the positions open offline with their last data and its time; trading stays refused', async ({ page, context }) => {
  test.setTimeout(180_000);
  const user = await signInReadyToTrade(page);
  expect(await buyOneLot(page, user, user.portfolioId)).toBe(200);
  await page.goto('/app/dashboards/default');
  await waitForControl(page);

  // Online: each screen shows its data and when it was fetched (and the service worker keeps a copy), each
  // opened inside the app as a trader moves; offline below, each is a page load, which is what is tested.
  for (const screen of analyticsScreens) {
    await openInApp(page, screen.path, { title: screen.title });
    await expect(screen.ready(page)).toBeVisible();
    await expect(page.getByTestId('as-of').first()).toBeVisible();
    await expect(page.getByTestId('saved-copy')).toHaveCount(0);
  }
  await openInApp(page, '/app/dashboards/default', { title: 'Dashboard' });
  await expect(page.getByRole('region', { name: 'P&L today' }).getByText(/Gross .* · charges/)).toBeVisible();
  await openInApp(page, '/app/position', { title: 'Positions' });
  await expect(page.locator('tr[data-position]').first()).toBeVisible();
  const ordersBefore = await orderCount(page, user);
  const held = (await (await page.request.get(`/api/position-book/position-book/${user.accountNumber}`, { headers: { authorization: `Bearer ${user.token}` } })).json()) as {
    position_book: { net: Array<{ tradingsymbol: string }> };
  };
  const symbol = held.position_book.net[0]!.tradingsymbol;

  await context.setOffline(true);
  for (const screen of analyticsScreens) {
    await page.goto(screen.path);
    await expect(screen.ready(page), screen.path).toBeVisible();
    await expect(page.getByTestId('saved-copy').first(), screen.path).toContainText('Offline: showing the copy saved on this device at');
    await expect(page.getByTestId('as-of').first(), screen.path).toContainText(/As of .* IST/);
  }
  // Broker data: the last-known figures, read-only, with their time.
  await page.goto('/app/dashboards/default');
  await expect(page.getByText(/^Last known, as of .* IST: it could not be refreshed\.$/)).toBeVisible();
  await expect(page.getByRole('region', { name: 'P&L today' }).getByText(/Gross .* · charges/)).toBeVisible();
  await page.goto('/app/position');
  await expect(page.getByText(/^Last known, as of .* IST/).first()).toBeVisible();
  await expect(page.locator('tr[data-position]').first()).toBeVisible();
  await expect(page.getByRole('button', { name: /^Square off/ }).first()).toBeDisabled();

  // An order tried offline is refused with the reason: the chain has no prices to trade at, and a ticket
  // opened from a link (a recommendation's "Trade this") cannot send.
  await page.goto('/app/dashboards/live-trade');
  await expect(page.getByText('You are offline: prices stop until the connection returns, and any shown are the last kept on this device, each as old as marked. The strikes are those kept for today.')).toBeVisible();
  await expect(page.getByRole('table', { name: /Option chain of NIFTY/ }).getByRole('button', { name: /, trade / })).toHaveCount(0);
  await page.goto(`/app/dashboards/live-trade?symbol=${symbol}&side=BUY&lots=1`);
  const ticket = page.getByTestId('order-ticket');
  await expect(ticket.getByText('You are offline: trading is disabled until the connection returns.')).toBeVisible();
  await expect(ticket.getByRole('button', { name: /^Buy \u2068?\d/ })).toBeDisabled();

  // Back online, the server has received no trading call from the offline session.
  await context.setOffline(false);
  expect(await orderCount(page, user)).toBe(ordersBefore);
});

test('after sign-out, offline, none of the previous trader’s data is kept or shown', async ({ page, context }) => {
  test.setTimeout(120_000);
  const user = await signInReadyToTrade(page);
  expect(await buyOneLot(page, user, user.portfolioId)).toBe(200);
  await page.goto('/app/position');
  await waitForControl(page);
  await expect(page.locator('tr[data-position]').first()).toBeVisible();
  await page.goto('/app/market_view');
  await expect(page.getByTestId('as-of').first()).toBeVisible();

  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL('/auth/login');
  await expect.poll(() => readStoredValue(page, 'auth_token')).toBeUndefined();

  await context.setOffline(true);
  await page.goto('/app/position');
  await expect(page).toHaveURL(/\/auth\/login/);
  const left = await page.evaluate(async () => {
    const cacheNames = (await caches.keys()).filter((name) => !name.startsWith('workbox-precache'));
    const keys = await new Promise<string[]>((resolve, reject) => {
      const open = indexedDB.open('keyval-store');
      open.onerror = () => reject(open.error);
      open.onsuccess = () => {
        const request = open.result.transaction('keyval', 'readonly').objectStore('keyval').getAllKeys();
        request.onsuccess = () => resolve(request.result.map(String));
        request.onerror = () => reject(request.error);
      };
    });
    return { cacheNames, keys };
  });
  expect(left.cacheNames).toEqual([]);
  expect(left.keys.filter((key) => key !== 'preferences')).toEqual([]);
  await context.setOffline(false);
});
