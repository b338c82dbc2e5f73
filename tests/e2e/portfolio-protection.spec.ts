import { expect, test, type Page } from './support/test';
import { AppShell } from './pages/app-shell';
import { kiteDeskLoggedIn } from './pages/broker-accounts-page';
import { ProtectionPanel } from './pages/protection-panel';
import { kiteOrders, kiteURL, newKiteApp } from './support/kite';
import { deskContracts } from './support/desk-contracts';

// Portfolio protection (issue 41) as a trader uses it on a phone: a Kite account's portfolio holds a call
// bought by hand; its trailing stop-loss is set on Positions at 360 px, shown with its distance, moved up by
// the MTM's new high, and hit, which squares the portfolio off and says when, why and at what MTM, in English
// and in French. The market is moved through the Kite test server's control API (its `price`), which is the
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
  return { symbol, clientId: app.clientId };
}

for (const language of ['English', 'French'] as const) {
  test(`a portfolio trailing stop-loss shown, moved and hit on a phone, in ${language}`, async ({ page }) => {
    test.setTimeout(240_000);
    const french = language === 'French';
    const { symbol, clientId } = await protectedKitePortfolio(page);
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

    // The call rises ₹10: the MTM's new high (≈ ₹650 for 65) moves the stop up three steps, to ₹0.
    await setKitePrice(page, symbol, 110);
    await expect(protection.stop()).toHaveAttribute('data-kind', 'trailing_stop_loss', { timeout: 30_000 });
    await expect(protection.stop()).toContainText(french ? /Remonté depuis/ : /Trailed up from/);
    await page.screenshot({ path: `test-results/portfolio-protection/moved-360-${language}.png`, fullPage: true });

    // Back below the trailed stop (still above the first stop-loss): it fires, squares off and says why.
    await setKitePrice(page, symbol, 99);
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
  });
}
