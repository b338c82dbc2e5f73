import { expect, test, type Page } from './support/test';
import { AppShell } from './pages/app-shell';
import { roomAfterChosenText, signInReadyToTrade, type TradingUser } from './support/trading';

// The app's service worker runs here (the suite blocks it elsewhere, playwright.config.ts): this spec goes
// offline, waits for it to control the page, or meets its precache or push.
test.use({ serviceWorkers: 'allow' });

// Paper trading on the real server and its simulated market (demo mode, one tick a second): the desk's
// ticket, its honest outcomes, positions marked live, protection orders and square-off; the order book.

/** A figure as screens show it: isolated (U+2068 … U+2069) so it reads whole in right-to-left layouts. */
const figure = (text: string) => new RegExp(`^\u2068?${text.replace(/[+.]/g, '\\$&')}\u2069?$`);

async function openTicket(page: Page): Promise<void> {
  const chain = page.getByRole('table', { name: /Option chain of NIFTY/ });
  await expect(chain.locator('tr[aria-current="true"]')).toHaveCount(1);
  await chain.locator('tr[aria-current="true"]').getByRole('button', { name: /, trade NIFTY.*CE$/ }).click();
  await expect(page.getByTestId('order-ticket')).toBeVisible();
}

async function buyAtMarket(page: Page, lots = '1'): Promise<void> {
  const ticket = page.getByTestId('order-ticket');
  await ticket.getByLabel('Lots').fill(lots);
  await ticket.getByRole('button', { name: /^Buy \u2068?\d/ }).click();
  // The trade defaults ask for a review step first.
  await ticket.getByRole('button', { name: 'Confirm' }).click();
  await expect(ticket.getByRole('status').filter({ hasText: /filled at/ })).toBeVisible();
  // Below 1,440 px the ticket opens over the chain: close it to see the positions.
  if ((page.viewportSize()?.width ?? 0) < 1440) await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
}

const orderBookRows = async (page: Page, user: TradingUser) => {
  const response = await page.request.get(`/api/order-book/order-book/${user.accountNumber}`, { headers: { authorization: `Bearer ${user.token}` } });
  return ((await response.json()) as { order_book: Array<{ order_id: string; status: string; tag: string | null; tradingsymbol: string; transaction_type: string; price: number; modifications: number }> }).order_book;
};

