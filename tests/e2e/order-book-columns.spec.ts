import { expect, test, type Page } from './support/test';
import { AppShell } from './pages/app-shell';
import { OrderBookPage } from './pages/order-book-page';
import { buyOneLot, signInReadyToTrade, type TradingUser } from './support/trading';

// The order book at 1280×800 (issue 24): every column, Modify and Cancel and the rejection reason included,
// fits without scrolling sideways in English and in French; the order's tag is not a column.

/**
 * A working target far above the market, a working stop-loss far under it and an order the exchange's rules
 * refuse (no SL-M on index options).
 */
async function workingAndRejected(page: Page, user: TradingUser): Promise<{ working: string; rejected: string }> {
  expect(await buyOneLot(page, user, user.portfolioId)).toBe(200);
  const headers = { authorization: `Bearer ${user.token}` };
  const book = async () =>
    ((await (await page.request.get(`/api/order-book/order-book/${user.accountNumber}`, { headers })).json()) as {
      order_book: Array<{ order_id: string; status: string; tradingsymbol: string }>;
    }).order_book;
  const symbol = (await book())[0]!.tradingsymbol;
  const place = (order: Record<string, unknown>) =>
    page.request.post('/api/order-book/order-book/place_trades/', {
      headers: { ...headers, 'idempotency-key': crypto.randomUUID() },
      data: { account_number: user.accountNumber, orders: [{ tradingsymbol: symbol, exchange: 'NFO', product: 'NRML', quantity: 65, ...order }] },
    });
  await place({ transaction_type: 'SELL', order_type: 'LIMIT', price: 9000 });
  await place({ transaction_type: 'SELL', order_type: 'SL-M', trigger_price: 1 });
  // A stop-loss far under the market: its type is the longest to read, its trigger under its price.
  await place({ transaction_type: 'SELL', order_type: 'SL', trigger_price: 1, price: 0.95 });
  const orders = await book();
  return { working: orders.find((order) => order.status === 'OPEN')!.order_id, rejected: orders.find((order) => order.status === 'REJECTED')!.order_id };
}

test('at 1280×800 the order book shows every column, Modify, Cancel and the rejection reason, in English and French', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const user = await signInReadyToTrade(page);
  const { working, rejected } = await workingAndRejected(page, user);
  const shell = new AppShell(page);
  const book = new OrderBookPage(page);
  await book.open();
  const table = page.getByRole('table', { name: 'Orders' });
  await expect(table.getByRole('columnheader')).toHaveText(['Time', 'Instrument', 'Side', 'Filled / qty', 'Type', 'Product', 'Price / trigger', 'Avg. price', 'Status', 'Actions']);
  await expect(book.order(rejected).locator('[data-field="status-message"]')).toBeVisible();
  expect(await book.ordersOverflow()).toBeLessThanOrEqual(0);
  await expect(book.order(working).getByRole('button', { name: 'Cancel' })).toBeInViewport();
  await page.screenshot({ path: 'test-results/order-book-columns/1280-en.png' });

  await shell.useLayout({ language: /français/i, theme: /^(dark|sombre)$/i });
  const tableFr = page.getByRole('table', { name: 'Ordres' });
  await expect(tableFr.getByRole('columnheader', { name: 'Statut' })).toBeVisible();
  await expect(tableFr.getByRole('columnheader')).toHaveCount(10);
  expect(await book.ordersOverflow()).toBeLessThanOrEqual(0);
  await expect(book.order(working).getByRole('button', { name: 'Modifier' })).toBeInViewport();
  await expect(book.order(working).getByRole('button', { name: 'Annuler' })).toBeInViewport();
  await expect(book.order(rejected).locator('[data-field="status-message"]')).toBeInViewport();
  await page.screenshot({ path: 'test-results/order-book-columns/1280-fr-dark.png' });
});
