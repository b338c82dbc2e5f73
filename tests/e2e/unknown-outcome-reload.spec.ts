import { expect, test, type Page } from './support/test';
import { waitForControl } from './support/service-worker';
import { signInReadyToTrade, type TradingUser } from './support/trading';

// The app's service worker runs here (the suite blocks it elsewhere, playwright.config.ts): this spec goes
// offline, waits for it to control the page, or meets its precache or push.
test.use({ serviceWorkers: 'allow' });

// An order whose outcome is unknown survives a reload (issue 24): the desk keeps the intent in IndexedDB, so
// after the page is reloaded on the dead network, the app (from the service worker) still reads the order
// book once requests succeed again and tells the trader the final state. Sent once.

const ordersOf = async (page: Page, user: TradingUser) => {
  const response = await page.request.get(`/api/order-book/order-book/${user.accountNumber}`, { headers: { authorization: `Bearer ${user.token}` } });
  return ((await response.json()) as { order_book: Array<{ status: string }> }).order_book;
};

test('reloaded while an order’s outcome is unknown, the desk still settles it and says its final state', async ({ page, context }) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1500, height: 900 });
  const user = await signInReadyToTrade(page);
  let dead = false;
  let lostAnswer = false;
  await page.route('**/api/**', (route) => (dead ? route.abort('internetdisconnected') : route.fallback()));
  await context.route('**/analytics/**', (route) => (dead ? route.abort('internetdisconnected') : route.fallback()));
  // The order reaches the broker, but its answer never comes back: the network dies on the way.
  await page.route('**/api/order-book/order-book/execute_order/', async (route) => {
    if (!lostAnswer) return route.fallback();
    await route.fetch();
    dead = true;
    await route.abort('internetdisconnected');
  });

  await page.goto('/app/dashboards/live-trade');
  await waitForControl(page);
  const chain = page.getByRole('table', { name: /Option chain of NIFTY/ });
  await expect(chain.locator('tr[aria-current="true"]')).toHaveCount(1);
  await chain.locator('tr[aria-current="true"]').getByRole('button', { name: /, trade NIFTY.*CE$/ }).click();
  const ticket = page.getByTestId('order-ticket');
  await expect(ticket.getByRole('button', { name: /^Buy \u2068?\d/ })).toBeEnabled();

  const before = (await ordersOf(page, user)).length;
  lostAnswer = true;
  await ticket.getByRole('button', { name: /^Buy \u2068?\d/ }).click();
  await ticket.getByRole('button', { name: 'Confirm' }).click();
  await expect(ticket.getByText(/^The outcome is unknown/)).toBeVisible({ timeout: 30_000 });
  lostAnswer = false;
  // Kept on the device, by its key.
  await expect.poll(() => page.evaluate(() => new Promise((resolve) => {
    const open = indexedDB.open('keyval-store');
    open.onsuccess = () => {
      const read = open.result.transaction('keyval').objectStore('keyval').get('unknown_intents');
      read.onsuccess = () => resolve((read.result as { intents?: unknown[] } | undefined)?.intents?.length ?? 0);
    };
  }))).toBe(1);

  // The reload, still on the dead network: the ticket that sent it is gone.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Live trade' })).toBeVisible();

  // Requests succeed again: the book is read for the key and the trader is told, with no action of theirs.
  dead = false;
  await expect(page.getByText('The order book answered for an order whose outcome was unknown')).toBeVisible({ timeout: 45_000 });
  await page.screenshot({ path: 'test-results/unknown-outcome/settled-after-reload-1500.png' });
  expect((await ordersOf(page, user)).length).toBe(before + 1);
});
