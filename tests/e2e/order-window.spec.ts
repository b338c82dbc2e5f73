import { expect, test, type Page } from './support/test';
import { AppShell } from './pages/app-shell';
import { OrderBookPage } from './pages/order-book-page';
import { buyOneLot, roomAfterChosenText, signInReadyToTrade, type TradingUser } from './support/trading';

// The order window, the trade book and the kill switch notice on the real server and its simulated market
// (issue 24): every fill with its time and charges beside the order book, as cards on a phone and a table on
// a wide screen, in English and French; the desk of an account whose kill switch is on says so before any
// order is typed, and the header names the account. Screenshots land in test-results/order-window/.

const shots = 'test-results/order-window';

async function armKillSwitch(page: Page, user: TradingUser): Promise<void> {
  const armed = await page.request.post('/api/kill-switch/arm/', {
    headers: { authorization: `Bearer ${user.token}`, 'idempotency-key': crypto.randomUUID() },
    data: { account_number: user.accountNumber, source: 'settings', reason: 'Testing the notice' },
  });
  expect(armed.status(), await armed.text()).toBe(200);
}

/** A buy far under the market (₹1.00, one lot of NIFTY's at-the-money call): it stays open to be modified. */
async function placeWorkingBuy(page: Page, user: TradingUser): Promise<void> {
  const auth = { authorization: `Bearer ${user.token}` };
  const expiries = (await (await page.request.get('/api/market/expiries/?index=NIFTY', { headers: auth })).json()) as { expiries: Array<{ date: string }> };
  const listed = (await (await page.request.get(`/api/market/instruments/?index=NIFTY&expiry=${expiries.expiries[0]!.date}`, { headers: auth })).json()) as {
    instruments: Array<{ tradingsymbol: string; instrument_type: string }>;
    lot_size: number;
  };
  const calls = listed.instruments.filter((instrument) => instrument.instrument_type === 'CE');
  const call = calls[Math.floor(calls.length / 2)]!;
  const order = { tradingsymbol: call.tradingsymbol, exchange: 'NFO', transaction_type: 'BUY', order_type: 'LIMIT', product: 'NRML', quantity: listed.lot_size, price: 1 };
  const placed = await page.request.post('/api/order-book/order-book/place_trades/', {
    headers: { ...auth, 'idempotency-key': crypto.randomUUID() },
    data: { account_number: user.accountNumber, orders: [order] },
  });
  expect(placed.status(), await placed.text()).toBe(200);
}

for (const width of [1280, 360]) {
  test(`the trade book lists each fill with its time, price, quantity and charges at ${width} px, in English and French`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: 800 });
    const user = await signInReadyToTrade(page);
    expect(await buyOneLot(page, user)).toBe(200);
    const book = new OrderBookPage(page);
    await book.open();
    await book.showTrades();
    await expect(book.fills()).toHaveCount(1);
    const fill = book.fills().first();
    // The contract in words, as a trader reads it (issue 62): "NIFTY 01 Dec 26050 CE".
    await expect(fill).toContainText(/NIFTY .+ CE/);
    await expect(fill).toContainText(/\d{2}:\d{2}:\d{2}/);
    // One lot bought at market: ₹20 brokerage and the rest, never nothing.
    await expect(fill).toContainText(/₹\u2068?2\d\.\d\d/);
    await expect(book.total()).toContainText(/1 fill · charges \u2068?₹2\d\.\d\d/);
    // Nothing scrolls sideways on the page itself.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.screenshot({ path: `${shots}/trades-en-${width}.png`, fullPage: true });

    await new AppShell(page).useLayout({ theme: /^dark$/i, language: /français/i });
    await book.showTrades();
    await expect(book.total()).toContainText(/1 exécution · frais \u2068?2\d,\d\d/);
    await expect(book.fills().first()).toContainText(/Acheter/);
    await page.screenshot({ path: `${shots}/trades-fr-dark-${width}.png`, fullPage: true });
  });
}

test('the desk of an account whose kill switch is on says so before an order is typed, and the header names the account', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 360, height: 800 });
  const user = await signInReadyToTrade(page);
  await armKillSwitch(page, user);
  await page.goto('/app/dashboards/live-trade');
  const notice = page.getByTestId('kill-switch-notice');
  // Names and figures are isolated (U+2068 … U+2069) for right-to-left layouts: read without them.
  await expect.poll(async () => (await notice.textContent())?.replace(/[\u2068\u2069]/g, '')).toContain(`The kill switch of Paper desk (${user.accountNumber}) is on since`);
  await expect(page.getByRole('button', { name: `Kill switch · 1 armed: Paper desk (${user.accountNumber})` })).toBeVisible();
  await page.screenshot({ path: `${shots}/kill-switch-notice-360.png`, fullPage: true });
  // The ticket sends nothing while the switch is on, and says why (issue 62: it stayed an armed green Buy).
  const chain = page.getByRole('table', { name: /Option chain of NIFTY/ });
  await chain.locator('tr[aria-current="true"]').getByRole('button', { name: /, trade NIFTY.*CE$/ }).click();
  const ticket = page.getByTestId('order-ticket');
  await expect(ticket.getByText('The kill switch is on for this account: new orders are refused.', { exact: false })).toBeVisible();
  await expect(ticket.locator('button[type="submit"]')).toBeDisabled();
  await page.keyboard.press('Escape');
  await notice.getByRole('link', { name: 'Kill switch page' }).click();
  await expect(page).toHaveURL(/\/app\/kill-switch$/);
});

