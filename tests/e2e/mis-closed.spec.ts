import { expect, test, type Browser, type Page } from '@playwright/test';
import { startClockedServer, type ClockedServer } from './support/clocked';
import { usePreferences, type DisplayPreferences } from './support/preferences';
import { StrategyBuilderPage } from './pages/strategy-builder-page';
import { signInReadyToTrade, type TradingUser } from './support/trading';

// After the broker's MIS cut-off (issue 60), on a server of its own on the exchange's hours and a clock the spec
// sets (support/clocked-server.ts): the strategy builder says "MIS is closed for today" under its product before
// the trader asks to trade, starts on NRML though the trade defaults say MIS, and places an iron condor as NRML,
// every leg filled. The order ticket says the same at 360 px in French in dark theme. The cut-off's time is the
// server's (its market status, from the exchange calendar). Screenshots in test-results/mis-closed/.

const shots = 'test-results/mis-closed';
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

async function signedIn(browser: Browser, width: number, preferences?: DisplayPreferences): Promise<{ page: Page; user: TradingUser }> {
  const context = await browser.newContext({ baseURL: server.url, viewport: { width, height: 900 } });
  // The browser reads the time on the server's clock, as a trader's device does on the real one.
  await context.clock.install({ time: server.now() });
  const page = await context.newPage();
  const user = await signInReadyToTrade(page);
  if (preferences !== undefined) {
    await page.goto('/app');
    await usePreferences(page, preferences);
  }
  return { page, user };
}

/** The products and statuses of the account's orders today, from the server. */
async function orders(page: Page, user: TradingUser): Promise<string[]> {
  const auth = { authorization: `Bearer ${user.token}` };
  const book = (await (await page.request.get(`/api/order-book/order-book/${user.accountNumber}`, { headers: auth })).json()) as { order_book: { product: string; status: string }[] };
  return book.order_book.map((order) => `${order.product} ${order.status}`);
}

test('after 15:25 IST the builder says MIS is closed before review and places an iron condor as NRML, at 1280 px', async ({ browser }) => {
  test.setTimeout(150_000);
  await server.setClock(ist('2026-11-20T15:26:00'));
  const { page, user } = await signedIn(browser, 1280);
  const builder = new StrategyBuilderPage(page);
  await builder.open();
  await builder.chooseExpiry(1);
  await builder.buildFromPreset('Iron condor', 4);

  // Before "Trade all": the product is NRML, and why.
  const basket = page.getByRole('region', { name: 'Trade the strategy' });
  const product = page.getByLabel('Product', { exact: true });
  await expect(product).toHaveValue('NRML');
  const note = page.getByTestId('mis-note');
  await expect(note).toHaveText(/^MIS is closed for today \(from \d\d:\d\d IST\): the broker takes no fresh intraday order, so this goes as NRML \(overnight\)\.$/);
  await note.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${shots}/builder-en-1280.png` });

  await basket.getByRole('button', { name: /^Trade all \(4 legs\)$/ }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm.getByText('Every leg as Overnight (NRML).')).toBeVisible();
  await confirm.getByRole('button', { name: 'Place the orders' }).click();
  // Each leg filled, none refused for the cut-off.
  await expect(builder.basketLegs()).toHaveCount(4);
  await expect.poll(async () => (await builder.basketLegs().evaluateAll((legs) => legs.map((leg) => leg.getAttribute('data-status')))).join(' '), { timeout: 30_000 }).toBe('filled filled filled filled');
  expect(await orders(page, user)).toEqual(Array(4).fill('NRML COMPLETE'));
  await page.context().close();
});

test('after 15:25 IST the builder and the ticket say MIS is closed, at 360 px in French in dark theme', async ({ browser }) => {
  test.setTimeout(150_000);
  await server.setClock(ist('2026-11-20T15:27:00'));
  const { page } = await signedIn(browser, 360, { locale: 'fr', theme: 'dark', direction: 'ltr' });
  await page.goto('/app/strategy-builder');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  const builder = new StrategyBuilderPage(page);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const select = page.getByLabel('Échéance', { exact: true }).first();
  await select.selectOption((await select.locator('option').nth(1).getAttribute('value')) ?? '');
  await builder.buildFromPreset('Iron condor', 4);
  await expect(page.getByLabel('Produit', { exact: true })).toHaveValue('NRML');
  const note = page.getByTestId('mis-note');
  await expect(note).toHaveText(/^Le MIS est fermé pour aujourd’hui \(depuis \d\d:\d\d IST\)/);
  await note.scrollIntoViewIfNeeded();
  // Nothing wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.screenshot({ path: `${shots}/builder-fr-dark-360.png` });

  await page.goto('/app/dashboards/live-trade');
  const current = page.locator('tr[aria-current="true"]');
  await expect(current).toHaveCount(1);
  await current.getByRole('button', { name: /, négocier NIFTY\w+CE$/ }).click();
  const ticket = page.getByTestId('order-ticket');
  await expect(ticket.getByLabel('Produit', { exact: true })).toHaveValue('NRML');
  const ticketNote = ticket.getByTestId('mis-note');
  await expect(ticketNote).toHaveText(/^Le MIS est fermé pour aujourd’hui/);
  await ticketNote.scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.screenshot({ path: `${shots}/ticket-fr-dark-360.png` });
  await page.context().close();
});
