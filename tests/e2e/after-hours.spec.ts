import { expect, test, type Browser, type Page } from '@playwright/test';
import { AppShell } from './pages/app-shell';
import { startClockedServer, type ClockedServer } from './support/clocked';
import { StrategyBuilderPage } from './pages/strategy-builder-page';
import { buyOneLot, signInReadyToTrade } from './support/trading';

// Trading outside the session on a server of its own (support/clocked-server.ts: the exchange's hours, a
// clock the spec sets), through the order ticket as a trader would (issue 23): a fresh MIS order after the
// 15:25 cut-off, picked though the ticket says MIS is closed, is refused in the ticket with the reason; after the close, with no price moving but the
// server's stream alive, the ticket says the order goes as an after-market order (AMO) at the next open,
// places it, and the order book shows it held for the open, modifiable and cancellable. Screenshots in
// test-results/after-hours/, 360 and 1280 px, English and French.

const shots = 'test-results/after-hours';
const ist = (text: string) => new Date(`${text}+05:30`);

let server: ClockedServer;
test.beforeAll(async () => {
  // A server of its own starts slowly on a busy machine (its database, the calendar, the market's first state).
  test.setTimeout(180_000);
  // Friday 20 November 2026 (a trading day), 15:26 IST: the session is open, past the MIS cut-off.
  server = await startClockedServer(ist('2026-11-20T15:26:00'));
});
test.afterAll(async () => {
  await server.stop();
});

async function desk(browser: Browser, width: number): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.url, viewport: { width, height: 900 } });
  // The browser reads the time on the server's clock, as a trader's device does on the real one.
  await context.clock.install({ time: server.now() });
  const page = await context.newPage();
  await signInReadyToTrade(page);
  await page.goto('/app/dashboards/live-trade');
  return page;
}

async function openTicket(page: Page): Promise<void> {
  const current = page.locator('tr[aria-current="true"]');
  await expect(current).toHaveCount(1);
  // The price button ("120.50, trade NIFTY…CE"), not the row's price-alert bell.
  await current.getByRole('button', { name: /, (trade|négocier) NIFTY\w+CE$/ }).click();
  await expect(page.getByTestId('order-ticket')).toBeVisible();
}

/**
 * Buys one lot of the at-the-money call in the ticket as MIS, as a trader who picks it anyway would (after the
 * cut-off the ticket starts on NRML, saying MIS is closed for today: mis-closed.spec.ts), and answers the ticket.
 */
async function buyInTicket(page: Page, buy: RegExp, confirm: string) {
  await openTicket(page);
  const ticket = page.getByTestId('order-ticket');
  const product = ticket.getByLabel(/^(Product|Produit)$/);
  await expect(product).toHaveValue('NRML');
  await product.selectOption('MIS');
  await expect(ticket.getByTestId('mis-note')).toHaveText(/^(MIS is closed for today|Le MIS est fermé pour aujourd’hui)/);
  await ticket.getByRole('button', { name: buy }).click();
  await ticket.getByRole('button', { name: confirm }).click();
  return ticket;
}

/** Closes the ticket where it opens over the chain (below 1,440 px). */
async function closeTicket(page: Page): Promise<void> {
  if ((page.viewportSize()?.width ?? 0) < 1440) await page.getByRole('dialog').getByRole('button', { name: /^(Close|Fermer)$/ }).click();
}

for (const width of [1280, 360]) {
  test(`a fresh MIS order after 15:25 is refused in the ticket with the reason, at ${width} px in English and French`, async ({ browser }) => {
    test.setTimeout(120_000);
    await server.setClock(ist('2026-11-20T15:26:00'));
    const page = await desk(browser, width);
    const ticket = await buyInTicket(page, /^Buy \u2068?\d/, 'Confirm');
    const refusal = ticket.getByText(/Intraday \(MIS\) orders are closed for today: from 15:25 IST/);
    await expect(refusal).toBeVisible();
    await refusal.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${shots}/mis-cut-off-en-${width}.png` });
    await closeTicket(page);

    await new AppShell(page).useLayout({ language: /français/i });
    const fr = await buyInTicket(page, /^Acheter \u2068?\d/, 'Confirmer');
    const refusFr = fr.getByText(/MIS/).last();
    await expect(refusFr).toBeVisible();
    await refusFr.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${shots}/mis-cut-off-fr-${width}.png` });
    await page.context().close();
  });
}