for (const width of [1500, 360]) {
  test(`the order window checks the stop-loss trigger, names the contract and breaks the charges down at ${width} px`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: 900 });
    await signInReadyToTrade(page);
    await page.goto('/app/dashboards/live-trade');
    const chain = page.getByRole('table', { name: /Option chain of NIFTY/ });
    await expect(chain.locator('tr[aria-current="true"]')).toHaveCount(1);
    await chain.locator('tr[aria-current="true"]').getByRole('button', { name: /, trade NIFTY.*CE$/ }).click();
    const ticket = page.getByTestId('order-ticket');
    await expect(ticket.getByTestId('contract-name')).toHaveText(/^NIFTY \d{2} [A-Z][a-z]{2} \d+ CE$/);
    await expect(ticket.getByTestId('charges-breakdown')).toBeVisible();
    await ticket.getByTestId('charges-breakdown').locator('summary').click();
    await expect(ticket.getByTestId('charges-breakdown')).toContainText('Brokerage');

    await ticket.getByRole('button', { name: 'Sell', exact: true }).click();
    await ticket.getByLabel('Order type').selectOption('SL');
    // A sell stop above the market would fire at once: refused before the review step, and said.
    const last = Number((await ticket.getByLabel('Limit price (₹)').inputValue()) || '0');
    await ticket.getByLabel('Trigger price (₹)').fill((last + 5).toFixed(2));
    await expect(ticket.getByText('Not ready to send: A stop-loss sell triggers below the last price.')).toBeVisible();
    await expect(ticket.locator('button[type="submit"]')).toBeDisabled();
    await page.screenshot({ path: `${shots}/ticket-en-${width}.png`, fullPage: width > 1000 });

    await page.emulateMedia({ colorScheme: 'dark' });
    await ticket.getByRole('button', { name: 'One lot more' }).click();
    await expect(ticket.getByLabel('Lots')).toHaveValue('2');
  });
}

for (const width of [1500, 360]) {
  test(`the order window in French and dark at ${width} px`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: 900 });
    await signInReadyToTrade(page);
    await page.goto('/app/dashboards/live-trade');
    await new AppShell(page).useLayout({ theme: /^dark$/i, language: /français/i });
    const chain = page.getByRole('table', { name: /NIFTY/ });
    await expect(chain.locator('tr[aria-current="true"]')).toHaveCount(1);
    await chain.locator('tr[aria-current="true"]').getByRole('button', { name: /, négocier NIFTY.*CE$/ }).click();
    const ticket = page.getByTestId('order-ticket');
    await expect(ticket.getByTestId('contract-name')).toHaveText(/^NIFTY \d{2} [a-zéû]{3,4}\.? \d+ CE$/);
    await ticket.getByTestId('charges-breakdown').locator('summary').click();
    await expect(ticket.getByTestId('charges-breakdown')).toContainText('Courtage');
    // The product reads in full at every width, MIS or NRML included ("Intrajournalier (MIS)" was cut to
    // "Intrajournalier" in the wide ticket's half-width column): its text fits the select, arrow aside.
    for (const product of ['MIS', 'NRML']) {
      await ticket.getByLabel('Produit').selectOption(product);
      const room = await roomAfterChosenText(ticket.getByLabel('Produit'));
      expect(room, product).toBeGreaterThanOrEqual(0);
    }
    await ticket.getByRole('button', { name: 'Vendre', exact: true }).click();
    await ticket.getByLabel('Type d’ordre').selectOption('SL');
    await expect(ticket.getByText(/Pas encore prêt à l’envoi/)).toBeVisible();
    await page.screenshot({ path: `${shots}/ticket-fr-dark-${width}.png`, fullPage: width > 1000 });
  });
}

test('the Modify dialog takes lots like the ticket and its count of modifications follows each change, on a 360 px phone', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 360, height: 800 });
  const user = await signInReadyToTrade(page);
  await placeWorkingBuy(page, user);
  const book = new OrderBookPage(page);
  await book.open();
  await page.getByRole('list', { name: 'Orders' }).getByRole('button', { name: 'Modify' }).click();
  const dialog = page.getByRole('dialog');
  const count = async () => (await dialog.textContent())?.replace(/[\u2068\u2069]/g, '') ?? '';
  await expect.poll(count).toContain('Modified 0 of 25 times allowed.');
  await expect(dialog.getByLabel('Lots')).toHaveValue('1');
  await dialog.getByRole('button', { name: 'One lot more' }).click();
  await expect.poll(count).toContain('Quantity 130 (65 a lot)');
  await page.screenshot({ path: `${shots}/modify-en-360.png` });
  await dialog.getByRole('button', { name: 'Modify order' }).click();
  // Modified: the dialog closes itself (no "Done" to tap) and the notice says the order's state.
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('region', { name: 'Notifications' })).toContainText(/open, waiting at/);

  // A second change: the dialog opened again counts the first, then one tick up.
  await page.getByRole('list', { name: 'Orders' }).getByRole('button', { name: 'Modify' }).click();
  await expect.poll(count).toContain('Modified 1 of 25 times allowed.');
  await dialog.getByRole('button', { name: 'Price ₹0.05 higher' }).click();
  await expect(dialog.getByLabel('Price (₹)')).toHaveValue('1.05');
  await dialog.getByRole('button', { name: 'Modify order' }).click();
  await expect(dialog).toBeHidden();
  const response = await page.request.get(`/api/order-book/order-book/${user.accountNumber}`, { headers: { authorization: `Bearer ${user.token}` } });
  const orders = ((await response.json()) as { order_book: Array<{ quantity: number; price: number; modifications: number }> }).order_book;
  expect(orders).toEqual([expect.objectContaining({ quantity: 130, price: 1.05, modifications: 2 })]);
});
