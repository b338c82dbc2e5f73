import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { BacktestsPage } from './pages/backtests-page';
import { MarketHistoryPage, type UploadFile } from './pages/market-history-page';
import { waitForControl } from './support/service-worker';
import { signInReadyToTrade } from './support/trading';
import { lotSize, udiffDay } from './support/udiff-day';

// The app's service worker runs here (the suite blocks it elsewhere, playwright.config.ts): this spec goes
// offline, waits for it to control the page, or meets its precache or push.
test.use({ serviceWorkers: 'allow' });

// Issue 25's story on the real server: import the parsers' fixture files (and two days built in the UDiFF
// fixture's own layout), backtest a saved daily bot over those days, read its report, and put it beside the
// bot's paper record; then backtest a bot configured on the spot over the same days and save it as a bot.

const fixtures = new URL('../server/history/fixtures/', import.meta.url);
const fixture = (name: string, mimeType = 'text/csv'): UploadFile => ({ name, mimeType, buffer: readFileSync(new URL(name, fixtures)) });

/** Saves a paper short straddle daily bot (1 lot, SL 30 %, target 50 %, exit 15:15, Monday to Friday). */
async function saveStraddleBot(page: Page, user: { token: string; portfolioId: number }, name: string, entryTime: string): Promise<void> {
  const headers = { authorization: `Bearer ${user.token}` };
  const strategies = (await (await page.request.get('/api/base_strategies/base_strategies/', { headers })).json()) as { base_strategies: Array<{ id: number; slug: string }> };
  const straddle = strategies.base_strategies.find((strategy) => strategy.slug === 'short_straddle')!;
  const bot = await page.request.post(`/api/daily_bots/daily_bots/${user.portfolioId}/`, {
    headers,
    data: { portfolio_id: user.portfolioId, name, base_strategy: straddle.id, underlying: 'NIFTY', lots: 1, stop_loss_pct: 30, target_pct: 50, params: {}, entry_time: entryTime, exit_time: '15:15', weekdays: [1, 2, 3, 4, 5] },
  });
  expect(bot.status()).toBe(201);
}

/** The backtested days: the index's value that day and, for the 09:20 entry, the one before it. */
const backtested = [
  { day: '2024-10-07', underlying: 25010, previous: 25010, settle: { 24900: [170, 60], 25000: [110, 100], 25100: [60, 150] } as Record<number, [number, number]> },
  { day: '2024-10-08', underlying: 25120, previous: 25010, settle: { 25000: [180, 50], 25100: [100, 85], 25200: [50, 135] } as Record<number, [number, number]> },
  { day: '2024-10-10', underlying: 24980, previous: 25120, settle: { 24900: [80, 0], 25000: [0, 20], 25100: [0, 120] } as Record<number, [number, number]> },
];

