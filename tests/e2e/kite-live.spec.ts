import { expect, test } from './support/test';
import { BrokerAccountsPage } from './pages/broker-accounts-page';
import { OptionChainPage } from './pages/option-chain-page';
import { PortfolioPage } from './pages/portfolio-page';
import { expireKiteTokens, kiteOrders, kitePassword, listDeskContractsAtKite, newKiteApp, registerKiteApp } from './support/kite';
import { readStoredValue, signInAsNewUser } from './support/session';
import { screenshotAt } from './support/screenshots';
import { buyOneLotLive } from './support/trading';

// Live trading on Zerodha's Kite Connect, as a trader sees it, against the Kite-compatible test server that
// start-server.ts runs beside the reference server: link the account, log in on Kite's page, send a live
// order past the day's first-live-order question, lose the session at Kite, and log in again.

test('a Kite account: log in at Kite, a live order confirmed and complete, the session lost at Kite, positions unknown, log in again', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAsNewUser(page);
  const token = String(await readStoredValue(page, 'auth_token'));
  const app = newKiteApp();
  const brokers = new BrokerAccountsPage(page);

  // Link the account; the form shows the two URLs to register in Kite's developer console.
  await brokers.open();
  await page.getByRole('region', { name: 'Link your first broker account' }).getByRole('button', { name: 'Add account' }).click();
  const urls = await brokers.linkKiteAccount({ name: 'Zerodha desk', clientId: app.clientId, apiKey: app.apiKey, apiSecret: app.apiSecret, capital: '500000' });
  expect(urls).toEqual({ redirectUrl: `${baseURL}/app/broker/kite/callback`, postbackUrl: `${baseURL}/api/brokers/kite/postback/` });
  await registerKiteApp(page.request, app, urls.redirectUrl, urls.postbackUrl);
  await listDeskContractsAtKite(page.request, token);
  const row = brokers.row('Zerodha desk');
  await expect(row.locator('[data-trading-mode="live"]')).toHaveText('Live');
  await expect(row).toContainText('Logged out');

  // Kite's login page, and back through the callback, logged in.
  const returnUrl = await brokers.logInToKite('Zerodha desk', app.clientId, kitePassword);
  expect(new URL(returnUrl).pathname).toBe('/app/broker/kite/callback');
  await expect(page.getByText(/Logged in to Zerodha \(Kite Connect\)/)).toBeVisible();
  await expect(row).toContainText('Logged in until');

  // The desk's ticket says Live; the day's first live order asks first, naming the account.
  await page.goto('/app/dashboards/live-trade');
  const ticket = await new OptionChainPage(page).openAtmCallTicket();
  await expect(ticket.locator('[data-trading-mode="live"]')).toHaveText('Live');
  // Kite's own basket margins and charges, line by line.
  await expect(ticket.getByTestId('margin-required')).toContainText(/Required.*₹/);
  await expect(ticket.getByTestId('margin-available')).toContainText(/Available.*₹/);
  await screenshotAt(page, 1280, 'test-results/kite-live/ticket-1280.png', ticket);
  await screenshotAt(page, 360, 'test-results/kite-live/ticket-360.png', ticket);
  await page.setViewportSize({ width: 1280, height: 900 });
  await buyOneLotLive(page, ticket, { name: 'Zerodha desk', clientId: app.clientId });
  await expect.poll(async () => (await kiteOrders(page.request, app.clientId)).map((order) => order.status)).toEqual(['COMPLETE']);
  const [atKite] = await kiteOrders(page.request, app.clientId);

  await page.screenshot({ path: 'test-results/kite-live/filled-1280.png' });
  // Below 1,440 px the ticket opens over the chain: close it to see the positions, read from Kite.
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
  const positions = page.getByRole('table', { name: 'Positions' });
  await expect(positions.locator('tr[data-position]')).toHaveCount(1);

  // The order book: the account marked Live, Kite's order Complete.
  await page.goto('/app/order_book');
  await expect(page.locator('[data-trading-mode="live"]').first()).toHaveText('Live');
  await expect(page.getByRole('table', { name: 'Orders' }).locator(`tr[data-order-id="${atKite!.order_id}"] [data-field="status"]`)).toContainText('Complete');
  await page.goto('/app/dashboards/live-trade');
  await expect(positions.locator('tr[data-position]')).toHaveCount(1);

  // Kite ends the session (06:00 IST, or a log-in elsewhere): positions read unknown, never empty.
  await expireKiteTokens(page.request, app);
  await expect(page.getByText(/Positions unknown: the broker session has expired/)).toBeVisible();
  await expect(positions.locator('tr[data-position]')).toHaveCount(1);
  // The desk's positions section: a table from 768 px, cards on a phone.
  const positionsSection = page.getByRole('region', { name: 'Positions', exact: true });
  await screenshotAt(page, 1280, 'test-results/kite-live/unknown-1280.png', positionsSection);
  await screenshotAt(page, 360, 'test-results/kite-live/unknown-360.png', positionsSection);
  await page.setViewportSize({ width: 1280, height: 900 });
  // Nothing more goes out on the lost session: the desk waits for the new login.
  await expect(page.getByRole('button', { name: 'Square off all' })).toBeDisabled();

  // The shell says so too, told by the price stream (no reload): the banner names Zerodha and the account.
  const banner = page.getByRole('region', { name: 'Broker logins needed' });
  await expect(banner).toContainText('Your Zerodha (Kite Connect) session for');
  await expect(banner).toContainText(app.clientId);

  // Asked right there, the trader logs in to Kite again; the books are Kite's again, and the banner gone.
  await page.getByRole('button', { name: 'Log in to the broker again', exact: true }).click();
  expect(new URL(await brokers.completeKiteLogin(app.clientId, kitePassword)).pathname).toBe('/app/broker/kite/callback');
  await expect(row).toContainText('Logged in until');
  await expect(banner).toHaveCount(0);
  await page.goto('/app/dashboards/live-trade');
  await expect(positions.locator('tr[data-position]')).toHaveCount(1);
  await expect(page.getByText(/Positions unknown/)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Square off all' })).toBeEnabled();

  // A bot on this account trades real money: it needs a daily loss limit, then the account number typed.
  const limits = { max_loss_today: 20_000, profit_lock_from: null, profit_lock_keep_pct: null, max_trades_today: null, max_lots_per_order: null, max_open_positions: null };
  const limited = await page.request.put(`/api/risk-limits/${app.clientId}/`, { headers: { authorization: `Bearer ${token}` }, data: limits });
  expect(limited.status()).toBe(200);
  const portfolios = new PortfolioPage(page);
  await portfolios.open();
  await portfolios.createPortfolio('Live straddles', '200000');
  await portfolios.openBotsTab('Daily bots');
  await page.getByRole('button', { name: /new daily bot|create a bot from a base strategy/i }).first().click();
  await portfolios.fillBot('Short straddle', 'Live straddle', '1');
  const form = page.getByRole('dialog');
  await form.getByRole('checkbox', { name: 'Friday' }).check();
  const confirmation = form.getByLabel(`Type the account number ${app.clientId} to let this bot trade real money`);
  await confirmation.fill('AB0000');
  await form.getByRole('button', { name: 'Create bot' }).click();
  await expect(form.getByText('The account number typed does not match: type it exactly as shown to let this bot trade real money.')).toBeVisible();
  await screenshotAt(page, 360, 'test-results/kite-live/live-bot-form-360.png', confirmation);
  await page.setViewportSize({ width: 1280, height: 900 });
  await confirmation.fill(app.clientId);
  await form.getByRole('button', { name: 'Create bot' }).click();
  await expect(page.getByText('Bot “Live straddle” created')).toBeVisible();
  const card = page.getByRole('article', { name: 'Live straddle', exact: true });
  await expect(card.locator('[data-trading-mode="live"]')).toHaveText('Live');
  await screenshotAt(page, 360, 'test-results/kite-live/live-bot-card-360.png', card);
});
