import { expect, test, type Page } from './support/test';
import { AppShell } from './pages/app-shell';
import { kiteDeskLoggedIn } from './pages/broker-accounts-page';
import { ProtectionPanel } from './pages/protection-panel';
import { kiteOrders, kiteURL, newKiteApp } from './support/kite';
import { deskContracts } from './support/desk-contracts';

// Portfolio protection (issue 41) as a trader uses it on a phone: a Kite account's portfolio holds a call
// bought by hand; its trailing stop-loss is set on Positions at 360 px, shown with its distance, moved up by
// the MTM's new high, and hit, which squares the portfolio off and says when, why and at what MTM, in English
// and in French. The level shows on the live desk too, moving with the price; the hit pauses the portfolio's
// running bot, whose card says why. The market is moved through the Kite test server's control API (its `price`), which is the
// account's prices.

async function setKitePrice(page: Page, symbol: string, lastPrice: number): Promise<void> {
  const answer = await page.request.post(`${kiteURL}/__control/price`, { data: { instrument: `NFO:${symbol}`, last_price: lastPrice } });
  expect(answer.status()).toBe(200);
}

async function protectedKitePortfolio(page: Page) {
  const app = newKiteApp();
  const { token } = await kiteDeskLoggedIn(page, app);
  const headers = { authorization: `Bearer ${token}` };
  const accounts = (await (await page.request.get('/api/accounts/all-accounts/', { headers })).json()) as { broker_accounts: Array<{ id: number; account_number: string }> };
  const account = accounts.broker_accounts[0]!;
  const created = await page.request.post('/api/portfolios/portfolios/', { headers, data: { broker_account: account.id, name: 'Weekly hedge', capital: 200000 } });
  expect(created.status()).toBe(201);
  const portfolioId = ((await created.json()) as { portfolios: { id: number } }).portfolios.id;
  const listed = await deskContracts(page.request, token);
  const symbol = listed.contracts.find((contract) => contract.instrument_type === 'CE')!.tradingsymbol;
  await setKitePrice(page, symbol, 100);
  // Bought by hand into the portfolio, as the desk's ticket would.
  const bought = await page.request.post('/api/order-book/order-book/place_trades/', {
    headers: { ...headers, 'idempotency-key': crypto.randomUUID() },
    data: {
      account_number: account.account_number,
      portfolio_id: portfolioId,
      orders: [{ tradingsymbol: symbol, exchange: 'NFO', transaction_type: 'BUY', order_type: 'MARKET', product: 'NRML', quantity: listed.lotSize }],
    },
  });
  expect(bought.status(), await bought.text()).toBe(200);
  await runningBot(page, headers, account.account_number, portfolioId);
  return { symbol, clientId: app.clientId, portfolioId, headers };
}

/**
 * A live trading bot running in the portfolio, its entry window over at the server's 11:00 IST so it enters
 * nothing while the test runs: the hit is to pause it. A bot on a Kite account needs a daily loss limit and the
 * account number typed (kite-live.spec).
 */