for (const width of [1280, 360]) {
  test(`after the close the ticket places an after-market order, shown in the order book as one, at ${width} px in English and French`, async ({ browser }) => {
    test.setTimeout(150_000);
    // Friday 20 November 2026, 19:00 IST: inside Kite's AMO window (15:45 to 09:10 IST); next open Monday 09:15.
    await server.setClock(ist('2026-11-20T19:00:00'));
    const page = await desk(browser, width);
    await expect(page.getByText(/^Market closed: the prices shown are the last close\. Orders placed now are after-market orders \(AMO\)/)).toBeVisible();
    await openTicket(page);
    const ticket = page.getByTestId('order-ticket');
    const notice = ticket.getByTestId('after-market-notice');
    await expect(notice).toHaveText(/^Market closed: this order goes as an after-market order \(AMO\)\. .* at the next open, \u2068?Mon, 23 Nov, 09:15\u2069? IST; the price shown is the last close\.$/);
    // Prices that stopped moving hours ago are no reason to hold the order back: it meets the market at the open.
    await page.waitForTimeout(6000);
    await expect(ticket.getByTestId('stale-price')).toHaveCount(0);
    await expect(page.getByRole('banner').getByText('No connection')).toHaveCount(0);
    await ticket.getByLabel('Order type').selectOption('LIMIT');
    const last = Number(await ticket.getByLabel('Limit price (₹)').inputValue());
    await ticket.getByLabel('Limit price (₹)').fill((last - 1).toFixed(2));
    await ticket.getByRole('button', { name: /^Buy \u2068?65\u2069? as AMO$/ }).click();
    await ticket.getByRole('button', { name: 'Confirm' }).click();
    const outcome = ticket.getByText(/after-market order \(AMO\), held by the broker and sent to the exchange at the next open/);
    await expect(outcome).toBeVisible();
    await notice.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${shots}/amo-ticket-en-${width}.png` });
    await closeTicket(page);

    await page.goto('/app/order_book');
    const held = page.locator('[data-after-market="held"]');
    await expect(held).toHaveText('AMO · at the open');
    // The status it carries: open, held by the broker for the open.
    await expect(held.locator('..')).toHaveText(/^Open\s*AMO · at the open$/);
    // Inside the AMO window it can still be changed.
    await expect(page.getByRole('button', { name: 'Modify', exact: true })).toBeEnabled();
    await expect(page.getByRole('button', { name: 'Cancel', exact: true })).toBeEnabled();
    await page.screenshot({ path: `${shots}/amo-book-en-${width}.png` });

    await new AppShell(page).useLayout({ language: /français/i });
    await expect(page.locator('[data-after-market="held"]')).toHaveText('AMO · à l’ouverture');
    await page.screenshot({ path: `${shots}/amo-book-fr-${width}.png` });
    await page.goto('/app/dashboards/live-trade');
    await openTicket(page);
    await expect(page.getByTestId('after-market-notice')).toHaveText(/^Marché fermé : cet ordre part en ordre hors séance \(AMO\)\./);
    await expect(page.getByTestId('order-ticket').getByRole('button', { name: /^Acheter \u2068?65\u2069? en AMO$/ })).toBeEnabled();
    await page.getByTestId('after-market-notice').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${shots}/amo-ticket-fr-${width}.png` });
    await page.context().close();
  });
}

