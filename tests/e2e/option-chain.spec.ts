import { expect, test } from './support/test';
import { AppShell } from './pages/app-shell';
import { OptionChainPage, plain } from './pages/option-chain-page';
import { scriptAlertPrice } from './support/kite';
import { signInReadyToTrade } from './support/trading';

// The option chain as complete as Kite's, on the real server's simulated market: open interest, its change
// and volume on both sides, PCR, max pain and the at-the-money straddle above the ladder, the greeks on
// request, more than 7 strikes on a laptop's first screen and the essentials of both sides on a phone.
// A price alert on an option is made from the chain, and the alerts list shows it fire by itself.

// Open interest, its change and volume in lakh, the unit in the header: a plain number, never a compact scale.
const units = /^[+-]?\d{1,3}(,\d{2,3})*(\.\d+)?$/;
const frenchUnits = /^[+-]?\d{1,3}([\u202f\u00a0 ]\d{3})*(,\d+)?$/;

test('at 1280×800 the desk shows more than 7 strikes, OI, delta and OI change on both sides, and PCR, max pain and the straddle', async ({ page }) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInReadyToTrade(page);
  const chain = new OptionChainPage(page);
  await chain.open();

  const onScreen = await chain.strikesOnScreen();
  expect(onScreen.length, `strikes on screen: ${onScreen.join(' ')}`).toBeGreaterThan(7);
  await expect(chain.atmRow).toBeInViewport({ ratio: 1 });

  // Delta right after IV, the greek a trader reads first (issue 62), then OI change (lakh, signed); volume, the
  // last of them, is what the chain drops at 1280 px rather than scroll sideways (chain-columns.ts).
  for (const name of ['LTP', 'OI (lakh)', 'IV', 'Delta', 'OI chg (lakh)']) await expect(chain.table.getByRole('columnheader', { name, exact: true })).toHaveCount(2);
  await expect.poll(async () => (await chain.atmColumns()).filter(([head, value]) => head === 'Delta' && /^[-−]?0\.\d{2}$/.test(plain(value))).length).toBe(2);
  // Figures arrive with the prices; OI and volume in lakh (the header says so), OI change signed.
  await expect.poll(async () => (await chain.atmColumns()).filter(([head, value]) => head === 'OI (lakh)' && units.test(plain(value))).length).toBe(2);
  for (const [head, value] of await chain.atmColumns()) {
    if (head === 'Volume (lakh)' || head === 'OI chg (lakh)') expect(plain(value), head).toMatch(units);
  }
  // Simulated trading (once a minute) moves open interest: some strike shows its change.
  await expect.poll(async () => (await chain.columnValues('OI chg (lakh)')).some((value) => /^[+-]\d/.test(plain(value))), { timeout: 90_000 }).toBe(true);
  // One scale down the column (issue 62): every change to two decimals (+12.30 beside +0.45), never +0.033.
  for (const value of await chain.columnValues('OI chg (lakh)')) expect(plain(value)).toMatch(/^[+-]?\d{1,3}(,\d{2,3})*\.\d{2}$/);

  // The header: PCR a ratio, max pain a listed strike (points, not rupees), the straddle the ATM call and put.
  await expect(chain.figure('PCR')).toHaveText(/^\u2068?\d+\.\d{2}\u2069?$/);
  // A row header reads its strike (and "At the money" for screen readers at the money).
  const strikes = (await chain.table.getByRole('rowheader').allInnerTexts()).map((text) => plain(text).split(/\s/)[0]);
  expect(strikes).toContain(plain(await chain.figure('Max pain').innerText()));
  await expect.poll(async () => {
    const [straddle, prices] = await Promise.all([
      chain.figure('ATM straddle').innerText(),
      chain.atmRow.getByRole('button', { name: /, trade / }).allInnerTexts(),
    ]);
    const rupees = (text: string) => Math.round(Number(plain(text).replace(/[₹,]/g, '')) * 100);
    return rupees(straddle) === rupees(prices[0]!) + rupees(prices[1]!) && /^₹[\d,]+\.\d{2}$/.test(plain(straddle));
  }).toBe(true);
  await page.screenshot({ path: 'test-results/option-chain/chain-en-light-1280.png' });

  // Gamma, theta and vega on request, remembered on the next visit.
  const greeks = page.getByRole('button', { name: 'Greeks: delta, gamma, theta, vega' });
  await expect(greeks).toHaveAttribute('aria-pressed', 'false');
  await expect(chain.table.getByRole('columnheader', { name: 'Gamma' })).toHaveCount(0);
  await greeks.click();
  for (const name of ['Gamma', 'Theta', 'Vega']) await expect(chain.table.getByRole('columnheader', { name, exact: true })).toHaveCount(2);
  await page.screenshot({ path: 'test-results/option-chain/chain-greeks-en-light-1280.png' });
  await page.reload();
  await expect(chain.atmRow).toHaveCount(1);
  await expect(greeks).toHaveAttribute('aria-pressed', 'true');
  await expect(chain.table.getByRole('columnheader', { name: 'Vega', exact: true })).toHaveCount(2);

  // The prices still open the order ticket.
  await chain.atmRow.getByRole('button', { name: /, trade NIFTY.*CE$/ }).click();
  await expect(page.getByTestId('order-ticket')).toBeVisible();
});