test('a market order fills, takes a stop-loss and a target, the target is modified, the stop-loss fills and cancels the target, and square off all flattens', async ({ page }) => {
  test.setTimeout(210_000);
  // Wide enough for the ticket beside the chain.
  await page.setViewportSize({ width: 1500, height: 900 });
  const user = await signInReadyToTrade(page);
  await page.goto('/app/dashboards/live-trade');
  await openTicket(page);
  const ticket = page.getByTestId('order-ticket');
  await expect(ticket.getByTestId('margin-required')).toContainText(/Required.*₹/);
  await expect(ticket.getByTestId('margin-premium')).toContainText(/Premium.*₹/);
  await buyAtMarket(page);

  const positions = page.getByRole('table', { name: 'Positions' });
  const row = positions.locator('tr[data-position]').first();
  await expect(row.locator('[data-field="quantity"]')).toHaveText(figure('+65'));
  await expect(row.locator('[data-field="net-pnl"]')).toContainText('₹');

  // A stop-loss just under the market and a far target: the pair.
  await row.getByRole('button', { name: 'Target' }).click();
  let dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Place' }).click();
  await expect(dialog.getByRole('status')).toContainText(/open, waiting at/);
  await dialog.getByRole('button', { name: 'Done' }).click();

  await row.getByRole('button', { name: 'Stop-loss' }).click();
  dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Place' }).click();
  await expect(dialog.getByRole('status')).toContainText(/waiting for the trigger/);
  await dialog.getByRole('button', { name: 'Done' }).click();
  const book = await orderBookRows(page, user);
  expect(book.map((order) => order.status).sort()).toEqual(['COMPLETE', 'OPEN', 'TRIGGER PENDING']);
  const targetId = book.find((order) => order.status === 'OPEN')!.order_id;
  const stopId = book.find((order) => order.status === 'TRIGGER PENDING')!.order_id;

  // In the order book: modify the target.
  await page.goto('/app/order_book');
  const orders = page.getByRole('table', { name: 'Orders' });
  await orders.locator(`tr[data-order-id="${targetId}"]`).getByRole('button', { name: 'Modify' }).click();
  const modify = page.getByRole('dialog');
  const targetPrice = modify.getByLabel('Price (₹)');
  const raised = (Number(await targetPrice.inputValue()) + 1).toFixed(2);
  await targetPrice.fill(raised);
  await modify.getByRole('button', { name: 'Modify order' }).click();
  // Modified: the dialog closes itself, and the notice says the order's state.
  await expect(modify).toBeHidden();
  await expect(page.getByRole('region', { name: 'Notifications' })).toContainText(/open, waiting at/);

  // The market decides when a stop-loss fills: keep its trigger one tick under the last price until it
  // does (a few ticks of the simulator's random walk).
  const contract = book[0]!.tradingsymbol;
  const lastPrice = async () => {
    const quote = await page.request.post('/analytics/functions/v1/market_data', { headers: { apikey: anonKey }, data: { instruments: [`NFO:${contract}`] } });
    return ((await quote.json()) as { data: Record<string, { last_price: number }> }).data[`NFO:${contract}`]!.last_price;
  };
  const anonKey = ((await (await page.request.get('/config.json')).json()) as { analytics_anon_key: string }).analytics_anon_key;
  const stopStatus = async () => (await orderBookRows(page, user)).find((order) => order.order_id === stopId)?.status;
  // A re-arm the broker refuses (as it must when the price fell under the new trigger between the read and the
  // modify: a sell stop's trigger must be below the last price) is tried again at once, with the price then; a
  // minute and a half of re-arming, not a count of tries, bounds it. (The stop that stayed "Trigger pending" on
  // screen though filled on the server was the order book's incremental read: docs/testing.md, 29 November.)
  const rearmUntil = Date.now() + 90_000;
  let lastRefusal = 'none';
  for (let attempt = 0; Date.now() < rearmUntil && (await stopStatus()) !== 'COMPLETE'; attempt += 1) {
    const trigger = Math.round((await lastPrice()) * 20 - 1) / 20;
    const rearmed = await page.request.post('/api/order-book/order-book/modify_order/', {
      headers: { authorization: `Bearer ${user.token}`, 'idempotency-key': `rearm-${stopId}-${attempt}` },
      data: { account_number: user.accountNumber, order_id: stopId, order_type: 'SL', trigger_price: trigger, price: Math.max(0.05, trigger - 5) },
    });
    if (!rearmed.ok()) {
      lastRefusal = await rearmed.text();
      continue;
    }
    await expect.poll(stopStatus, { timeout: 6000 }).toBe('COMPLETE').catch(() => undefined);
  }
  expect(await stopStatus(), `the stop-loss never triggered; the last re-arm refused: ${lastRefusal}`).toBe('COMPLETE');
  // The stop-loss filled; its pair, the target, was cancelled with the reason; the position is flat.
  await expect(orders.locator(`tr[data-order-id="${stopId}"] [data-field="status"]`)).toContainText('Complete');
  await expect(orders.locator(`tr[data-order-id="${targetId}"] [data-field="status"]`)).toContainText(/Cancelled.*one cancels the other/);

  // Two more, then square off all: the confirmation lists what will be closed; the book goes flat.
  await page.goto('/app/dashboards/live-trade');
  await expect(row.locator('[data-field="quantity"]')).toHaveText(figure('0'));
  await openTicket(page);
  await buyAtMarket(page, '2');
  await expect(row.locator('[data-field="quantity"]')).toHaveText(figure('+130'));
  await page.getByRole('button', { name: 'Square off all' }).click();
  dialog = page.getByRole('alertdialog');
  await expect(dialog.getByText(/^Sell \u2068?130\u2069? \u2068?NIFTY.*CE\u2069? at market$/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Square off' }).click();
  await expect(dialog.getByRole('status')).toContainText(/Sell \u2068?130\u2069? .*filled at/);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(row.locator('[data-field="quantity"]')).toHaveText(figure('0'));
  await page.screenshot({ path: 'test-results/trading/desk-1500.png' });

  // The portfolio's page: the day's summary and its realised P&L history (a lazy chart).
  await page.goto('/app/position');
  await expect(page.getByRole('heading', { name: 'Positions by bot' })).toBeVisible();
  // The desk's trades are the trader's own: their group has no bot.
  await expect(page.getByRole('heading', { name: 'Your own orders' })).toBeVisible();
  await expect(page.getByText('Max drawdown')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Cumulative net realised P&L per trading day' }).locator('canvas').first()).toBeVisible();
  await page.screenshot({ path: 'test-results/trading/positions-1500.png', fullPage: true });
});

test('an answer lost after the server placed the order: the page finds it in the order book, and the server holds one order', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const user = await signInReadyToTrade(page);
  await page.goto('/app/dashboards/live-trade');
  await openTicket(page);
  // The request reaches the server, which places the order; the answer never reaches the page.
  await page.route('**/api/order-book/order-book/execute_order/', async (route) => {
    await route.fetch();
    await route.abort('connectionreset');
  });
  const ticket = page.getByTestId('order-ticket');
  await ticket.getByRole('button', { name: /^Buy \u2068?\d/ }).click();
  await ticket.getByRole('button', { name: 'Confirm' }).click();
  await expect(ticket.getByText('Found in the order book:')).toBeVisible();
  await expect(ticket.getByText(/filled at/)).toBeVisible();
  expect(await orderBookRows(page, user)).toHaveLength(1);
});

test('offline, the ticket is disabled with the reason and no trading call reaches the server after reconnecting', async ({ page, context }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const user = await signInReadyToTrade(page);
  const trading: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname.startsWith('/api/order-book/order-book/')) trading.push(request.url());
  });
  await page.goto('/app/dashboards/live-trade');
  await openTicket(page);
  await context.setOffline(true);
  const ticket = page.getByTestId('order-ticket');
  await expect(ticket.getByText('You are offline: trading is disabled until the connection returns.')).toBeVisible();
  await expect(ticket.getByRole('button', { name: /^Buy \u2068?\d/ })).toBeDisabled();
  await ticket.getByRole('button', { name: /^Buy \u2068?\d/ }).click({ force: true });
  await context.setOffline(false);
  await expect(ticket.getByRole('button', { name: /^Buy \u2068?\d/ })).toBeEnabled();
  await page.waitForTimeout(1000);
  expect(trading).toEqual([]);
  expect(await orderBookRows(page, user)).toEqual([]);
});