test('imports fixtures, backtests a daily bot over them, reads the report and compares it with paper, and opens it offline', async ({ page, context }) => {
  test.setTimeout(180_000);
  const user = await signInReadyToTrade(page);
  await saveStraddleBot(page, user, 'Fixture straddle', '09:20');

  const history = new MarketHistoryPage(page);
  await history.open();
  await history.importFiles([
    fixture('BhavCopy_NSE_FO_0_0_0_20240708_F_0000.csv.zip', 'application/zip'),
    fixture('NIFTY_minute_2024-07-08.csv'),
    // Backtested days: from October 2024, when the charges the paper broker knows start (charge_rates; a day
    // before them has no charges to apply, so the engine refuses its entries). 9 October has no file.
    ...backtested.map(({ day, underlying, settle }) => udiffDay(day, ['2024-10-10', '2024-10-17'], underlying, settle)),
  ]);
  await expect(history.uploads.filter({ hasText: 'Imported' })).toHaveCount(2 + backtested.length);

  const backtests = new BacktestsPage(page);
  await backtests.open();
  await backtests.start('Fixture straddle', '07/10/2024', '10/10/2024', '500000');
  await expect(backtests.rows.first()).toContainText('Fixture straddle');
  await backtests.openNewestReport();

  // 7, 8 and 10 October have history; 9 October has none, so the run treats it as a holiday.
  await expect(backtests.figure('Trading days run')).toContainText(String(backtested.length));
  await expect(backtests.figure('Net P&L after charges')).toContainText('₹');
  await expect(backtests.figure('Prices modelled')).toContainText('%');
  await expect(page.getByTestId('calendar-month').first()).toContainText('October 2024');
  await expect(page.getByTestId('equity-chart')).toHaveAttribute('aria-label', /Equity from .*07 Oct 2024.* to .*10 Oct 2024/);
  // One straddle a day: sold at 09:20 at the strike nearest the index then. Without minutes the index runs
  // from the previous file's value (the first day: its own) to the day's, so 09:20 is next to the former.
  const trades = page.getByTestId('backtest-trade');
  await expect(trades).toHaveCount(backtested.length);
  for (const [n, { previous }] of backtested.entries()) {
    const trade = trades.nth(n);
    const strike = Math.round(previous / 50) * 50;
    const legs = trade.getByRole('row').filter({ has: page.getByRole('rowheader') });
    await expect(legs).toHaveCount(2);
    for (const type of ['CE', 'PE']) {
      const leg = legs.filter({ has: page.getByRole('rowheader', { name: new RegExp(`${strike} ${type}$`) }) });
      await expect(leg.getByRole('cell').nth(0)).toHaveText('SELL');
      // (react-intl isolates each formatted value with U+2068/U+2069.)
      await expect(leg.getByRole('cell').nth(1)).toHaveText(new RegExp(`^\u2068?${lotSize}\u2069?$`));
    }
    // Charges are the paper broker's of that date (never zero on a sale), and the rule that closed it is named.
    await expect(trade).toContainText(/Closed by \u2068?(Exit time|Stop-loss|Target)\u2069? · gross [^,]*₹[\d,.]+\u2069?, charges \u2068?₹[1-9][\d,.]*\u2069?, net/);
  }
  // The bot has no paper day in July 2024: compare says they share none, rather than inventing figures.
  await expect(page.getByRole('region', { name: 'Compare with the bot’s record' })).toContainText(/share no day|both cover/);

  // A report read once opens offline after a reload: the service worker serves the app, the device its copy,
  // said to be the last known one with the time it was read.
  const netPnl = await backtests.figure('Net P&L after charges').textContent();
  await waitForControl(page);
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText(/^Last known, as of .+ IST: it could not be refreshed\.$/)).toBeVisible();
  await expect(backtests.figure('Net P&L after charges')).toHaveText(netPnl ?? '');
  await expect(page.getByTestId('backtest-trade')).toHaveCount(backtested.length);
  await context.setOffline(false);
});

