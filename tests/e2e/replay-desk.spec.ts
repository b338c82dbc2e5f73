import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { MarketHistoryPage } from './pages/market-history-page';
import { usePreferences } from './support/preferences';
import { screenshotAt } from './support/screenshots';
import { signInReadyToTrade, type TradingUser } from './support/trading';

// Issue 39's replay desk, finished: a saved bot run in a replay of 8 July 2024 (the parsers' fixture bhavcopy and
// NIFTY minutes), watched as the replayed clock passes its entry, its report at the close, and found again after
// a reload; and every trading screen marked "Replay · <date> <time>" in the replay's violet, never paper or live,
// at 360 and 1280 px, in English and French. Screenshots in test-results/replay-desk/.
const fixtures = new URL('../server/history/fixtures/', import.meta.url);
const fixture = (name: string, mimeType = 'text/csv') => ({ name, mimeType, buffer: readFileSync(new URL(name, fixtures)) });
const shots = 'test-results/replay-desk';
const day = '2024-07-08';
/** "Replay · 08 Jul 2024 10:00" (French: "08/07/2024"), the date and time isolated for right-to-left text. */
const mark = (time: string) => new RegExp(`Replay · \\W?(08 Jul 2024|08/07/2024)\\W? \\W?${time}`);

/** Imports 8 July 2024 into market history unless another test already did (the server is shared). */
async function ensureDay(page: Page, user: TradingUser): Promise<void> {
  const days = await page.request.get('/api/replays/days/?index=NIFTY', { headers: { authorization: `Bearer ${user.token}` } });
  if (((await days.json()) as { days: Array<{ day: string }> }).days.some((listed) => listed.day === day)) return;
  const history = new MarketHistoryPage(page);
  await history.open();
  await history.importFiles([fixture('BhavCopy_NSE_FO_0_0_0_20240708_F_0000.csv.zip', 'application/zip'), fixture('NIFTY_minute_2024-07-08.csv')]);
  await expect(history.uploads.filter({ hasText: 'Imported' })).toHaveCount(2);
}

/** A paper short straddle daily bot on NIFTY entering at 09:20 (1 lot, SL 30 %, target 50 %, exit 15:15). */
async function saveStraddleBot(page: Page, user: TradingUser, name: string): Promise<void> {
  const headers = { authorization: `Bearer ${user.token}` };
  const strategies = (await (await page.request.get('/api/base_strategies/base_strategies/', { headers })).json()) as { base_strategies: Array<{ id: number; slug: string }> };
  const straddle = strategies.base_strategies.find((strategy) => strategy.slug === 'short_straddle')!;
  const bot = await page.request.post(`/api/daily_bots/daily_bots/${user.portfolioId}/`, {
    headers,
    data: { portfolio_id: user.portfolioId, name, base_strategy: straddle.id, underlying: 'NIFTY', lots: 1, stop_loss_pct: 30, target_pct: 50, params: {}, entry_time: '09:20', exit_time: '15:15', weekdays: [1, 2, 3, 4, 5] },
  });
  expect(bot.status()).toBe(201);
}

test('runs a saved bot in a replay: watched on the desk as the replayed clock runs, its report at the close, after a reload too', async ({ page }) => {
  test.setTimeout(300_000);
  const user = await signInReadyToTrade(page);
  await saveStraddleBot(page, user, 'Replay straddle');
  await ensureDay(page, user);

  await page.goto('/app/dashboards/live-trade');
  await page.getByRole('button', { name: 'Replay a day' }).click();
  const start = page.getByRole('dialog', { name: 'Replay a past day' });
  await start.getByLabel('Day').selectOption(`NIFTY/${day}`);
  await start.getByLabel('Start at (IST)').fill('09:15');
  await start.getByRole('button', { name: 'Start the replay' }).click();
  const bar = page.getByRole('region', { name: 'Replay controls' });
  await expect(bar).toContainText(mark('09:15'));

  // The replay's book opens with its first read (seconds on a loaded machine).
  await expect(page.getByRole('button', { name: /modelled, trade NIFTY/ }).first()).toBeVisible({ timeout: 60_000 });
  const panel = page.getByRole('region', { name: 'Bot in this replay' });
  await panel.getByRole('button', { name: 'Run a bot' }).click({ timeout: 60_000 });
  const choose = page.getByRole('dialog', { name: 'Run a bot in the replay' });
  await choose.getByLabel('Bot', { exact: true }).selectOption({ label: 'Replay straddle (NIFTY, Desk portfolio)' }, { timeout: 60_000 });
  await choose.getByRole('button', { name: 'Run it in the replay' }).click();
  await expect(choose).toBeHidden({ timeout: 30_000 });
  await expect(panel).toContainText('Bot · RB1');
  await expect(panel).toContainText('Replay straddle · NIFTY');
  await expect(panel).toContainText(/Running since the replayed \W?09:15/);

  // The replayed clock passes 09:20: the bot enters its straddle, on its own account, shown as the bot's.
  await bar.getByLabel('Go to (IST)').fill('10:00');
  await bar.getByRole('button', { name: 'Go', exact: true }).click();
  await expect(bar).toContainText(mark('10:00'));
  const log = panel.getByRole('region', { name: 'The bot’s log' });
  await expect(log).toContainText(/Entered \W?09:20/, { timeout: 30_000 });
  const legs = panel.getByRole('region', { name: 'The bot’s positions' });
  await expect(legs.getByText(/^NIFTY 11 Jul \d+ CE$/)).toBeVisible();
  await expect(legs.getByText(/^NIFTY 11 Jul \d+ PE$/)).toBeVisible();
  // The trader's own book (RP1) holds none of the bot's legs.
  await expect(page.getByRole('region', { name: 'Positions', exact: true }).getByText(/NIFTY24711|NIFTY 11 Jul/)).toHaveCount(0);

  // The desk with the bot running, as the trader sees it: wide and on a phone, dark and right to left.
  await screenshotAt(page, 1280, `${shots}/bot-1280-light.png`, panel);
  await usePreferences(page, { locale: 'en', theme: 'dark', direction: 'rtl' });
  await page.reload();
  await expect(log).toContainText(/Entered \W?09:20/, { timeout: 30_000 });
  await screenshotAt(page, 1280, `${shots}/bot-1280-dark-rtl.png`, panel);
  await screenshotAt(page, 360, `${shots}/bot-360-dark-rtl.png`, panel);
  await screenshotAt(page, 360, `${shots}/bar-360-dark-rtl.png`, bar);
  await usePreferences(page, { locale: 'en', theme: 'light', direction: 'ltr' });
  await page.reload();
  await page.setViewportSize({ width: 1280, height: 900 });

  // The close: the report is the backtest's of the day, and a reload finds it as it was.
  await bar.getByLabel('Go to (IST)').fill('15:30');
  await bar.getByRole('button', { name: 'Go', exact: true }).click();
  await expect(panel).toContainText('The replayed day has closed: this is the backtest of the day, to the paisa.', { timeout: 60_000 });
  await expect(panel.getByRole('heading', { name: 'Figures' })).toBeVisible();
  await expect(log).toContainText(/Exited \W?15:15/);
  await page.reload();
  await expect(panel).toContainText('The replayed day has closed: this is the backtest of the day, to the paisa.', { timeout: 30_000 });
  await expect(panel).toContainText('Replay straddle · NIFTY');
  await screenshotAt(page, 1280, `${shots}/report-1280.png`, panel.getByRole('heading', { name: 'Figures' }));
});

