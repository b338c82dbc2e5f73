import { black76Price } from '../../quant/black76';
import { exchangeIvRate } from '../../quant/exchange-volatility';
import { forwardFromSpot, yearsToExpiry } from '../../quant/option-inputs';
import { expect, test } from './support/test';
import { MarketHistoryPage } from './pages/market-history-page';
import { usePreferences } from './support/preferences';
import { signInReadyToTrade } from './support/trading';
import { stockUdiffFile } from './support/stock-udiff';
import { pickUnderlying } from './support/underlying-search';

// Issue 40's implied volatility charts through the real screens: three days of NIFTY bhavcopies (UDiFF), their
// near-month settlements priced at 13, 12 and 14.5 % as NSE's chain reads IV, imported in Market history; then the
// Volatility screen read on the last of them at 1280 px in English (the settlement's ATM IV, the smile against the
// day before, the source), and at 360 px in French, dark, and in RTL, photographed (test-results/volatility/).

const days: [string, number][] = [
  ['2026-11-03', 0.13],
  ['2026-11-04', 0.12],
  ['2026-11-05', 0.145],
];
/**
 * The far expiry is the last Tuesday (NIFTY's monthly expiry) of the month after next by the suite's clock (the
 * shared server's too), so the IV alert set on it is on an expiry that is not over on any day the suite runs.
 */
function farExpiry(now: Date): string {
  const lastDay = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 3, 0));
  lastDay.setUTCDate(lastDay.getUTCDate() - ((lastDay.getUTCDay() + 5) % 7));
  return lastDay.toISOString().slice(0, 10);
}
const far = farExpiry(new Date());
/** "26 Jan 2027", as the screens write a day in English (September may read Sep or Sept). */
const farInWords = (() => {
  const [year, month, day] = far.split('-');
  const name = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept?', 'Oct', 'Nov', 'Dec'][Number(month) - 1]!;
  return `\u2068?${day} ${name} ${year}\u2069?`;
})();
const expiries = ['2026-11-24', far];
const spot = 24_010;
const header =
  'TradDt,BizDt,Sgmt,Src,FinInstrmTp,FinInstrmId,ISIN,TckrSymb,SctySrs,XpryDt,FininstrmActlXpryDt,StrkPric,OptnTp,FinInstrmNm,OpnPric,HghPric,LwPric,ClsPric,LastPric,PrvsClsgPric,UndrlygPric,SttlmPric,OpnIntrst,ChngInOpnIntrst,TtlTradgVol,TtlTrfVal,TtlNbOfTxsExctd,SsnId,NewBrdLotQty,Rmks,Rsvd1,Rsvd2,Rsvd3,Rsvd4';

/** A day's UDiFF bhavcopy of NIFTY options: strikes 23,500 to 24,500, each priced at σ (smiling away from the money). */
function bhavcopy(day: string, volatility: number) {
  const lines = [header];
  let id = 40_000;
  for (const expiry of expiries) {
    const years = yearsToExpiry(Date.parse(`${day}T15:30:00+05:30`), Date.parse(`${expiry}T15:30:00+05:30`));
    for (let strike = 23_500; strike <= 24_500; strike += 100) {
      for (const type of ['CE', 'PE'] as const) {
        const sigma = volatility + Math.abs(strike - spot) * 0.00002;
        const price = black76Price({ kind: type, forward: forwardFromSpot(spot, exchangeIvRate, years), strike, years, rate: exchangeIvRate, volatility: sigma });
        const settle = (Math.round(price * 20) / 20).toFixed(2);
        id += 1;
        lines.push(
          `${day},${day},FO,NSE,IDO,${id},,NIFTY,,${expiry},${expiry},${strike}.00,${type},NIFTY${strike}${type},${settle},${settle},${settle},${settle},${settle},${settle},${spot}.00,${settle},750000,0,1000,1000000.00,100,F1,75,,,,,`,
        );
      }
    }
  }
  const name = `BhavCopy_NSE_FO_0_0_0_${day.replace(/-/g, '')}_F_0000.csv`;
  return { name, mimeType: 'text/csv', buffer: Buffer.from(`${lines.join('\n')}\n`) };
}