test('in French and dark at 1280 px the chain fits its box with the same figures', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInReadyToTrade(page);
  const shell = new AppShell(page);
  await shell.open('/app/dashboards/live-trade');
  await shell.useLayout({ theme: /^dark$/i, language: /français/i });
  const chain = new OptionChainPage(page, /Chaîne d’options de NIFTY/);
  await expect(chain.atmRow).toHaveCount(1);
  for (const name of ['Dernier', 'OI (lakhs)', 'Delta', 'Var. OI (lakhs)']) await expect(chain.table.getByRole('columnheader', { name, exact: true })).toHaveCount(2);
  // The same notation as in English, French digits: 36,4 where English writes 36.4 (never "3,6 M" or "318,2 k").
  await expect.poll(async () => (await chain.atmColumns()).filter(([head, value]) => head === 'OI (lakhs)' && frenchUnits.test(plain(value))).length).toBe(2);
  await expect(chain.figure('Straddle ATM')).toHaveText(/^\u2068?[\d\u202f ]+,\d{2}\s₹\u2069?$/);
  // French headers are wider: the chain drops a column rather than hide the puts' edge.
  const overflow = await chain.scroller.evaluate((box) => box.scrollWidth - box.clientWidth);
  expect(overflow).toBeLessThanOrEqual(1);
  expect((await chain.strikesOnScreen()).length).toBeGreaterThan(7);
  await page.screenshot({ path: 'test-results/option-chain/chain-fr-dark-1280.png' });
});

for (const [language, tableName, ltp, oi] of [
  ['en', /Option chain of NIFTY/, 'LTP', 'OI (lakh)'],
  ['fr', /Chaîne d’options de NIFTY/, 'Dernier', 'OI (lakhs)'],
] as const) {
  test(`at 360 px (${language}) both sides show the last price and OI without scrolling sideways`, async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await signInReadyToTrade(page);
    const shell = new AppShell(page);
    await shell.open('/app/dashboards/live-trade');
    if (language === 'fr') await shell.useLayout({ theme: /^dark$/i, language: /français/i });
    const chain = new OptionChainPage(page, tableName);
    await expect(chain.atmRow).toHaveCount(1);
    await chain.table.scrollIntoViewIfNeeded();
    for (const name of [ltp, oi]) {
      const headers = chain.table.getByRole('columnheader', { name, exact: true });
      await expect(headers).toHaveCount(2);
      for (const header of await headers.all()) await expect(header).toBeInViewport({ ratio: 1 });
    }
    await expect.poll(async () => (await chain.atmColumns()).filter(([head, value]) => head === oi && (language === 'en' ? units : frenchUnits).test(plain(value))).length).toBe(2);
    const trade = chain.atmRow.getByRole('button', { name: language === 'en' ? /, trade / : /, négocier / });
    await expect(trade).toHaveCount(2);
    // The chain centres the money once, when it opens; the money may have moved a strike since, and a
    // 360 px box shows few rows: the row at its edge failed here twice at load 20-25 (ratio 0.156). What
    // this test holds is the width, so the row is brought into view as a trader would scroll to it.
    await chain.atmRow.scrollIntoViewIfNeeded();
    for (const button of await trade.all()) await expect(button).toBeInViewport({ ratio: 1 });
    expect(await chain.scroller.evaluate((box) => box.scrollWidth - box.clientWidth)).toBeLessThanOrEqual(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.screenshot({ path: `test-results/option-chain/chain-${language}-360.png` });

    // No room for a bell per contract: the ticket offers the price alert on its contract.
    await trade.first().click();
    await page.getByRole('button', { name: language === 'en' ? 'Set a price alert instead' : 'Créer plutôt une alerte de prix' }).click();
    const dialog = page.getByRole('dialog', { name: language === 'en' ? /^Price alert on NIFTY \d{2} \w{3} \d+ CE$/ : /^Alerte de prix sur NIFTY \d{2} \S+ \d+ CE$/ });
    await expect(dialog).toBeVisible();
    await page.screenshot({ path: `test-results/option-chain/alert-dialog-${language}-360.png` });
  });
}

