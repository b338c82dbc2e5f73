import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { BacktestsPage } from './pages/backtests-page';
import { MarketHistoryPage, type UploadFile } from './pages/market-history-page';
import { signInReadyToTrade } from './support/trading';

// Issue 25's story on the real server: import the parsers' fixture files, backtest a saved daily bot over
// those days, read its report, and put it beside the bot's paper record.

const fixtures = new URL('../server/history/fixtures/', import.meta.url);
const fixture = (name: string, mimeType = 'text/csv'): UploadFile => ({ name, mimeType, buffer: readFileSync(new URL(name, fixtures)) });

test('imports fixtures, backtests a daily bot over them, reads the report and compares it with paper', async ({ page }) => {
  test.setTimeout(180_000);
  const user = await signInReadyToTrade(page);
  const headers = { authorization: `Bearer ${user.token}` };
  const strategies = (await (await page.request.get('/api/base_strategies/base_strategies/', { headers })).json()) as { base_strategies: Array<{ id: number; slug: string }> };
  const straddle = strategies.base_strategies.find((strategy) => strategy.slug === 'short_straddle')!;
  const bot = await page.request.post(`/api/daily_bots/daily_bots/${user.portfolioId}/`, {
    headers,
    data: { portfolio_id: user.portfolioId, name: 'Fixture straddle', base_strategy: straddle.id, underlying: 'NIFTY', lots: 1, stop_loss_pct: 30, target_pct: 50, params: {}, entry_time: '09:20', exit_time: '15:15', weekdays: [1, 2, 3, 4, 5] },
  });
  expect(bot.status()).toBe(201);

  const history = new MarketHistoryPage(page);
  await history.open();
  await history.importFiles([fixture('fo05JUL2024bhav.csv'), fixture('BhavCopy_NSE_FO_0_0_0_20240708_F_0000.csv.zip', 'application/zip'), fixture('NIFTY_minute_2024-07-08.csv')]);
  await expect(history.uploads.filter({ hasText: 'Imported' })).toHaveCount(3);

  const backtests = new BacktestsPage(page);
  await backtests.open();
  await backtests.start('Fixture straddle', '05/07/2024', '08/07/2024', '500000');
  await expect(backtests.rows.first()).toContainText('Fixture straddle');
  await backtests.openNewestReport();

  await expect(backtests.figure('Net P&L after charges')).toContainText('₹');
  await expect(backtests.figure('Prices modelled')).toContainText('%');
  await expect(page.getByTestId('backtest-trade').first()).toContainText('Closed by');
  await expect(page.getByTestId('calendar-month').first()).toContainText('July 2024');
  // The bot has no paper day in July 2024: compare says they share none, rather than inventing figures.
  await expect(page.getByRole('region', { name: 'Compare with the bot’s record' })).toContainText(/share no day|both cover/);
});
