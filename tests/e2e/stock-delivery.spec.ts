import { expect, test, type Browser, type Page } from '@playwright/test';
import { AppShell } from './pages/app-shell';
import { startClockedServer, type ClockedServer } from './support/clocked';
import { signInReadyToTrade, type TradingUser } from './support/trading';

// The delivery warning near a stock contract's expiry (issue 63), on a server of its own whose clock the spec sets
// (support/clocked-server.ts): Tuesday 22 December 2026, 10:00 IST, four trading days before December's stock expiry
// (Tuesday the 29th; Christmas, Friday the 25th, is a holiday). A trader holding a RELIANCE call of that month sees,
// on the position book and on the positions screen, that it settles by delivery in 4 trading days, what it delivers if held and the delivery
// margin now and by day, in English and French, at 360 and 1280 px. Screenshots in test-results/stock-delivery/.

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

/** One lot of a RELIANCE December call a few strikes under the middle of its chain (in the money), bought at MARKET through the API. */
async function buyStockCall(page: Page, user: TradingUser): Promise<string> {
  const auth = { authorization: `Bearer ${user.token}` };
  const listed = (await (await page.request.get('/api/market/instruments/?index=RELIANCE&expiry=2026-12-29', { headers: auth })).json()) as { instruments: Instrument[]; lot_size: number };
  const strikes = [...new Set(listed.instruments.map((instrument) => instrument.strike))].sort((a, b) => a - b);
  const strike = strikes[Math.floor(strikes.length / 2) - 3]!;
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

async function desk(browser: Browser, width: number): Promise<{ page: Page; symbol: string }> {
  const context = await browser.newContext({ baseURL: server.url, viewport: { width, height: 900 } });
  await context.clock.install({ time: server.now() });
  const page = await context.newPage();
  const user = await signInReadyToTrade(page, 2_000_000);
  const symbol = await buyStockCall(page, user);
  return { page, symbol };
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