test('the order book lists the day’s orders live; a working target is modified, then cancelled', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const user = await signInReadyToTrade(page);
  await page.goto('/app/dashboards/live-trade');
  await openTicket(page);
  await buyAtMarket(page);
  const row = page.getByRole('table', { name: 'Positions' }).locator('tr[data-position]').first();
  await row.getByRole('button', { name: 'Target' }).click();
  const placed = page.getByRole('dialog');
  await placed.getByRole('button', { name: 'Place' }).click();
  await expect(placed.getByRole('status')).toContainText(/open, waiting at/);
  await placed.getByRole('button', { name: 'Done' }).click();

  await page.goto('/app/order_book');
  const orders = page.getByRole('table', { name: 'Orders' });
  const target = orders.locator('tr[data-order-id]').filter({ hasText: 'Open' });
  await expect(target).toHaveCount(1);
  await expect(orders.locator('tr[data-order-id]').filter({ hasText: 'Complete' })).toHaveCount(1);

  await target.getByRole('button', { name: 'Modify' }).click();
  const modify = page.getByRole('dialog');
  const price = modify.getByLabel('Price (₹)');
  const raised = (Number(await price.inputValue()) + 1).toFixed(2);
  await price.fill(raised);
  await modify.getByRole('button', { name: 'Modify order' }).click();
  // Modified as asked: no "Done" to tap, the dialog closes itself and one notice tells the new state.
  await expect(modify).toBeHidden();
  const notices = page.getByRole('region', { name: 'Notifications' });
  await expect(notices.getByText(/^Order for \u2068?NIFTY.* modified\u2069?$/)).toHaveCount(1);
  await expect(notices).toContainText(/open, waiting at/);
  const book = await orderBookRows(page, user);
  expect(book.find((order) => order.status === 'OPEN')).toMatchObject({ price: Number(raised), modifications: 1 });

  await target.getByRole('button', { name: 'Cancel' }).click();
  const cancel = page.getByRole('alertdialog');
  await cancel.getByRole('button', { name: 'Cancel order' }).click();
  await expect(cancel).toBeHidden();
  await expect(notices.getByText(/^Order for \u2068?NIFTY.* cancelled\u2069?$/)).toHaveCount(1);
  await expect(orders.locator('tr[data-order-id]').filter({ hasText: 'Cancelled' })).toHaveCount(1);

  await page.setViewportSize({ width: 360, height: 740 });
  await expect(page.getByRole('list', { name: 'Orders' }).getByRole('listitem')).toHaveCount(2);
  await page.screenshot({ path: 'test-results/trading/order-book-360.png' });
});

test('the desk in French, dark and right to left on a 360 px phone: the ticket opens over the chain and fits', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signInReadyToTrade(page);
  const shell = new AppShell(page);
  await shell.open('/app/dashboards/live-trade');
  await shell.useLayout({ theme: /^dark$/i, direction: /right to left/i, language: /français/i });
  const chain = page.getByRole('table', { name: /Chaîne d’options de NIFTY/ });
  await chain.locator('tr[aria-current="true"]').getByRole('button', { name: /, négocier NIFTY.*CE$/ }).click();
  const ticket = page.getByTestId('order-ticket');
  await expect(ticket.getByTestId('margin-required')).toContainText(/Requis.*₹/);
  await expect(ticket.getByTestId('margin-available')).toContainText(/Disponible.*₹/);
  await expect(ticket.getByRole('button', { name: /^Acheter \u2068?65/ })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  // The product reads in full (it was cut to "Au-delà de la séance (NR"): its text fits the select, arrow aside.
  for (const product of ['MIS', 'NRML']) {
    await ticket.getByLabel('Produit').selectOption(product);
    const room = await roomAfterChosenText(ticket.getByLabel('Produit'));
    expect(room, product).toBeGreaterThanOrEqual(0);
  }
  await page.screenshot({ path: 'test-results/trading/ticket-rtl-dark-fr-360.png' });
});
