import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { BacktestsPage } from './pages/backtests-page';
import { MarketHistoryPage, type UploadFile } from './pages/market-history-page';
import { usePreferences } from './support/preferences';
import { signInReadyToTrade } from './support/trading';
import { lotSize, udiffDay } from './support/udiff-day';

// Issue 40 on the real server: a bot that buys the straddle when the 09:20 straddle's premium rises 50 % from its
// value then, backtested over a day of market history built for it, enters on the day and minute a hand
// computation says; and the bot form says its conditions in words (360 px, English and French, dark).

const day = '2024-10-16';
/** The index at the money all morning, then up 600 points on the 11:00 minute and there for the rest of the day. */
const before = 25000;
const after = 25600;
const jumpMinute = 11 * 60;

/** The day's NIFTY minutes (Kite's CSV layout): 09:15 to 15:29. */
function minutesFile(): UploadFile {
  const lines = ['date,open,high,low,close,volume'];
  for (let minute = 9 * 60 + 15; minute < 15 * 60 + 30; minute += 1) {
    const time = `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
    const open = minute <= jumpMinute ? before : after;
    const close = minute < jumpMinute ? before : after;
    lines.push(`${day} ${time}:00,${open},${Math.max(open, close)},${Math.min(open, close)},${close},0`);
  }
  return { name: `NIFTY_minute_${day}.csv`, mimeType: 'text/csv', buffer: Buffer.from(`${lines.join('\n')}\n`) };
}

/** The day's chain, every 50 points from 24,700 to 25,900: the settlement prices the modelled prices start from. */
function chain(): Record<number, [number, number]> {
  const settle: Record<number, [number, number]> = {};
  for (let strike = 24700; strike <= 25900; strike += 50) {
    const time = Math.max(10, 100 - Math.abs(strike - before) / 5);
    settle[strike] = [Math.max(0, before - strike) + time, Math.max(0, strike - before) + time];
  }
  return settle;
}

/** A locator's text without the isolation marks react-intl puts around each formatted value (U+2068, U+2069). */
const plain = async (locator: Locator) => ((await locator.textContent()) ?? '').replace(/[\u2068\u2069]/g, '');

async function saveConditionBot(page: Page, user: { token: string; portfolioId: number }, name: string): Promise<void> {
  const headers = { authorization: `Bearer ${user.token}` };
  const strategies = (await (await page.request.get('/api/base_strategies/base_strategies/', { headers })).json()) as { base_strategies: Array<{ id: number; slug: string }> };
  const straddle = strategies.base_strategies.find((strategy) => strategy.slug === 'long_straddle')!;
  const bot = await page.request.post(`/api/daily_bots/daily_bots/${user.portfolioId}/`, {
    headers,
    data: {
      portfolio_id: user.portfolioId,
      name,
      base_strategy: straddle.id,
      underlying: 'NIFTY',
      lots: 1,
      stop_loss_pct: 100,
      target_pct: 1000,
      params: { entry_condition: 'premium_rises', premium_move: 50, premium_move_unit: 'percent', condition_strikes_at: '09:20' },
      entry_time: '09:20',
      exit_time: '15:15',
      weekdays: [1, 2, 3, 4, 5],
    },
  });
  expect(bot.status(), await bot.text()).toBe(201);
}

test('a premium-condition bot enters in a backtest on the minute a hand computation says', async ({ page }) => {
  test.setTimeout(180_000);
  const user = await signInReadyToTrade(page);
  await saveConditionBot(page, user, 'Straddle breakout');

  const history = new MarketHistoryPage(page);
  await history.open();
  await history.importFiles([udiffDay(day, ['2024-10-17', '2024-10-24'], before, chain()), minutesFile()]);
  await expect(history.uploads.filter({ hasText: 'Imported' })).toHaveCount(2);

  const backtests = new BacktestsPage(page);
  await backtests.open();
  await backtests.start('Straddle breakout', '16/10/2024', '16/10/2024', '500000');
  await backtests.openNewestReport();

  // The hand computation. At 09:20 the index is 25,000: the straddle watched is the 25,000 call and put, worth
  // P then (modelled from their settlement prices, 100 each: P is some 200, and well under 400 with the day's six
  // hours of time value left). Until 11:00 the index does not move, so the straddle only loses time value: every
  // minute's premium is at most P, never 1.5 P. On the 11:00 minute the index closes at 25,600: the call alone is
  // worth at least its intrinsic 600 > 1.5 P. So the rise of 50 % is crossed on the 11:00 minute, which completes
  // at 11:01, when the engine enters: the at-the-money straddle then, 25,600, bought.
  const trades = page.getByTestId('backtest-trade');
  await expect(trades).toHaveCount(1);
  const trade = trades.first();
  await expect(trade).toContainText(/16 Oct 2024, 11:01/);
  const legs = trade.getByRole('row').filter({ has: page.getByRole('rowheader') });
  await expect(legs).toHaveCount(2);
  for (const type of ['CE', 'PE']) {
    const leg = legs.filter({ has: page.getByRole('rowheader', { name: new RegExp(`${after} ${type}$`) }) });
    await expect(leg.getByRole('cell').nth(0)).toHaveText('BUY');
    await expect(leg.getByRole('cell').nth(1)).toHaveText(new RegExp(`^\u2068?${lotSize}\u2069?$`));
  }
  await expect(trade).toContainText(/Closed by \u2068?Exit time\u2069?/);
});

test('the bot form says the conditions, product and points in words, in English and French, at 360 px and dark', async ({ page }) => {
  test.setTimeout(120_000);
  await signInReadyToTrade(page);
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto('/app/portfolio');
  await page.getByRole('tab', { name: /^Daily bots/ }).click();
  await page.getByRole('button', { name: /new daily bot|create a bot from a base strategy/i }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Base strategy').selectOption({ label: 'Short straddle' });
  await dialog.getByLabel('Enter when').selectOption({ label: 'Straddle premium falls' });
  await dialog.getByLabel('Exit when').selectOption({ label: 'Premium crosses above its VWAP' });
  await dialog.getByLabel('Product').selectOption({ label: 'Intraday (MIS)' });
  await dialog.getByLabel('Stop-loss and target in').selectOption({ label: 'Points' });
  const summary = dialog.getByTestId('condition-summary');
  await expect.poll(() => plain(summary)).toContain('Enters on the first completed minute, from its entry time on, that the straddle fixed at 09:20 falls 20 % below its premium at 09:20.');
  await expect.poll(() => plain(summary)).toContain('Exits when the premium of the straddle fixed at 09:20 crosses above its VWAP.');
  await expect.poll(() => plain(summary)).toContain('Paper trading on the simulator and modelled backtest days have no volume');
  await expect.poll(() => plain(summary)).toContain('MIS: the bot exits a minute before the broker squares MIS positions off');
  await expect.poll(() => plain(summary)).toContain('Stop-loss 30 points and target 60 points');
  await dialog.getByLabel('Premium move', { exact: true }).fill('35');
  await dialog.getByLabel('Move in').selectOption({ label: 'Points' });
  await expect.poll(() => plain(summary)).toContain('falls 35 points below its premium at 09:20');
  // Nothing wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await summary.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/bot-conditions/en-360.png' });

  await usePreferences(page, { locale: 'fr', theme: 'dark', direction: 'ltr' });
  await page.reload();
  await page.getByRole('tab', { name: /^Bots quotidiens/ }).click();
  await page.getByRole('button', { name: /nouveau bot quotidien|créez un bot à partir/i }).first().click();
  const frDialog = page.getByRole('dialog');
  await frDialog.getByLabel('Stratégie de base').selectOption({ index: 1 });
  await frDialog.getByLabel('Entrer quand').selectOption({ label: 'La prime du straddle baisse' });
  await frDialog.getByLabel('Produit').selectOption({ label: 'Intrajournalier (MIS)' });
  const frSummary = frDialog.getByTestId('condition-summary');
  await expect.poll(() => plain(frSummary)).toContain('Entre à la première minute terminée, à partir de son heure d’entrée, où le straddle fixé à 09:20 baisse de 20');
  await expect.poll(() => plain(frSummary)).toContain('MIS : le bot sort une minute avant que le courtier solde les positions MIS');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await frSummary.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/bot-conditions/fr-dark-360.png' });
});
