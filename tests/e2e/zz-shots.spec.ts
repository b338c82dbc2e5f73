import { readFileSync } from 'node:fs';
import { test } from '@playwright/test';
import { usePreferences } from './support/preferences';
import { signInReadyToTrade } from './support/trading';
import { doneBacktest } from '../unit/features/backtests/backtest-fixtures';

const fixtures = new URL('../server/history/fixtures/', import.meta.url);

test('shots', async ({ page }) => {
  test.setTimeout(300_000);
  const user = await signInReadyToTrade(page);
  for (const name of ['BhavCopy_NSE_FO_0_0_0_20240708_F_0000.csv.zip', 'fo05JUL2024bhav.csv', 'NIFTY_minute_2024-07-08.csv']) {
    await page.request.post('/api/market-history/imports/', { headers: { authorization: `Bearer ${user.token}` }, multipart: { files: { name, mimeType: 'application/octet-stream', buffer: readFileSync(new URL(name, fixtures)) } } });
  }
  const running = { ...doneBacktest, id: 8, status: 'running', progress: 0.42, summary: null, trades: [], equity: [], daily: [] };
  const many = { ...doneBacktest, daily: Array.from({ length: 40 }, (_, i) => { const d = new Date(Date.UTC(2024, 6, 1 + i)); return d.getUTCDay() % 6 === 0 ? null : { date: d.toISOString().slice(0, 10), pnl: Math.round(Math.sin(i) * 300000) / 100 }; }).filter(Boolean) };
  let eq = 500000, peak = 500000;
  (many as any).equity = (many.daily as any[]).map((d) => { eq += d.pnl; peak = Math.max(peak, eq); return { date: d.date, equity: eq, drawdown: peak - eq }; });
  await page.route('**/api/backtests/', (route) => route.fulfill({ json: { backtests: [running, { ...doneBacktest, trades: [], equity: [], daily: [] }] } }));
  await page.route('**/api/backtests/7/', (route) => route.fulfill({ json: { backtest: many } }));
  await page.route('**/api/bots/runs/daily/11/', (route) => route.fulfill({ json: { bot: { kind: 'daily', id: 11, name: 'Morning straddle' }, runs: [{ trading_day: '2024-07-10', state: 'exited', reason: null, entries: 1, pnl: 900.25, actions: [] }, { trading_day: '2024-07-09', state: 'exited', reason: null, entries: 1, pnl: -1200, actions: [] }] } }));
  for (const locale of ['en', 'fr'] as const) {
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/app/dashboards/default');
      await usePreferences(page, { locale, theme: 'dark', direction: 'ltr' });
      for (const [path, name] of [['/app/market_history', 'history'], ['/app/backtests', 'backtests'], ['/app/backtests/7', 'report']] as const) {
        await page.goto(path);
        await page.waitForTimeout(2500);
        await page.screenshot({ path: `/tmp/shot-${name}-${locale}-${width}.png`, fullPage: true });
      }
    }
  }
});