test('price alerts made from the chain fire, and the price-alert list shows it without a reload', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const user = await signInReadyToTrade(page);
  const chain = new OptionChainPage(page);
  await chain.open();
  const bell = chain.atmRow.getByRole('button', { name: /^Price alert on NIFTY.*CE$/ });
  const symbol = ((await bell.getAttribute('aria-label')) ?? '').replace('Price alert on ', '');

  // The watcher sees a scripted last price for this call (support/scripted-alert-prices.ts), not the
  // simulator's: held where the dialog starts while the alerts are made, then moved past one level at once.
  let last = 0;
  try {
    // Five rupees either side of the last price (the app asks before saving a level the live price has
    // already reached, so neither may be): the move up must fire the first and leave the second.
    for (const direction of ['above', 'below'] as const) {
      await bell.click();
      const dialog = page.getByRole('dialog', { name: /^Price alert on NIFTY \d{2} \w{3} \d+ CE$/ });
      await expect(dialog).toBeVisible();
      // Nothing to type but the level, which starts at the contract's last price (in rupees).
      await expect(dialog.getByRole('textbox', { name: /tradingsymbol/i })).toHaveCount(0);
      const level = dialog.getByLabel('Price (₹)');
      await expect(level).toHaveValue(/^\d+(\.\d{1,2})?$/);
      if (direction === 'above') {
        await page.screenshot({ path: 'test-results/option-chain/alert-dialog-en-1280.png' });
        last = Number(await level.inputValue());
        await scriptAlertPrice(page.request, symbol, last);
      }
      await level.fill((direction === 'above' ? last + 5 : last - 5).toFixed(2));
      await dialog.getByLabel('When the last price crosses').selectOption(direction);
      await dialog.getByRole('button', { name: 'Create alert' }).click();
      await expect(dialog).toBeHidden();
    }

    // The watcher's first look records the held price for both (a level passed before is no crossing)…
    const auth = { authorization: `Bearer ${user.token}` };
    const seen = async () =>
      ((await (await page.request.get('/api/price-alerts/', { headers: auth })).json()) as { price_alerts: Array<{ symbol: string; last_price: number | null }> }).price_alerts
        .filter((alert) => alert.symbol === symbol)
        .map((alert) => alert.last_price);
    await expect.poll(seen, { timeout: 20_000 }).toEqual([last, last]);
    await page.goto('/app/strategy_alerts?view=price');
    const alerts = page.getByRole('list', { name: 'Your price alerts' }).getByRole('listitem').filter({ hasText: symbol });
    await expect(alerts).toHaveCount(2);
    await expect(alerts.filter({ hasText: /above \u2068?₹\d/ })).toHaveCount(1);
    await expect(alerts.filter({ hasText: /below \u2068?₹\d/ })).toHaveCount(1);
    await expect(alerts.filter({ hasText: 'Not triggered yet' })).toHaveCount(2);

    // …then the call trades six rupees higher: the watcher fires the alert above, and the alerts poll (every
    // 10 s) sees it and the list reads itself again, with no reload.
    await scriptAlertPrice(page.request, symbol, last + 6);
    const fired = alerts.filter({ hasText: 'Triggered once' });
    await expect(fired).toHaveCount(1, { timeout: 30_000 });
    await expect(fired).toContainText(/above \u2068?₹\d/);
    await expect(fired).toContainText('Fired, now off');
    await expect(alerts.filter({ hasText: 'Not triggered yet' })).toHaveCount(1);
    await page.screenshot({ path: 'test-results/option-chain/price-alerts-fired-en-1280.png' });
  } finally {
    await scriptAlertPrice(page.request, symbol, null);
  }
});