/** The trading screens: each one, during a replay, says it in words and violet, and nothing on it says paper or live. */
const screens = [
  { path: '/app/dashboards/live-trade', name: 'desk' },
  { path: '/app/position', name: 'positions' },
  { path: '/app/position_book', name: 'position-book' },
  { path: '/app/order_book', name: 'order-book' },
  { path: '/app/strategy-builder', name: 'builder' },
  { path: '/app/trading_view_chart', name: 'chart' },
];

for (const locale of ['en', 'fr'] as const) {
  test(`marks every trading screen as a replay at 360 and 1280 px, never paper or live (${locale})`, async ({ page }) => {
    test.setTimeout(300_000);
    const user = await signInReadyToTrade(page);
    await ensureDay(page, user);
    const started = await page.request.post('/api/replays/', {
      headers: { authorization: `Bearer ${user.token}` },
      data: { index: 'NIFTY', day, start: '10:00', replace: true },
    });
    expect(started.status()).toBe(201);
    await page.goto('/app/dashboards/live-trade');
    await usePreferences(page, { locale, theme: 'light', direction: 'ltr' });
    const modeWords = locale === 'en' ? /^(Paper|Live)$/ : /^(Simulé|Réel)$/;
    const region = locale === 'en' ? 'Replay controls' : 'Commandes du replay';

    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: 900 });
      for (const screen of screens) {
        await page.goto(screen.path);
        const bar = page.getByRole('region', { name: region });
        await expect(bar, `${screen.name} at ${width}`).toContainText(mark('10:00'), { timeout: 30_000 });
        // The screen's own content says it too, not only the bar above it.
        const own = page.locator('main [data-trading-mode="replay"]').filter({ visible: true }).first();
        await expect(own, `${screen.name} at ${width}: a mark in the screen`).toBeVisible();
        // In colour: the replay's violet, the bar's mark filled with it.
        const colours = await bar.locator('[data-trading-mode="replay"]').first().evaluate((element) => {
          const probe = document.createElement('span');
          probe.className = 'bg-replay';
          document.body.append(probe);
          const violet = getComputedStyle(probe).backgroundColor;
          probe.remove();
          return { mark: getComputedStyle(element).backgroundColor, violet };
        });
        expect(colours.mark, `${screen.name} at ${width}`).toBe(colours.violet);
        await expect(page.locator('[data-trading-mode="paper"], [data-trading-mode="live"]').filter({ visible: true }), `${screen.name} at ${width}`).toHaveCount(0);
        await expect(page.getByText(modeWords).filter({ visible: true }), `${screen.name} at ${width}`).toHaveCount(0);
        // The builder builds on the replayed day: its expiries are that day's, never today's. They wait for the
        // replay's book, which starts in a worker thread at a lower priority than the browsers beside it (30 s).
        if (screen.name === 'builder') await expect(page.getByLabel(locale === 'en' ? 'Expiry' : 'Échéance', { exact: true })).toHaveValue('2024-07-11', { timeout: 30_000 });
        if (width === 360) await page.screenshot({ path: `${shots}/${screen.name}-360-${locale}.png` });
      }
    }
  });
}
