import { expect, test, type Browser, type Page } from '@playwright/test';
import { AppShell } from './pages/app-shell';
import { startClockedServer, type ClockedServer } from './support/clocked';
import { storeSessionToken } from './support/session';
import { logInToPaperBroker, signInReadyToTrade, type TradingUser } from './support/trading';

// The delivery warning near a stock contract's expiry (issue 63), on a server of its own whose clock the spec sets
// (support/clocked-server.ts): Tuesday 22 December 2026, 10:00 IST, four trading days before December's stock expiry
// (Tuesday the 29th; Christmas, Friday the 25th, is a holiday). A trader holding a RELIANCE call of that month sees,
// on the position book and on the positions screen, that it settles by delivery in 4 trading days, what it delivers if held and the delivery
// margin now and by day, in English and French, at 360 and 1280 px. Then, after that expiry, a deep in-the-money call
// has become 500 RELIANCE shares held, which the trader sells from the position book's Sell ticket (prefilled with
// the whole holding): the holding goes and the sale is listed with its P&L, and is an order of the order book (product
// CNC) and a fill of the trade book (English at 1280 px, French dark at 360 px).
// Screenshots in test-results/stock-delivery/.

const shots = 'test-results/stock-delivery';
const ist = (text: string) => new Date(`${text}+05:30`);

let server: ClockedServer;
test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startClockedServer(ist('2026-12-22T10:00:00'));
});
test.afterAll(async () => {
  await server.stop();
});

type Instrument = { tradingsymbol: string; strike: number; instrument_type: 'CE' | 'PE' };

/** One lot of a RELIANCE December call `below` strikes under the middle of its chain (in the money), bought at MARKET through the API. */
async function buyStockCall(page: Page, user: TradingUser, below = 3): Promise<string> {
  const auth = { authorization: `Bearer ${user.token}` };
  const listed = (await (await page.request.get('/api/market/instruments/?index=RELIANCE&expiry=2026-12-29', { headers: auth })).json()) as { instruments: Instrument[]; lot_size: number };
  const strikes = [...new Set(listed.instruments.map((instrument) => instrument.strike))].sort((a, b) => a - b);
  const strike = strikes[Math.floor(strikes.length / 2) - below]!;
  const call = listed.instruments.find((instrument) => instrument.strike === strike && instrument.instrument_type === 'CE')!;
  const placed = await page.request.post('/api/order-book/order-book/place_trades/', {
    headers: { ...auth, 'idempotency-key': crypto.randomUUID() },
    data: { account_number: user.accountNumber, portfolio_id: user.portfolioId, orders: [{ tradingsymbol: call.tradingsymbol, exchange: 'NFO', transaction_type: 'BUY', order_type: 'MARKET', product: 'NRML', quantity: listed.lot_size }] },
  });
  expect(placed.status(), await placed.text()).toBe(200);
  const order = ((await placed.json()) as { orders: Array<{ status: string }> }).orders[0]!;
  expect(order.status).toBe('COMPLETE');
  return call.tradingsymbol;
}

async function desk(browser: Browser, width: number, below = 3, colorScheme: 'light' | 'dark' = 'light'): Promise<{ page: Page; symbol: string; user: TradingUser }> {
  const context = await browser.newContext({ baseURL: server.url, viewport: { width, height: 900 }, colorScheme });
  await context.clock.install({ time: server.now() });
  const page = await context.newPage();
  const user = await signInReadyToTrade(page, 2_000_000);
  const symbol = await buyStockCall(page, user, below);
  return { page, symbol, user };
}