async function runningBot(page: Page, headers: Record<string, string>, accountNumber: string, portfolioId: number) {
  const limits = { max_loss_today: 50_000, profit_lock_from: null, profit_lock_keep_pct: null, max_trades_today: null, max_lots_per_order: null, max_open_positions: null };
  expect((await page.request.put(`/api/risk-limits/${accountNumber}/`, { headers, data: limits })).status()).toBe(200);
  const strategies = (await (await page.request.get('/api/base_strategies/base_strategies/', { headers })).json()) as { base_strategies: Array<{ id: number; slug: string }> };
  // The server's day starts at 11:00 IST (start-server.ts): a window over by then.
  const hours = { entry_from: '09:20', entry_until: '09:25', exit_time: '09:30' };
  const created = await page.request.post(`/api/trading_bots/trading_bots/${portfolioId}/`, {
    headers,
    data: {
      portfolio_id: portfolioId,
      name: 'Hedge straddle',
      base_strategy: strategies.base_strategies.find((strategy) => strategy.slug === 'short_straddle')!.id,
      underlying: 'NIFTY',
      lots: 1,
      stop_loss_pct: 25,
      target_pct: 50,
      params: {},
      ...hours,
      mode: 'live',
      live_confirmation: accountNumber,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
}

for (const language of ['English', 'French'] as const) {
  test(`a portfolio trailing stop-loss shown, moved and hit on a phone, in ${language}`, async ({ page }) => {
    test.setTimeout(240_000);
    const french = language === 'French';
    const { symbol, clientId, portfolioId, headers } = await protectedKitePortfolio(page);
    const serverState = async () => {
      const answer = (await (await page.request.get(`/api/portfolios/portfolios/${portfolioId}/protection/`, { headers })).json()) as {
        mtm: number | null;
        protection: { armed: boolean; peak_mtm: number; stop: { level: number } | null } | null;
      };
      return answer;
    };
    const shell = new AppShell(page);
    await page.setViewportSize({ width: 360, height: 740 });
    await shell.open('/app/position');
    if (french) await shell.useLayout({ language: /français/i, theme: /^(dark|sombre)$/i });
    const protection = new ProtectionPanel(page);
    await expect(protection.panel).toHaveAttribute('data-protection-state', 'none');

    // ₹300 stop-loss; for every ₹200 of new high MTM, up by ₹100.
    await protection.arm(
      { stop: '300', every: '200', by: '100' },
      french ? { open: /^Régler la protection$/, save: /^Armer la protection$/ } : { open: /^Set protection$/, save: /^Arm protection$/ },
    );
    await expect(protection.panel).toHaveAttribute('data-protection-state', 'armed');
    await expect(protection.stop()).toHaveAttribute('data-kind', 'stop_loss');
    await expect(protection.stop().locator('[data-field="level"]')).toHaveText(/^\u2068?-\u2060?.*300[.,]00/);
    await expect(protection.stop().locator('[data-field="distance"]')).toContainText(french ? /^à / : / away/);
    await page.screenshot({ path: `test-results/portfolio-protection/armed-360-${language}.png`, fullPage: true });

    // The same level on the live desk, beside the positions it watches, in the same words.
    await page.goto('/app/dashboards/live-trade');
    const desk = new ProtectionPanel(page, 'desk');
    await expect(desk.panel).toHaveAttribute('data-protection-state', 'armed', { timeout: 30_000 });
    await expect(desk.stop()).toHaveAttribute('data-kind', 'stop_loss');
    await expect(desk.stop().locator('[data-field="level"]')).toHaveText(/^\u2068?-\u2060?.*300[.,]00/);
    await expect(desk.stop().locator('[data-field="distance"]')).toContainText(french ? /^à / : / away/);
    await expect(desk.panel.getByRole('link', { name: french ? 'Modifier dans Positions' : 'Change on Positions' })).toBeVisible();
    await desk.panel.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/portfolio-protection/desk-armed-360-${language}.png` });
    // Its distance follows the price without a read: the stream's price moves it.
    const distance = desk.stop().locator('[data-field="distance"]');
    const before = (await distance.textContent()) ?? '';
    // Told again until the desk's stream has subscribed the contract (a price set before that is not sent).
    await expect(async () => {
      await setKitePrice(page, symbol, 102);
      await expect(distance).not.toHaveText(before, { timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await expect(distance).toContainText(/403[.,]51/);
    await setKitePrice(page, symbol, 100);
    await desk.panel.getByRole('link', { name: french ? 'Modifier dans Positions' : 'Change on Positions' }).click();
    await expect(protection.panel).toHaveAttribute('data-protection-state', 'armed');

    // The call rises ₹10: the MTM's new high (≈ ₹650 for 65) moves the stop up three steps, to ₹0.
    await expect(async () => {
      await setKitePrice(page, symbol, 110);
      await expect(protection.stop()).toHaveAttribute('data-kind', 'trailing_stop_loss', { timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await expect(protection.stop()).toContainText(french ? /Remonté depuis/ : /Trailed up from/);
    // The server's watcher moved it too (the screen moved it on the live price, without a read).
    await expect.poll(async () => (await serverState()).protection?.stop?.level, { timeout: 30_000 }).toBe(0);
    await page.screenshot({ path: `test-results/portfolio-protection/moved-360-${language}.png`, fullPage: true });

    // Back below the trailed stop (still above the first stop-loss): it fires, squares off and says why.
    await setKitePrice(page, symbol, 99);
    await expect.poll(async () => JSON.stringify(await serverState()), { timeout: 30_000 }).toContain('"armed":false');
    await expect(protection.panel).toHaveAttribute('data-protection-state', 'fired', { timeout: 30_000 });
    const fired = protection.panel.locator('[data-field="fired"]');
    await expect(fired).toContainText(french ? /Stop-loss suiveur atteint à/ : /Trailing stop-loss hit at/);
    await expect(fired).toContainText(french ? /Positions soldées/ : /Positions squared off/, { timeout: 30_000 });
    // At Kite: the hand-placed buy and the protection's one exit.
    expect((await kiteOrders(page.request, clientId)).map((order) => [order.transaction_type, order.status])).toEqual([
      ['BUY', 'COMPLETE'],
      ['SELL', 'COMPLETE'],
    ]);
    await page.screenshot({ path: `test-results/portfolio-protection/hit-360-${language}.png`, fullPage: true });

    // The portfolio's running bot is paused by the hit, saying why; resuming it is the trader's choice.
    await page.goto(`/app/portfolio?portfolio=${portfolioId}`);
    const today = page.locator('[data-bot-state]').first();
    await expect(today).toHaveAttribute('data-bot-state', 'paused', { timeout: 30_000 });
    await expect(today).toContainText(french ? /En pause : le stop-loss suiveur de Weekly hedge a été atteint/ : /Paused: the trailing stop-loss of Weekly hedge was hit/);
    await today.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/portfolio-protection/bot-paused-360-${language}.png` });
  });
}
