import { expect, test, type Page } from './support/test';
import { BacktestsPage } from './pages/backtests-page';
import { BrokerAccountsPage } from './pages/broker-accounts-page';
import { MarketHistoryPage } from './pages/market-history-page';
import { usePreferences } from './support/preferences';
import { signInReadyToTrade } from './support/trading';
import { udiffDay } from './support/udiff-day';
import { newUpstoxApp, registerUpstoxApp, upstoxPin } from './support/upstox';

// Real option minutes from Upstox into a backtest (issue 38), against the Upstox test server the browser suite
// runs beside the reference server: link and log in to an Upstox account, fetch an expired NIFTY expiry's
// option minutes (and the index's) on the Market history screen, find them in the coverage, then backtest a
// straddle on a day of that week: its fills are at those real prices, not modelled. The test server's NIFTY is
// at 26,000 and its expired contracts' minutes oscillate around their value there (tests/upstox-server/expired.ts).

const dayMs = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const typed = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
const shown = (day: string) => new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', { day: '2-digit', month: 'short', year: 'numeric', timeZone: 'UTC' });

/**
 * A Tuesday four weeks before the browser's (pinned) today: an expiry the test server lists as expired, and a
 * week no other spec fetches (market-history-kite.spec.ts takes the last seven days, open-interest.spec.ts the
 * fifth week back). A retry takes a week of its own, three weeks further back each time: the suite server keeps
 * what the failed try fetched, and fetching a week again stores nothing new.
 */
async function expiredTuesday(page: Page): Promise<string> {
  const today = Date.parse(`${iso((await page.evaluate(() => Date.now())) + 5.5 * 3_600_000)}T00:00:00Z`);
  let tuesday = today - dayMs;
  while (new Date(tuesday).getUTCDay() !== 2) tuesday -= dayMs;
  const tries = test.info().retry + test.info().repeatEachIndex;
  return iso(tuesday - (4 + 3 * tries) * 7 * dayMs);
}

test('fetches an expired expiry’s option minutes from Upstox, sees them in the coverage, and a backtest of that week fills at them', async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInReadyToTrade(page);

  const app = newUpstoxApp();
  const brokers = new BrokerAccountsPage(page);
  await brokers.open();
  await page.getByRole('button', { name: 'Add account' }).first().click();
  const urls = await brokers.linkUpstoxAccount({ name: 'Upstox data', clientId: app.ucc, apiKey: app.apiKey, apiSecret: app.apiSecret, capital: '500000' });
  expect(urls.redirectUrl).toBe(`${baseURL}/app/broker/upstox/callback`);
  await registerUpstoxApp(page.request, app, urls.redirectUrl);
  await brokers.logInToUpstox('Upstox data', app.ucc, upstoxPin);
  await expect(brokers.row('Upstox data')).toContainText('Logged in until');

  const history = new MarketHistoryPage(page);
  await history.open();
  const panel = page.getByRole('region', { name: 'Fetch from Upstox' });
  await expect(panel.getByLabel('Upstox account', { exact: true })).toContainText(`Upstox data (${app.ucc})`);
  const expiry = await expiredTuesday(page);
  const from = iso(Date.parse(`${expiry}T00:00:00Z`) - 6 * dayMs);
  await panel.getByLabel('Index', { exact: true }).selectOption('NIFTY');
  await panel.getByLabel('Expiry', { exact: true }).fill(typed(expiry));
  await panel.getByLabel('From', { exact: true }).fill(typed(from));
  await panel.getByLabel('To', { exact: true }).fill(typed(expiry));
  await panel.getByLabel('To', { exact: true }).press('Tab');
  const answer = page.waitForResponse((response) => response.url().endsWith('/api/market-history/upstox-candles/'));
  await panel.getByRole('button', { name: 'Fetch from Upstox' }).click();
  // NSE's trading days of the week (the server's calendar), each with the index's 375 minutes.
  const fetched = (await (await answer).json()) as { files: Array<{ days: string[] }> };
  const days = fetched.files[0]!.days;
  expect(days.length).toBeGreaterThan(1);
  // NIFTY at 26,000 all week: 26,000 and 10 strikes each side, calls and puts, a minute candle each minute of each day.
  const candles = 42 * 375 * days.length;
  await expect(panel.getByRole('status')).toHaveText(
    new RegExp(`Stored \u2068?${candles.toLocaleString('en-IN')}\u2069? option minute candles of \u2068?42\u2069? contracts of the \u2068?${shown(expiry)}\u2069? expiry\\.`),
  );
  await expect(panel.getByRole('status')).toContainText(`Stored ${(375 * days.length).toLocaleString('en-IN')} index minute candles`);

  // The coverage has them: each day's cell, and NIFTY's total among what other specs imported.
  const day = days.filter((candidate) => candidate < expiry).at(-1)!;
  const month = await history.month(new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }));
  await expect(month.getByRole('row', { name: new RegExp(shown(day)) })).toContainText(`${(42 * 375).toLocaleString('en-IN')} option min`);
  const nifty = page.getByTestId('index-coverage').filter({ has: page.getByText('NIFTY', { exact: true }) });
  await expect(nifty).toContainText('option minute candles');
  await panel.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/market-history-upstox/fetched-en-1280.png' });

  for (const [locale, theme, width, direction] of [['en', 'light', 1280, 'ltr'], ['en', 'dark', 360, 'rtl'], ['fr', 'dark', 1280, 'ltr'], ['fr', 'light', 360, 'ltr']] as const) {
    await usePreferences(page, { locale, theme, direction });
    await page.reload();
    await page.setViewportSize({ width, height: 900 });
    const region = page.getByRole('region', { name: locale === 'fr' ? 'Récupérer depuis Upstox' : 'Fetch from Upstox' });
    await region.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/market-history-upstox/${locale}-${theme}-${width}-${direction}.png` });
  }
  await usePreferences(page, { locale: 'en', theme: 'light', direction: 'ltr' });
  await page.setViewportSize({ width: 1280, height: 900 });

  // That day's bhavcopy (the chain's settlement prices at 26,000), then a straddle backtested on it: sold at
  // 09:20 and bought back at 15:15, each fill at the contract's real minute.
  await history.open();
  await history.importFiles([udiffDay(day, [expiry, iso(Date.parse(`${expiry}T00:00:00Z`) + 7 * dayMs)], 26_000, { 25900: [180, 80], 26000: [80, 80], 26100: [80, 180] })]);
  await expect(history.uploads.filter({ hasText: 'Imported' })).toHaveCount(1);
  const backtests = new BacktestsPage(page);
  await backtests.open();
  await backtests.startConfigured({ strategy: 'Short straddle', name: 'Straddle on Upstox minutes', stopLossPct: '30' }, typed(day), typed(day), '500000');
  await backtests.openNewestReport();
  await expect(backtests.figure('Trading days run')).toContainText('1');
  await expect(backtests.figure('Prices modelled')).toContainText('Fills: 4 at real prices, 0 modelled');
  const legs = page.getByTestId('backtest-trade').getByRole('row').filter({ has: page.getByRole('rowheader') });
  await expect(legs).toHaveCount(2);
  for (const type of ['CE', 'PE']) await expect(legs.filter({ has: page.getByRole('rowheader', { name: new RegExp(`26000 ${type}$`) }) })).toHaveCount(1);
});