// Square-off and the strategy builder's basket after the close (issue 23): the server sends them as AMOs, and
// their buttons and confirmations say so with the ticket's notice. A lot bought during the session, then the
// desk at 19:00 IST. One trading day per width, so the server's clock only moves forward: Wednesday 25
// November at 1280 px, Thursday 26 at 360 px (not Monday 23: the nearest contract, bought here, expires that
// day, moved from Tuesday 24, a holiday, and would be settled by 19:00).
for (const [width, day, nextOpen] of [
  [1280, '2026-11-25', 'Thu, 26 Nov, 09:15'],
  [360, '2026-11-26', 'Fri, 27 Nov, 09:15'],
] as const) {
  test(`after the close, square-off and the strategy builder's basket say they go as AMOs, at ${width} px in English and French`, async ({ browser }) => {
    test.setTimeout(180_000);
    await server.setClock(ist(`${day}T10:00:00`));
    const context = await browser.newContext({ baseURL: server.url, viewport: { width, height: 900 } });
    await context.clock.install({ time: server.now() });
    const page = await context.newPage();
    const user = await signInReadyToTrade(page);
    expect(await buyOneLot(page, user, user.portfolioId)).toBe(200);
    const auth = { authorization: `Bearer ${user.token}` };
    // The market order fills on the simulator's next tick.
    await expect
      .poll(async () => {
        const book = (await (await page.request.get(`/api/order-book/order-book/${user.accountNumber}`, { headers: auth })).json()) as { order_book: { status: string }[] };
        return book.order_book.map((order) => order.status);
      })
      .toEqual(['COMPLETE']);

    // 19:00 IST: inside the AMO window.
    await server.setClock(ist(`${day}T19:00:00`));
    await page.clock.setSystemTime(server.now());
    await page.goto('/app/dashboards/live-trade');
    const positions = page.getByRole('region', { name: 'Positions' });
    const squareOff = positions.getByRole('button', { name: 'Square off as AMO' });
    // The desk reads the positions after the chain: slow on a busy machine.
    await expect(squareOff).toBeVisible({ timeout: 30_000 });
    await expect(positions.getByRole('button', { name: 'Square off all as AMO' })).toBeVisible();
    await squareOff.click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog.getByTestId('after-market-notice')).toHaveText(
      new RegExp(`^Market closed: this order goes as an after-market order \\(AMO\\)\\. .* at the next open, \\u2068?${nextOpen}\\u2069? IST; the price shown is the last close\\.$`),
    );
    await page.screenshot({ path: `${shots}/amo-square-off-en-${width}.png` });
    // Sent, it is held for the open as an AMO, as the notice said.
    await dialog.getByRole('button', { name: 'Square off as AMO' }).click();
    await expect(dialog.getByText(/after-market order \(AMO\), held by the broker and sent to the exchange at the next open/)).toBeVisible();
    await dialog.getByRole('button', { name: /^(Done|Close)$/ }).first().click();

    const builder = new StrategyBuilderPage(page);
    await builder.open();
    await builder.chooseExpiry(1);
    await builder.buildFromPreset('Iron condor', 4);
    const basket = page.getByRole('region', { name: 'Trade the strategy' });
    await expect(basket.getByTestId('after-market-notice')).toHaveText(/^Market closed: these orders go as after-market orders \(AMO\)\. The broker holds them/);
    const tradeAll = basket.getByRole('button', { name: /^Trade all \(4 legs\) as AMO$/ });
    await tradeAll.click();
    await expect(page.getByRole('alertdialog').getByRole('button', { name: 'Place the orders as AMO' })).toBeVisible();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();
    await basket.getByTestId('after-market-notice').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${shots}/amo-basket-en-${width}.png` });

    await new AppShell(page).useLayout({ language: /français/i });
    await expect(page.getByTestId('after-market-notice')).toHaveText(/^Marché fermé : ces ordres partent en ordres hors séance \(AMO\)\./);
    await expect(page.getByRole('button', { name: /^Tout trader \(4 jambes\) en AMO$/ })).toBeVisible();
    await page.getByTestId('after-market-notice').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${shots}/amo-basket-fr-${width}.png` });

    // The position page's exits, in French.
    await page.goto('/app/position');
    await expect(page.getByRole('button', { name: 'Tout solder en AMO' })).toBeVisible();
    await page.getByRole('button', { name: 'Tout solder en AMO' }).click();
    await expect(page.getByRole('alertdialog').getByTestId('after-market-notice')).toHaveText(/^Marché fermé : (cet ordre part|ces ordres partent) en ordres? hors séance \(AMO\)\./);
    await expect(page.getByRole('alertdialog').getByRole('button', { name: 'Solder en AMO' })).toBeVisible();
    await page.screenshot({ path: `${shots}/amo-square-off-fr-${width}.png` });
    await context.close();
  });
}
