import { expect, test, type Browser, type Page } from '@playwright/test';
import { AppShell } from './pages/app-shell';
import { startClockedServer, type ClockedServer } from './support/clocked';
import { signInReadyToTrade } from './support/trading';

// Trading outside the session on a server of its own (support/clocked-server.ts: the exchange's hours, a
// clock the spec sets), through the order ticket as a trader would (issue 23): a fresh MIS order after the
// 15:25 cut-off is refused in the ticket with the reason; after the close, with no price moving but the
// server's stream alive, the ticket says the order goes as an after-market order (AMO) at the next open,
// places it, and the order book shows it held for the open, modifiable and cancellable. Screenshots in
// test-results/after-hours/, 360 and 1280 px, English and French.

const shots = 'test-results/after-hours';
const ist = (text: string) => new Date(`${text}+05:30`);

let server: ClockedServer;
test.beforeAll(async () => {
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

/** Buys one lot of the at-the-money call in the ticket, as the trader would, and answers the ticket. */
async function buyInTicket(page: Page, buy: RegExp, confirm: string) {
  await openTicket(page);
  const ticket = page.getByTestId('order-ticket');
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
