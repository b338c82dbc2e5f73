import { expect, test } from './support/test';
import { BrokerAccountsPage } from './pages/broker-accounts-page';
import { OptionChainPage } from './pages/option-chain-page';
import { StrategyBuilderPage } from './pages/strategy-builder-page';
import { expectLiveAccountAt360 } from './support/live-narrow';
import { listDeskContractsAtNoren, newNorenApp, norenOrders, norenPassword, registerNorenApp } from './support/noren';
import { readStoredValue, signInAsNewUser } from './support/session';
import { buyOneLotLive } from './support/trading';

// Live trading on Shoonya (Noren), as a trader sees it, against the Noren-compatible test server that
// start-server.ts runs beside the reference server in Shoonya's configuration (issue 64): link the account with
// its user ID and OAuth app, log in through Noren's login page (the redirect brings a code back, which StrikeDesk
// exchanges with Shoonya's SHA-256 checksum), send a live order from the desk's chain past the day's
// first-live-order question, see it filled at Noren, tagged, and Complete in the order book, always Live, never
// Paper; an iron condor's margin in the builder from Noren's span calculator, with its hedge benefit; then the
// account and its order at 360 px in English and French.

test('a Shoonya account: log in through Noren’s page, a live order from the chain filled, Live never Paper, the builder’s margin from SpanCalc, at 360 px in en and fr', async ({ page, baseURL }) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAsNewUser(page);
  const token = String(await readStoredValue(page, 'auth_token'));
  const app = newNorenApp('shoonya');
  const brokers = new BrokerAccountsPage(page);

  // Link the account (account number = the Shoonya user ID); the form shows the redirect URL to register for the OAuth app.
  await brokers.open();
  await page.getByRole('region', { name: 'Link your first broker account' }).getByRole('button', { name: 'Add account' }).click();
  const urls = await brokers.linkShoonyaAccount({ name: 'Shoonya desk', clientId: app.userId, apiKey: app.apiKey, apiSecret: app.apiSecret, capital: '500000' });
  expect(urls.redirectUrl).toBe(`${baseURL}/app/broker/shoonya/callback`);
  await registerNorenApp(page.request, app, urls.redirectUrl);
  await listDeskContractsAtNoren(page.request, 'shoonya', token);
  const row = brokers.row('Shoonya desk');
  await expect(row.locator('[data-trading-mode="live"]')).toHaveText('Live');
  await expect(row.locator('[data-trading-mode="paper"]')).toHaveCount(0);
  await expect(row).toContainText('Logged out');

  // Noren's login page, and back through the callback with its code, exchanged (the test server checks the checksum).
  const returnUrl = new URL(await brokers.logInToNoren('shoonya', 'Shoonya desk', app.userId, norenPassword));
  expect(returnUrl.pathname).toBe('/app/broker/shoonya/callback');
  expect(returnUrl.searchParams.get('code')).toBeTruthy();
  await expect(row).toContainText('Logged in until');

  // From the chain: the ticket says Live; the day's first live order asks first, naming the account; Noren fills it.
  await page.goto('/app/dashboards/live-trade');
  const ticket = await new OptionChainPage(page).openAtmCallTicket();
  await expect(ticket.locator('[data-trading-mode="live"]')).toHaveText('Live');
  await expect(ticket.locator('[data-trading-mode="paper"]')).toHaveCount(0);
  await buyOneLotLive(page, ticket, { name: 'Shoonya desk', clientId: app.userId });
  await expect.poll(async () => (await norenOrders(page.request, app)).map((order) => order.status)).toEqual(['COMPLETE']);
  const [atNoren] = await norenOrders(page.request, app);
  // StrikeDesk's tag travels as Noren's remarks: how a lost answer is found again.
  expect(atNoren!.remarks).toBeTruthy();

  // The order book: the account marked Live, Noren's order Complete.
  await page.goto('/app/order_book');
  await expect(page.locator('[data-trading-mode="live"]').first()).toHaveText('Live');
  await expect(page.locator('[data-trading-mode="paper"]')).toHaveCount(0);
  await expect(page.getByRole('table', { name: 'Orders' }).locator(`tr[data-order-id="${atNoren!.norenordno}"] [data-field="status"]`)).toContainText('Complete');

  // The builder: an iron condor's own margin is Noren's span calculator's, with the hedge benefit its wings give.
  const builder = new StrategyBuilderPage(page);
  await builder.open();
  await builder.chooseExpiry(0);
  await builder.buildFromPreset('Iron condor', 4);
  await expect(builder.figure('margin')).toContainText(/₹.*Hedge benefit \u2068?₹/);
  await expect(page.getByTestId('margin-after-positions').locator('dd')).toContainText('₹');

  // At 360 px in English and French: the account Live and logged in, its order a card marked complete; nothing wider than the screen.
  await expectLiveAccountAt360(page, brokers, 'Shoonya desk', atNoren!.norenordno, 'shoonya-live');
});
