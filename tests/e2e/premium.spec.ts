import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { OptionChainPage, plain } from './pages/option-chain-page';
import { usePreferences } from './support/preferences';
import { screenshotAt } from './support/screenshots';
import { signInReadyToTrade, type TradingUser } from './support/trading';
import { stockUdiffFile } from './support/stock-udiff';
import { MarketHistoryPage } from './pages/market-history-page';
import { pickUnderlying } from './support/underlying-search';

// The strategy premium chart through the real screens: the chain's ATM straddle opened in one tap, its candles
// read from the minutes the server's simulator recorded (so the source line says simulated, with its time),
// the overlays toggled, then the same chart in French, dark, at 360 px, and right to left. The suite's server
// starts with the minute before its clock's 11:00 recorded (support/start-server.ts, recordMinuteBefore), so the
// candles are there at once: no wait on the recorder's first whole minute.

test('opens the ATM straddle from the chain and charts its premium with overlays, in en and fr, wide and on a phone, dark and RTL', async ({ page }) => {
  test.setTimeout(120_000);
  await signInReadyToTrade(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  const chain = new OptionChainPage(page);
  await chain.open();
  // The straddle the chain shows: its at-the-money strike and the expiry picked above it.
  // The row header is the strike, then "At the money" for screen readers.
  const atm = /^[\d,]+/.exec(plain((await chain.atmRow.getByRole('rowheader').textContent()) ?? ''))?.[0] ?? '';
  expect(atm).toMatch(/^\d{1,3}(,\d{2,3})+$/);
  const expiry = await page.getByLabel('Expiry', { exact: true }).inputValue();
  expect(expiry).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  await page.getByTestId('chain-straddle-chart').click();
  await expect(page).toHaveURL(/\/app\/premium\?legs=NIFTY%3A\d{4}-\d{2}-\d{2}%3A\d+%3ACE%3AS%3A1%2CNIFTY%3A/);
  await expect(page.getByRole('heading', { level: 1, name: 'Strategy premium' })).toBeVisible();
  // Its two legs, and nothing else: the call and the put of that strike and expiry, both sold, one lot each.
  const strike = atm.replace(/,/g, '');
  expect(new URL(page.url()).searchParams.get('legs')).toBe(`NIFTY:${expiry}:${strike}:CE:S:1,NIFTY:${expiry}:${strike}:PE:S:1`);
  await expect(page.getByTestId('premium-leg')).toHaveCount(2);
  const legs = (await page.getByTestId('premium-leg').allInnerTexts()).map(plain);
  expect(legs[0]).toMatch(new RegExp(`^Sell 1 lot NIFTY ${atm} CE (\\d{2} \\w{3} \\d{4})$`));
  expect(legs[1]).toBe(legs[0]?.replace(' CE ', ' PE '));
  await expect(page.getByLabel('Strike of leg 1')).toHaveValue(strike);
  await expect(page.getByLabel('Strike of leg 2')).toHaveValue(strike);

  // The recorded minutes of both legs, on the first open: 10:59 at least (recorded before the server started),
  // simulated. The suite's server also records the Kite and Upstox test servers' feeds of the specs that link those
  // accounts, and a day holding real minutes of the legs is charted from them alone ("live feed"); the simulated
  // source on its own is demo-evening-charts.spec's, on a server no live feed reaches.
  const source = page.getByTestId('premium-source');
  await expect(source).toContainText(/^Source: (simulated \(not real prices\)|live feed)\. As of .+\d{2}:\d{2}/);
  await expect(page.getByTestId('premium-no-prices')).toHaveCount(0);
  await expect(page.getByText('Credit collected (sold legs added)')).toBeVisible();
  const chart = page.getByTestId('premium-chart');
  await expect(chart.locator('canvas').first()).toBeVisible();
  await expect(chart).toHaveAttribute('aria-label', new RegExp(`^Candles of the combined premium of ${strike} CE \\+ ${strike} PE`));

  // VWAP and EMA are on by default; SuperTrend on, with its own period.
  await expect(page.getByRole('checkbox', { name: 'VWAP' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'EMA' })).toBeChecked();
  await page.getByRole('checkbox', { name: 'SuperTrend' }).check();
  await page.getByRole('spinbutton', { name: 'SuperTrend period' }).fill('7');
  await expect(chart.locator('canvas').first()).toBeVisible();
  await screenshotAt(page, 1280, 'test-results/premium-1280-en.png', chart);

  await usePreferences(page, { locale: 'fr', theme: 'dark', direction: 'ltr' });
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Prime de stratégie' })).toBeVisible();
  // As in English above: the live feed alone once the suite's Kite and Upstox specs recorded these contracts today.
  await expect(source).toContainText(/^Source : (simulé \(pas des prix réels\)|flux en direct)\. Au /);
  await expect(page.getByTestId('premium-leg').first()).toContainText(/^Vente 1 lot NIFTY/);
  await screenshotAt(page, 360, 'test-results/premium-360-fr-dark.png', chart);
  await expect(chart.locator('canvas').first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  await usePreferences(page, { locale: 'fr', theme: 'dark', direction: 'rtl' });
  await page.reload();
  await expect(source).toBeVisible();
  await screenshotAt(page, 360, 'test-results/premium-360-fr-dark-rtl.png', page.getByRole('heading', { level: 1 }));
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

// A premium alert from the chart (issue 40), with no wait on the recorder: the "Set an alert" of the chain's
// straddle is there before its candles are. The form photographed at 360 px in French, dark, then right to left;
// the alert is listed under the price alerts with its rule and state, and deleted there.
test('sets a premium alert from the straddle chart, lists it under the price alerts and deletes it, in en and fr, at 360 px, dark and RTL', async ({ page }) => {
  test.setTimeout(120_000);
  await signInReadyToTrade(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  const chain = new OptionChainPage(page);
  await chain.open();
  await page.getByTestId('chain-straddle-chart').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Strategy premium' })).toBeVisible();
  const strike = /NIFTY:\d{4}-\d{2}-\d{2}:(\d+):CE/.exec(decodeURIComponent(page.url()))?.[1] ?? '';

  // French, dark, a phone: the form fits and says it in French; then the same right to left.
  await usePreferences(page, { locale: 'fr', theme: 'dark', direction: 'ltr' });
  await page.setViewportSize({ width: 360, height: 740 });
  await page.reload();
  await page.getByRole('button', { name: 'Créer une alerte', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Alerte sur cette prime' });
  await expect(dialog.getByLabel('M’alerter quand')).toBeVisible();
  await expect(dialog).toContainText(new RegExp(`NIFTY S ${strike} CE \\+ S ${strike} PE`));
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.screenshot({ path: 'test-results/premium/alert-form-fr-dark-360.png' });
  await usePreferences(page, { locale: 'fr', theme: 'dark', direction: 'rtl' });
  await page.reload();
  await page.getByRole('button', { name: 'Créer une alerte', exact: true }).click();
  await expect(dialog).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.screenshot({ path: 'test-results/premium/alert-form-fr-dark-rtl-360.png' });
  await page.keyboard.press('Escape');

  // Legs the recorder holds no price of (a strike far from the money): the server's 404 premium.no_prices is said
  // in the chart's place, not as an "Introuvable" notification over the alert button.
  const straddleUrl = page.url();
  const expiry = /NIFTY:(\d{4}-\d{2}-\d{2}):/.exec(decodeURIComponent(straddleUrl))?.[1] ?? '';
  await usePreferences(page, { locale: 'fr', theme: 'dark', direction: 'ltr' });
  await page.goto(`/app/premium?legs=${encodeURIComponent(`NIFTY:${expiry}:5000:CE:S:1,NIFTY:${expiry}:5000:PE:S:1`)}`);
  const noPrices = page.getByTestId('premium-no-prices');
  // The recorder holds today's minutes of the listed strikes, not of this one: no minute will come, and it says so.
  await expect(noPrices).toContainText('StrikeDesk n’enregistre pas ces jambes');
  await expect(noPrices).toContainText('importez ses minutes dans Historique de marché');
  await expect(noPrices.getByRole('button', { name: 'Relire maintenant' })).toHaveCount(0);
  await expect(noPrices).toContainText(/NIFTY 5\s000 CE .+ \(jambe 1\) n’a aucun prix enregistré ni importé le /);
  await expect(page.getByText('Introuvable', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Créer une alerte', exact: true })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.screenshot({ path: 'test-results/premium/no-prices-fr-dark-360.png', fullPage: true });
  await page.goto(straddleUrl);

  // In English: the straddle's credit falling 25 % from its 09:20 value.
  await usePreferences(page, { locale: 'en', theme: 'light', direction: 'ltr' });
  await page.reload();
  await page.getByRole('button', { name: 'Set an alert' }).click();
  const form = page.getByRole('dialog', { name: 'Alert on this premium' });
  await expect(form.getByLabel('Alert me when')).toHaveValue('premium_falls');
  await form.getByLabel('By', { exact: true }).fill('25');
  await form.getByRole('button', { name: 'Create alert' }).click();
  await expect(form).toBeHidden();

  await page.goto('/app/strategy_alerts?view=price');
  const listed = page.getByTestId('condition-alert');
  await expect(listed).toHaveCount(1);
  await expect(listed).toContainText(new RegExp(`^NIFTY S ${strike} CE \\+ S ${strike} PE \\(.+\\): premium falls 25 % from 09:20`));
  await expect(listed).toContainText('Watching');
  await expect(listed.getByRole('link', { name: 'Open its chart' })).toHaveAttribute('href', /^\/app\/premium\?legs=NIFTY/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.screenshot({ path: 'test-results/premium/alert-listed-en-360.png', fullPage: true });
  await listed.getByRole('button', { name: /^Delete the alert NIFTY S / }).click();
  await expect(listed).toHaveCount(0);
  await expect(page.getByText('No premium or IV alerts yet.', { exact: false })).toBeVisible();
});

/** A long straddle through the API, as if bought at the desk: one lot each of NIFTY's nearest at-the-money call and put. */
async function buyStraddle(page: Page, user: TradingUser): Promise<{ expiry: string; strike: number }> {
  const auth = { authorization: `Bearer ${user.token}` };
  const expiries = (await (await page.request.get('/api/market/expiries/?index=NIFTY', { headers: auth })).json()) as { expiries: Array<{ date: string }> };
  const expiry = expiries.expiries[0]!.date;
  const listed = (await (await page.request.get(`/api/market/instruments/?index=NIFTY&expiry=${expiry}`, { headers: auth })).json()) as {
    instruments: Array<{ tradingsymbol: string; strike: number; instrument_type: 'CE' | 'PE' }>;
    lot_size: number;
  };
  const strikes = [...new Set(listed.instruments.map((instrument) => instrument.strike))];
  const strike = strikes[Math.floor(strikes.length / 2)]!;
  const orders = (['CE', 'PE'] as const).map((type) => ({
    tradingsymbol: listed.instruments.find((instrument) => instrument.strike === strike && instrument.instrument_type === type)!.tradingsymbol,
    exchange: 'NFO',
    transaction_type: 'BUY',
    order_type: 'MARKET',
    product: 'NRML',
    quantity: listed.lot_size,
  }));
  const placed = await page.request.post('/api/order-book/order-book/place_trades/', {
    headers: { ...auth, 'idempotency-key': crypto.randomUUID() },
    data: { account_number: user.accountNumber, portfolio_id: user.portfolioId, orders },
  });
  expect(placed.status()).toBe(200);
  return { expiry, strike };
}

// The live book's strategy (issue 40: "from the builder or the live book"): a straddle held on the desk opens its
// combined premium chart from under the positions, and the chart names those two legs, bought as held.
test('opens a 2-leg strategy held on the desk as its premium chart, naming its legs', async ({ page }) => {
  test.setTimeout(120_000);
  const user = await signInReadyToTrade(page);
  const { expiry, strike } = await buyStraddle(page, user);
  await page.setViewportSize({ width: 1280, height: 900 });
  await new OptionChainPage(page).open();
  const link = page.getByTestId('strategy-premium-link');
  await expect(link).toHaveCount(1, { timeout: 30_000 });
  await expect(link).toContainText(/^Premium chart: NIFTY .+ \(2 legs\)$/);
  await link.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Strategy premium' })).toBeVisible();
  // The legs in the book's order, whichever leg it lists first.
  expect(new URL(page.url()).searchParams.get('legs')?.split(',').sort()).toEqual([`NIFTY:${expiry}:${strike}:CE:B:1`, `NIFTY:${expiry}:${strike}:PE:B:1`]);
  const legs = (await page.getByTestId('premium-leg').allInnerTexts()).map(plain).sort();
  const shown = strike.toLocaleString('en-IN');
  expect(legs).toHaveLength(2);
  // The expiry's day and year (the month's short name is the browser's, "Sep" or "Sept").
  const day = `${expiry.slice(8, 10)} \\S+ ${expiry.slice(0, 4)}`;
  expect(legs[0]).toMatch(new RegExp(`^Buy 1 lot NIFTY ${shown} CE ${day}$`));
  expect(legs[1]).toBe(legs[0]?.replace(' CE ', ' PE '));
});

// Issue 63: a stock's straddle picked in the premium screen's search box. Market history holds RELIANCE's options by
// its daily bhavcopies only (two September 2025 days imported here), so the chart opens on its at-the-money straddle
// of the last day in day candles over the month before it, says why, and offers no premium alert (the recorder keeps
// no stock minutes). Then in French, dark, at 360 px.
test('charts a stock’s ATM straddle picked in the search box in day candles, in en and fr, at 360 px dark', async ({ page }) => {
  test.setTimeout(150_000);
  await signInReadyToTrade(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  const expiry = '2025-09-30';
  const files = [
    { day: '2025-09-22', spot: 1385, sigma: 0.21 },
    { day: '2025-09-23', spot: 1392, sigma: 0.24 },
  ].map(({ day, spot, sigma }) => stockUdiffFile({ day, symbol: 'RELIANCE', spot, lot: 500, futures: [], options: { expiry, strikes: [1360, 1380, 1400, 1420], sigma } }));
  const history = new MarketHistoryPage(page);
  await history.open();
  await history.importFiles(files);
  for (const file of files) await expect(history.upload(file.name)).toContainText('Imported: 1 day');

  await page.goto('/app/premium');
  await expect(page.getByRole('heading', { level: 1, name: 'Strategy premium' })).toBeVisible();
  const search = page.getByRole('combobox', { name: 'Underlying' });
  await pickUnderlying(page, search, 'RELIANCE', /^RELIANCE/);
  // The latest day with RELIANCE's option prices: these days' 23 Sep (its 1,400 strike nearest to 1,392), or a later
  // day another spec of the suite imported (volatility.spec's January 2026); a sold straddle either way.
  await expect(page).toHaveURL(/legs=RELIANCE%3A(\d{4}-\d{2}-\d{2})%3A(\d+)%3ACE%3AS%3A1%2CRELIANCE%3A\1%3A\2%3APE%3AS%3A1&/);
  const asked = new URL(page.url()).searchParams;
  expect(asked.get('interval')).toBe('1d');
  expect(asked.get('to')! >= '2025-09-23').toBe(true);
  // The 30 days up to it (the server's 31 days a request at most).
  expect(Date.parse(asked.get('to')!) - Date.parse(asked.get('from')!)).toBe(30 * 86_400_000);
  if (asked.get('to') === '2025-09-23') expect(asked.get('legs')).toBe(`RELIANCE:${expiry}:1400:CE:S:1,RELIANCE:${expiry}:1400:PE:S:1`);
  await expect(page.getByTestId('premium-stock-note')).toContainText('RELIANCE is a stock');
  await expect(page.getByTestId('premium-leg')).toHaveCount(2);
  await expect(page.getByTestId('premium-source')).toContainText(/^Source: imported/i);
  await expect(page.getByTestId('premium-chart').locator('canvas').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Set an alert' })).toHaveCount(0);
  await screenshotAt(page, 1280, 'test-results/premium/stock-1280-en.png', page.getByTestId('premium-chart'));

  await usePreferences(page, { locale: 'fr', theme: 'dark', direction: 'ltr' });
  await page.reload();
  await expect(page.getByTestId('premium-stock-note')).toContainText('RELIANCE est une action');
  await screenshotAt(page, 360, 'test-results/premium/stock-360-fr-dark.png', page.getByTestId('premium-chart'));
  await expect(page.getByTestId('premium-chart').locator('canvas').first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});
