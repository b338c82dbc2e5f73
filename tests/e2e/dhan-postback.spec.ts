import { expect, test } from '@playwright/test';
import { startClockedServer, type ClockedServer } from './support/clocked';
import { dhanOrders, dhanPin, dhanPostbacks, linkFirstDhanAccount, setDhanLast, silenceDhanOrderUpdates } from './support/dhan';
import { usePreferences } from './support/preferences';
import { screenshotAt } from './support/screenshots';

// Dhan's postback, as a trader lives it (issue 64, session 82): a live Dhan order placed from the chain rests at
// Dhan, fills there, and the body Dhan posts for the fill (kept by the Dhan test server, which delivers nowhere) is
// posted by the test to StrikeDesk's /api/brokers/dhan/postback/. Nothing else may bring the fill first: Dhan's order
// socket stays open but silent (its alerts lost on their way), the clock stands on a Saturday so no market pass
// reads the book periodically, and the browser leaves every screen that reads the order book (which reads Dhan's)
// until the postback has answered. The postback's answer says it moved the order (not "nothing new"), then the
// trader sees the fill: the alert's toast, in French, and the order book Complete, at 360 px in fr and en.
// Screenshots in test-results/dhan-postback/.

const shots = 'test-results/dhan-postback';
const dhanPort = Number(process.env.E2E_PORT ?? '4780') + 9;

let server: ClockedServer;
test.beforeAll(async () => {
  test.setTimeout(180_000);
  // Saturday 21 November 2026, 10:00 IST: the exchange is closed, so no market pass reads a live book.
  server = await startClockedServer(new Date('2026-11-21T10:00:00+05:30'), { dhanPort });
});
test.afterAll(async () => {
  await server.stop();
});

test('a fill Dhan posts back reaches the trader: the toast and the order book, at 360 px in fr and en', async ({ browser }) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
  await context.clock.install({ time: server.now() });
  const page = await context.newPage();
  const { app, brokers } = await linkFirstDhanAccount(page, 'Dhan postbacks');
  await brokers.logInToDhan('Dhan postbacks', app.clientId, dhanPin);
  await expect(brokers.row('Dhan postbacks')).toContainText('Logged in until');
  await silenceDhanOrderUpdates(page.request, true);

  try {
    // From the chain: the ATM call bought at a limit of ₹90 with Dhan's price at ₹100 (every listed contract's until
    // moved), as the AMO the closed market asks for (Dhan's by the brokers list: the trader's choice).
    await page.goto('/app/dashboards/live-trade');
    const atmRow = page.locator('tbody tr[aria-current="true"]');
    await expect(atmRow).toHaveCount(1);
    await atmRow.getByRole('button', { name: /, trade NIFTY.*CE$/ }).click();
    const ticket = page.getByTestId('order-ticket');
    await ticket.getByRole('checkbox', { name: 'After market order (AMO)' }).check();
    await ticket.getByLabel('Lots').fill('1');
    await ticket.getByLabel('Order type').selectOption('LIMIT');
    await ticket.getByLabel('Limit price (₹)').fill('90');
    await ticket.locator('button[type="submit"]').click();
    await ticket.getByRole('button', { name: 'Confirm' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Send with real money' }).click();
    await expect.poll(async () => (await dhanOrders(page.request, app)).map((order) => order.orderStatus)).toEqual(['PENDING']);
    const [resting] = await dhanOrders(page.request, app);

    // Away from every screen that reads the order book: the broker accounts, in French at 360 px.
    await usePreferences(page, { locale: 'fr', theme: 'light', direction: 'ltr' });
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto('/app/broker');
    await expect(page.getByRole('heading', { level: 1, name: 'Comptes de courtage' })).toBeVisible();

    // Filled at Dhan: the price came down to the limit. Dhan posts the TRADED body; its socket said nothing.
    await setDhanLast(page.request, resting!.securityId, 89);
    await expect.poll(async () => (await dhanOrders(page.request, app)).map((order) => order.orderStatus)).toEqual(['TRADED']);
    const traded = (await dhanPostbacks(page.request, app)).find((body) => body.orderId === resting!.orderId && body.orderStatus === 'TRADED');
    expect(traded).toBeTruthy();

    // Posted as Dhan would: the route reads the order from Dhan and moves StrikeDesk's copy (not "nothing new").
    const answer = await page.request.post('/api/brokers/dhan/postback/', { data: traded });
    expect(answer.status(), await answer.text()).toBe(200);
    expect(((await answer.json()) as { message: string }).message).toBe(`Order ${resting!.orderId} of ${app.clientId}: TRADED`);

    // The trader is told on the screen they are on, in their language.
    const toast = page.getByText(/^Acheté\W+65\W+NIFTY.*CE/).first();
    await expect(toast).toBeVisible({ timeout: 20_000 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshotAt(page, 360, `${shots}/toast-fr-360.png`, toast);

    // The order book: the order Complete, in French then English.
    for (const [locale, complete] of [['fr', 'Exécuté'], ['en', 'Complete']] as const) {
      await usePreferences(page, { locale, theme: 'light', direction: 'ltr' });
      await page.goto('/app/order_book');
      // At 360 px the book is a list of cards, one an order.
      const status = page.getByRole('list', { name: locale === 'fr' ? 'Ordres' : 'Orders' }).locator(`[data-order-id="${resting!.orderId}"]`);
      await expect(status).toContainText(complete);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await screenshotAt(page, 360, `${shots}/order-book-${locale}-360.png`, status);
    }
  } finally {
    await silenceDhanOrderUpdates(page.request, false);
  }
  await context.close();
});