for (const width of [1280, 360]) {
  test(`the position book warns of a stock call's delivery four trading days before expiry, at ${width} px in English and French`, async ({ browser }) => {
    test.setTimeout(150_000);
    await server.setClock(ist('2026-12-22T10:00:00'));
    const { page, symbol } = await desk(browser, width);
    await page.goto('/app/position_book');
    const warning = page.locator(`[data-delivery="${symbol}"]`);
    await expect(warning).toBeVisible({ timeout: 30_000 });
    await expect(warning).toContainText('Settles by delivery in 4 trading days');
    await expect(warning).toContainText(/If held to expiry: buy 500 RELIANCE at|Out of the money now/);
    await expect(warning).toContainText('Delivery margin by day');
    // Nothing wider than the screen: the warning wraps.
    const box = await warning.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(width);
    await warning.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${shots}/warning-en-${width}.png` });

    await new AppShell(page).useLayout({ language: /français/i });
    await expect(warning).toContainText('Se dénoue par livraison dans 4 séances');
    await expect(warning).toContainText(/Si elle est gardée jusqu’à l’échéance : achat de 500 RELIANCE à|Hors de la monnaie/);
    await expect(warning).toContainText('Marge de livraison par jour');
    await warning.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${shots}/warning-fr-${width}.png` });

    // The positions screen (the portfolio's positions) shows the same warning under the position.
    await page.goto('/app/position');
    const onPositions = page.locator(`[data-delivery="${symbol}"]`);
    await expect(onPositions).toBeVisible({ timeout: 30_000 });
    await expect(onPositions).toContainText('Se dénoue par livraison dans 4 séances');
    await onPositions.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${shots}/positions-fr-${width}.png` });
    await page.context().close();
  });
}

for (const { width, language } of [{ width: 1280, language: 'en' }, { width: 360, language: 'fr' }] as const) {
  test(`shares delivered at expiry are sold from the position book, at ${width} px in ${language === 'en' ? 'English' : 'French'}`, async ({ browser }) => {
    test.setTimeout(180_000);
    await server.setClock(ist('2026-12-22T10:00:00'));
    // Ten strikes under the middle: in the money at the 29th's close whatever the week does.
    const colorScheme = language === 'fr' ? 'dark' : 'light';
    const bought = await desk(browser, width, 10, colorScheme);
    const { user } = bought;
    await bought.page.context().close();
    // Wednesday 30 December, 10:00 IST: the call settled by delivery after Tuesday's close. The trader comes back that
    // day (a browser of that day's clock) and logs in to the paper broker again, the session of the 22nd being over.
    await server.setClock(ist('2026-12-30T10:00:00'));
    const context = await browser.newContext({ baseURL: server.url, viewport: { width, height: 900 }, colorScheme });
    await context.clock.install({ time: server.now() });
    const page = await context.newPage();
    await logInToPaperBroker(page.request, user.token, user.accountId, user.accountNumber, user.apiKey!);
    await storeSessionToken(page, user.token);
    await page.goto('/app/position_book');
    if (language === 'fr') await new AppShell(page).useLayout({ theme: /^dark$/i, language: /français/i });
    const words = language === 'en'
      ? { held: 'Holds 500 RELIANCE shares', sell: 'Sell', title: 'Sell RELIANCE shares', sold: /Sold 500 RELIANCE shares at/ }
      : { held: 'Détient 500 actions RELIANCE', sell: 'Vendre', title: 'Vendre des actions RELIANCE', sold: /500 actions RELIANCE vendues à/ };
    const holding = page.locator('[data-holding="RELIANCE"]');
    await expect(holding).toContainText(words.held, { timeout: 60_000 });
    await holding.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${shots}/holding-${language}-${width}.png` });

    await holding.getByRole('button', { name: words.sell }).click();
    const ticket = page.getByRole('dialog', { name: words.title });
    await expect(ticket.getByLabel(language === 'en' ? 'Shares' : 'Actions')).toHaveValue('500');
    const box = await ticket.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(width);
    await page.screenshot({ path: `${shots}/sell-ticket-${language}-${width}.png` });
    await ticket.getByRole('button', { name: words.sell }).click();
    await expect(ticket).toBeHidden({ timeout: 20_000 });

    // The holding is gone; the sale is listed with the P&L it realised against the strike it was delivered at.
    await expect(holding).toHaveCount(0, { timeout: 20_000 });
    const trades = page.getByTestId('holding-trades');
    await expect(trades).toContainText(words.sold);
    await trades.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${shots}/sold-${language}-${width}.png` });

    // The sale is an order of the day's order book like any other: RELIANCE, the whole holding filled, product CNC
    // (delivery), and a fill of the trade book with its charges.
    await page.goto('/app/order_book');
    const sale = page.locator('[data-order-id]').filter({ hasText: 'RELIANCE' });
    await expect(sale).toHaveCount(1, { timeout: 30_000 });
    await expect(sale).toContainText(/500\D*\/\D*500/);
    await expect(sale).toContainText(language === 'en' ? (width < 768 ? 'Delivery (CNC)' : 'CNC') : (width < 768 ? 'Livraison (CNC)' : 'CNC'));
    await page.screenshot({ path: `${shots}/order-book-${language}-${width}.png` });
    await page.getByRole('tab', { name: language === 'en' ? /^Trades/ : /^Exécutions/ }).click();
    // The call's settlement at expiry is a RELIANCE fill too: the sale is the delivery (CNC) one.
    const fill = page.locator('[data-trade-id]').filter({ hasText: language === 'en' ? 'Delivery (CNC)' : 'Livraison (CNC)' });
    await expect(fill).toHaveCount(1);
    await expect(fill).toContainText('RELIANCE');
    await page.screenshot({ path: `${shots}/trade-book-${language}-${width}.png` });
    await page.context().close();
  });
}