test('backtests a bot configured on the spot over the fixture days, then saves it as a paper bot', async ({ page }) => {
  test.setTimeout(180_000);
  const user = await signInReadyToTrade(page);
  const headers = { authorization: `Bearer ${user.token}` };
  // History is shared and its rows are kept once per contract and day: importing the days again is harmless.
  const history = new MarketHistoryPage(page);
  await history.open();
  await history.importFiles(backtested.map(({ day, underlying, settle }) => udiffDay(day, ['2024-10-10', '2024-10-17'], underlying, settle)));
  await expect(history.uploads.filter({ hasText: 'Imported' })).toHaveCount(backtested.length);

  const backtests = new BacktestsPage(page);
  await backtests.open();
  await backtests.startConfigured({ strategy: 'Short straddle', name: 'Straddle tried here', stopLossPct: '30' }, '07/10/2024', '10/10/2024', '500000');
  const configured = 'Short straddle 09:20–15:15, configured for this backtest';
  await expect(backtests.rows.first()).toContainText(configured);
  await backtests.openNewestReport();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(configured);

  // The same engine as the saved bot's run: a straddle sold each backtested day at 09:20, real charges.
  await expect(backtests.figure('Trading days run')).toContainText(String(backtested.length));
  const trades = page.getByTestId('backtest-trade');
  await expect(trades).toHaveCount(backtested.length);
  for (const [n, { previous }] of backtested.entries()) {
    const strike = Math.round(previous / 50) * 50;
    const legs = trades.nth(n).getByRole('row').filter({ has: page.getByRole('rowheader') });
    await expect(legs).toHaveCount(2);
    for (const type of ['CE', 'PE']) {
      await expect(legs.filter({ has: page.getByRole('rowheader', { name: new RegExp(`${strike} ${type}$`) }) }).getByRole('cell').nth(0)).toHaveText('SELL');
    }
    await expect(trades.nth(n)).toContainText(/charges \u2068?₹[1-9][\d,.]*\u2069?, net/);
  }
  await expect(page.getByRole('region', { name: 'Compare with the bot’s record' })).toContainText('has no paper record to compare');

  // Save as a bot: a paper bot, paused, in the paper portfolio, with the fields backtested.
  await page.getByRole('button', { name: 'Save as a bot' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save as a paper bot' });
  await expect(dialog.getByLabel(/^Name/)).toHaveValue('Straddle tried here');
  await expect(dialog.getByLabel('Paper portfolio')).toHaveValue(String(user.portfolioId));
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved as the paper bot' })).toContainText('Straddle tried here');
  await expect(page.getByRole('button', { name: 'Save as a bot' })).toHaveCount(0);
  const saved = (await (await page.request.get(`/api/daily_bots/daily_bots/${user.portfolioId}/`, { headers })).json()) as {
    daily_bots: Array<{ name: string; mode: string; status: string; stop_loss_pct: number; entry_time: string; exit_time: string; weekdays: number[] }>;
  };
  expect(saved.daily_bots.filter((bot) => bot.name === 'Straddle tried here')).toEqual([
    expect.objectContaining({ mode: 'paper', status: 'paused', stop_loss_pct: 30, entry_time: '09:20', exit_time: '15:15', weekdays: [1, 2, 3, 4, 5] }),
  ]);
});

test('a bot whose entry is before the open backtests to no trade, and the report says why for each of its days', async ({ page }) => {
  test.setTimeout(180_000);
  const user = await signInReadyToTrade(page);
  // 08:06 is a time demo mode trades at; the exchange, and so a backtest, opens at 09:15.
  await saveStraddleBot(page, user, 'Early straddle', '08:06');
  const history = new MarketHistoryPage(page);
  await history.open();
  await history.importFiles(backtested.map(({ day, underlying, settle }) => udiffDay(day, ['2024-10-10', '2024-10-17'], underlying, settle)));
  await expect(history.uploads.filter({ hasText: 'Imported' })).toHaveCount(backtested.length);

  const backtests = new BacktestsPage(page);
  await backtests.open();
  // 1 to 10 October 2024: 2 October was Gandhi Jayanti, 7, 8 and 10 have history, the other weekdays none.
  await backtests.start('Early straddle', '01/10/2024', '10/10/2024', '500000');
  await backtests.openNewestReport();
  await expect(page.getByTestId('backtest-trade')).toHaveCount(0);
  const why = page.getByTestId('no-trade-days');
  await expect(why).toHaveAttribute('open', '');
  await expect(why.locator('summary')).toHaveText('8 days of the bot’s without a trade, and why');
  await expect(page.getByTestId('no-trade-counts').getByRole('listitem')).toHaveText([/^No history: \u2068?4\u2069? days$/, /^Holiday: \u2068?1\u2069? day$/, /^Before the open: \u2068?3\u2069? days$/]);
  const days = why.getByRole('listitem').filter({ hasNot: page.getByTestId('no-trade-counts') }).locator('xpath=self::li[parent::ol]');
  await expect(days).toHaveCount(8);
  const early = /The entry time 08:06 is before the exchange opens \(09:15–15:30 IST that day\)/;
  const noHistory = /A trading day without imported history for the index/;
  const expected: Array<[string, RegExp]> = [
    ['01 Oct 2024', noHistory],
    ['02 Oct 2024', /NSE was closed: Mahatma Gandhi Jayanti\./],
    ['03 Oct 2024', noHistory],
    ['04 Oct 2024', noHistory],
    ['07 Oct 2024', early],
    ['08 Oct 2024', early],
    ['09 Oct 2024', noHistory],
    ['10 Oct 2024', early],
  ];
  for (const [n, [date, reason]] of expected.entries()) {
    await expect(days.nth(n)).toContainText(date);
    await expect(days.nth(n)).toContainText(reason);
  }
});