test('charts ATM IV, its standing and the smile from imported bhavcopies, in en and fr, wide, on a phone, dark and RTL', async ({ page }) => {
  test.setTimeout(180_000);
  await signInReadyToTrade(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  const history = new MarketHistoryPage(page);
  await history.open();
  const files = days.map(([day, volatility]) => bhavcopy(day, volatility));
  await history.importFiles(files);
  for (const file of files) await expect(history.upload(file.name)).toContainText('Imported: 1 day');

  // From the menu (under More where the row is full).
  await page.goto('/app/volatility?index=NIFTY');
  await expect(page.getByRole('heading', { level: 1, name: 'Implied volatility' })).toBeVisible();
  await page.getByTestId('iv-pickers').getByLabel('Day', { exact: true }).selectOption('2026-11-05');
  await page.getByTestId('iv-pickers').getByLabel('Expiry', { exact: true }).selectOption('2026-11-24');
  // The near-month settlement's ATM IV: the 24,000 call and put priced at 14.5 % (+ 0.2 for the 10-point smile).
  await expect(page.getByTestId('iv-day-settlement')).toContainText(/At the close \(bhavcopy settlement\): \u2068?14\.52\u2069? % at the \u2068?24,000\u2069? strike/);
  await expect(page.getByTestId('iv-day-source')).toContainText('Source: NSE bhavcopy, imported (end of day)');
  await expect(page.getByTestId('iv-day-last')).toHaveCount(0); // no minute prices of that day: no intraday line
  await expect(page.getByTestId('iv-smile-now')).toContainText('NSE bhavcopy, imported (end of day)');
  await expect(page.getByTestId('iv-smile-earlier')).toContainText(/0?4 Nov 2026/);
  await expect(page.getByTestId('iv-smile-chart').locator('canvas').first()).toBeVisible();
  await expect(page.getByTestId('iv-standing')).toBeVisible();
  await expect(page.getByTestId('iv-history-chart').locator('canvas').first()).toBeVisible();
  await page.screenshot({ path: 'test-results/volatility/en-light-1280.png', fullPage: true });

  // No IV alert on November's expiry, over by the suite's clock: the button is disabled with the reason.
  await expect(page.getByRole('button', { name: 'Set an IV alert' })).toBeDisabled();
  await expect(page.getByTestId('condition-alert-over')).toContainText('This expiry is over');
  // An IV alert from the IV chart (issue 40) on the far expiry: listed under the price alerts with its rule, then
  // back to the chart.
  await page.getByTestId('iv-pickers').getByLabel('Expiry', { exact: true }).selectOption(far);
  await page.getByRole('button', { name: 'Set an IV alert' }).click();
  const ivForm = page.getByRole('dialog', { name: 'Alert on this ATM IV' });
  await expect(ivForm).toContainText(new RegExp(`NIFTY ${farInWords} expiry`));
  await expect(ivForm.getByLabel('Alert me when')).toHaveValue('iv_crosses_above');
  await ivForm.getByLabel('IV level (%)').fill('18.5');
  await ivForm.getByRole('button', { name: 'Create alert' }).click();
  await expect(ivForm).toBeHidden();
  await page.goto('/app/strategy_alerts?view=price');
  await expect(page.getByTestId('condition-alert')).toHaveCount(1);
  await expect(page.getByTestId('condition-alert')).toContainText(new RegExp(`^NIFTY ${farInWords} expiry: ATM IV crosses above 18\\.5 %`));
  await expect(page.getByTestId('condition-alert').getByRole('link', { name: 'Open its chart' })).toHaveAttribute('href', new RegExp(`/app/volatility\\?index=NIFTY.*expiry=${far}`));
  await page.goto('/app/volatility?index=NIFTY');

  await usePreferences(page, { locale: 'fr', theme: 'dark', direction: 'ltr' });
  await page.setViewportSize({ width: 360, height: 740 });
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Volatilité implicite' })).toBeVisible();
  await page.getByTestId('iv-pickers').getByLabel('Jour', { exact: true }).selectOption('2026-11-05');
  await page.getByTestId('iv-pickers').getByLabel('Échéance', { exact: true }).selectOption('2026-11-24');
  await expect(page.getByTestId('iv-day-settlement')).toContainText(/À la clôture \(prix de règlement de la bhavcopy\) : \u2068?14,52\u2069?\s%/);
  await expect(page.getByTestId('iv-smile-chart').locator('canvas').first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.screenshot({ path: 'test-results/volatility/fr-dark-360.png', fullPage: true });
  // The IV alert's form, French, dark, at 360 px (photographed; closed without creating), on the far expiry.
  await page.getByTestId('iv-pickers').getByLabel('Échéance', { exact: true }).selectOption(far);
  await page.getByRole('button', { name: 'Créer une alerte d’IV' }).click();
  await expect(page.getByRole('dialog', { name: 'Alerte sur cette IV ATM' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.screenshot({ path: 'test-results/volatility/iv-alert-form-fr-dark-360.png' });
  await page.keyboard.press('Escape');

  await usePreferences(page, { locale: 'en', theme: 'dark', direction: 'rtl' });
  await page.reload();
  await page.getByTestId('iv-pickers').getByLabel('Day', { exact: true }).selectOption('2026-11-05');
  await expect(page.getByTestId('iv-day-settlement')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.screenshot({ path: 'test-results/volatility/en-dark-rtl-360.png', fullPage: true });
  await page.getByTestId('iv-pickers').getByLabel('Expiry', { exact: true }).selectOption(far);
  await page.getByRole('button', { name: 'Set an IV alert' }).click();
  await expect(page.getByRole('dialog', { name: 'Alert on this ATM IV' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.screenshot({ path: 'test-results/volatility/iv-alert-form-en-dark-rtl-360.png' });
  await page.keyboard.press('Escape');

  // Participants in RTL too (issue 40's loose end): photographed for a look.
  await page.goto('/app/participants');
  await expect(page.getByRole('heading', { level: 1, name: 'Participants' })).toBeVisible();
  await page.screenshot({ path: 'test-results/volatility/participants-rtl-360.png', fullPage: true });
});

// Issue 63: a stock's IV from its imported bhavcopies, picked in the screen's search box (any index or F&O stock):
// two January 2026 days of RELIANCE, its January options priced at 22 % and 25 %, with its three futures months;
// the settlement's ATM IV read back, the note that a stock is read at each day's close, no IV alert (the recorder
// keeps no stock minutes); then its rollover under the chain's futures strip, in French, dark, at 360 px.
test('charts a stock’s IV picked in the search box and shows its rollover under the chain, in en and fr, at 360 px dark', async ({ page }) => {
  test.setTimeout(180_000);
  await signInReadyToTrade(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  // January 2026, after the other specs' RELIANCE days (market-history.spec's 1 Dec 2025), so these are the latest.
  const near = '2026-01-27';
  const stockDays = [
    { day: '2026-01-19', spot: 1420, sigma: 0.22, futures: [[near, 1424, 150_000_000, -5_000_000], ['2026-02-24', 1432, 30_000_000, 4_000_000], ['2026-03-31', 1440.5, 2_000_000, 100_000]] },
    { day: '2026-01-20', spot: 1425, sigma: 0.25, futures: [[near, 1427, 120_000_000, -30_000_000], ['2026-02-24', 1436, 60_000_000, 30_000_000], ['2026-03-31', 1444, 3_000_000, 1_000_000]] },
  ] as const;
  const files = stockDays.map(({ day, spot: level, sigma, futures }) =>
    stockUdiffFile({ day, symbol: 'RELIANCE', spot: level, lot: 500, futures, options: { expiry: near, strikes: [1380, 1400, 1420, 1440, 1460], sigma } }),
  );
  const history = new MarketHistoryPage(page);
  await history.open();
  await history.importFiles(files);
  for (const file of files) await expect(history.upload(file.name)).toContainText('Imported: 1 day');

  await page.goto('/app/volatility');
  await expect(page.getByRole('heading', { level: 1, name: 'Implied volatility' })).toBeVisible();
  const search = page.getByTestId('iv-pickers').getByRole('combobox', { name: 'Underlying' });
  await pickUnderlying(page, search, 'RELIANCE', /^RELIANCE/);
  // The last bhavcopy day, picked: the shared server records RELIANCE's minutes today whenever another spec watched it,
  // and the latest day is then today's.
  const dayPicker = page.getByTestId('iv-pickers').getByLabel('Day', { exact: true });
  await expect(dayPicker.locator('option[value="2026-01-20"]')).toHaveCount(1);
  await dayPicker.selectOption('2026-01-20');
  await expect(page.getByTestId('iv-stock-note')).toContainText('RELIANCE is a stock: its IVs are read at each day\'s close from its imported bhavcopies');
  // The last day's near-month settlement at the 1,420 strike (the nearest to 1,425, the lower of two as near), priced at 25 %.
  await expect(page.getByTestId('iv-day-settlement')).toContainText(/At the close \(bhavcopy settlement\): \u2068?25\.0\d\u2069? % at the \u2068?1,420\u2069? strike, spot \u2068?1,4\d\d\.\d\d\u2069?\./);
  await expect(page.getByTestId('iv-smile-chart').locator('canvas').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Set an IV alert' })).toHaveCount(0);
  await page.screenshot({ path: 'test-results/volatility/stock-en-1280.png', fullPage: true });

  await usePreferences(page, { locale: 'fr', theme: 'dark', direction: 'ltr' });
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/app/volatility?index=RELIANCE');
  await page.getByTestId('iv-pickers').getByLabel('Jour', { exact: true }).selectOption('2026-01-20');
  await expect(page.getByTestId('iv-stock-note')).toContainText('RELIANCE est une action');
  await expect(page.getByTestId('iv-day-settlement')).toContainText(/25,0\d\u2069?\s%.*au strike \u2068?1\s420\u2069?, cours \u2068?1\s4/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.screenshot({ path: 'test-results/volatility/stock-fr-dark-360.png', fullPage: true });

  // The rollover of RELIANCE's January futures, under its chain's futures strip: the last day first.
  // Picked on a laptop's chain (a phone's pickers are in a sheet), then read on the phone.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/app/dashboards/live-trade');
  const chainSearch = page.getByRole('combobox', { name: 'Sous-jacent' });
  await pickUnderlying(page, chainSearch, 'RELIANCE', /^RELIANCE/, 30_000);
  await page.keyboard.press('Escape');
  await page.getByTestId('rollover-toggle').click();
  const panel = page.getByTestId('rollover-panel');
  // 20 Jan: 1,436 − 1,427 = 9 (0.63 %); rolled (60 M + 3 M) / 183 M = 34.43 %.
  const lastDay = panel.locator('tbody tr').first();
  await expect(lastDay).toContainText('20/01/2026');
  await expect(lastDay).toContainText(/\+\u2060?9,00\s₹\u2069? \(\u2068?0,63\u2069? %\)/);
  await expect(lastDay).toContainText(/\u2068?34,43\u2069? %/);
  await expect(page.getByTestId('rollover-source')).toContainText('Source : bhavcopies NSE');
  await page.setViewportSize({ width: 360, height: 740 });
  await expect(panel).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await panel.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/volatility/rollover-fr-dark-360.png' });
});
