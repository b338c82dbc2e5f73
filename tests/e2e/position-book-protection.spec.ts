import { expect, test } from './support/test';
import { AppShell } from './pages/app-shell';
import { OrderBookPage } from './pages/order-book-page';
import { PositionsView } from './pages/positions-page';
import { buyOneLot, signInReadyToTrade } from './support/trading';

// The Position book (issue 36): its stop-loss and target were refused for every position ("BUY at most 0:
// there is no open position") while the same buttons on Positions worked, because its rows net the account's
// portfolios and their requests named none. Placed from the book, they reach the order book; and no signed
// amount on the book breaks between its sign and its digits, whatever the phone's width.

test('a stop-loss and a target placed from the Position book show on its row and in the order book', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const user = await signInReadyToTrade(page);
  // Bought in the desk's portfolio, as the desk buys: the book shows it netted, with no portfolio of its own.
  expect(await buyOneLot(page, user, user.portfolioId, 'NRML')).toBe(200);
  const shell = new AppShell(page);
  await shell.open('/app/position_book');
  const positions = new PositionsView(page);
  await expect(positions.rows()).toHaveCount(1);
  const row = positions.rows().first();
  const symbol = (await row.getAttribute('data-position'))!;

  const trigger = await positions.protect(row, 'stoploss');
  const target = await positions.protect(row, 'target');
  // The row shows both, each in place of the button that would place another.
  await expect(row.locator('[data-protection="stoploss"]')).toBeVisible();
  await expect(row.locator('[data-protection="target"]')).toBeVisible();
  await expect(row.getByRole('button', { name: 'Stop-loss', exact: true })).toHaveCount(0);
  await page.screenshot({ path: 'test-results/position-book/protection-1280.png' });

  const book = new OrderBookPage(page);
  await book.open();
  const stop = book.ordersOn(symbol, 'SL');
  await expect(stop).toHaveCount(1);
  await expect(stop.locator('[data-field="status"]')).toContainText(/trigger pending/i);
  await expect(stop.locator('[data-field="price"]')).toContainText(Number(trigger).toLocaleString('en-IN', { minimumFractionDigits: 2 }));
  const limit = book.ordersOn(symbol, 'Limit');
  await expect(limit).toHaveCount(1);
  await expect(limit.locator('[data-field="status"]')).toContainText(/open/i);
  await expect(limit.locator('[data-field="price"]')).toContainText(Number(target).toLocaleString('en-IN', { minimumFractionDigits: 2 }));
  await page.screenshot({ path: 'test-results/position-book/order-book-1280.png' });
});

test('on a phone the Position book keeps every P&L\'s sign on the line of its amount, however narrow its line', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 360, height: 740 });
  const user = await signInReadyToTrade(page);
  expect(await buyOneLot(page, user, user.portfolioId, 'NRML')).toBe(200);
  expect(await buyOneLot(page, user, user.portfolioId, 'MIS')).toBe(200);
  const shell = new AppShell(page);
  await shell.open('/app/position_book');
  const positions = new PositionsView(page);
  await expect(positions.cards()).toHaveCount(2);
  // Signed amounts on screen: the unrealised tile's and each card's net P&L (bought at the offer, marked below it).
  await expect(page.locator('[data-summary="unrealised"]')).toHaveText(/^\u2068?[+-]/);
  expect(await positions.signsApartFromAmounts()).toEqual([]);
  await shell.useLayout({ theme: /^dark$/i, language: /français/i });
  await expect(positions.cards()).toHaveCount(2);
  expect(await positions.signsApartFromAmounts()).toEqual([]);
  await page.screenshot({ path: 'test-results/position-book/phone-360.png', fullPage: true });
});
