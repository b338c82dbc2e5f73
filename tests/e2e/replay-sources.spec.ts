import { expect, test } from './support/test';
import { MarketHistoryPage } from './pages/market-history-page';
import { usePreferences } from './support/preferences';
import { replayWords, startReplay, tradeOnce } from './support/replay-day';
import { signInReadyToTrade } from './support/trading';
import { udiffDay } from './support/udiff-day';

// Issue 62, "Could not be tried": on a fresh server with no broker, Replay starts on a day of an imported NSE
// bhavcopy and index close file (no index minutes: its index modelled from the day's open, high, low and close,
// said so), and on the sample day StrikeDesk ships (said a sample). In each an order is placed and squared off. At
// 1280 in English and at 360 in French. A day the demo market recorded is replayed in demo-evening-charts.spec.ts,
// on a demo server of its own: on the suite's server the Kite and Upstox specs' live feeds record minutes of the
// same day, and a day holding real minutes is history's, not the simulator's (replay-days.ts).
const day = '2024-11-06';
const ohlc = { open: 24_250, high: 24_420, low: 24_180, close: 24_300 };

/** NSE's index close file of the day (the parsers' fixture's layout), NIFTY 50 on `ohlc`. */
function indexCloseFile() {
  const header = 'Index Name,Index Date,Open Index Value,High Index Value,Low Index Value,Closing Index Value,Points Change,Change(%),Volume,Turnover (Rs. Cr.),P/E,P/B,Div Yield';
  const row = `Nifty 50,06-11-2024,${ohlc.open.toFixed(2)},${ohlc.high.toFixed(2)},${ohlc.low.toFixed(2)},${ohlc.close.toFixed(2)},0.00,0.00,271459512,27245.13,23.19,4.12,1.14`;
  return { name: 'ind_close_all_06112024.csv', mimeType: 'text/csv', buffer: Buffer.from(`${header}\n${row}\n`) };
}

const en = replayWords.en;

test('replays an imported bhavcopy day, an order placed and squared off, at 1280 in English', async ({ page }) => {
  test.setTimeout(420_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInReadyToTrade(page);
  const history = new MarketHistoryPage(page);
  await history.open();
  await history.importFiles([udiffDay(day, ['2024-11-07', '2024-11-14'], ohlc.close, { 24200: [150, 50], 24300: [90, 90], 24400: [50, 150] }), indexCloseFile()]);
  await expect(history.uploads.filter({ hasText: 'Imported' })).toHaveCount(2);

  // The bhavcopy day: its index along the path through its open, low, high and close, said in the picker and on the bar.
  await startReplay(page, en.dialog, { value: `NIFTY/${day}`, hasText: /index modelled from the day’s open, high, low and close/ });
  const bar = page.getByRole('region', { name: 'Replay controls' });
  await expect(bar).toContainText('The index is modelled from the day’s open, high, low and close');
  await tradeOnce(page, /modelled, trade NIFTY24N07\d+(CE|PE)$/, en.trade);
  await bar.getByRole('button', { name: 'End replay' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'End replay' }).click();
  await expect(bar).toHaveCount(0);
});

test('replays the sample day at 360 in French, said to be no market data, an order placed and squared off', async ({ page }) => {
  test.setTimeout(420_000);
  await page.setViewportSize({ width: 360, height: 800 });
  await signInReadyToTrade(page);
  await usePreferences(page, { locale: 'fr', theme: 'light', direction: 'ltr' });
  const { dialog, trade } = replayWords.fr;

  await startReplay(page, dialog, { value: 'NIFTY/2025-07-16', hasText: /exemple livré avec StrikeDesk, pas des données de marché/ });
  const bar = page.getByRole('region', { name: 'Commandes du replay' });
  await expect(bar).toContainText('Une journée d’exemple livrée avec StrikeDesk');
  await tradeOnce(page, /modélisé, traiter NIFTY/, trade);
  await bar.getByRole('button', { name: 'Terminer le replay' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Terminer le replay' }).click();
  await expect(bar).toHaveCount(0);
});
