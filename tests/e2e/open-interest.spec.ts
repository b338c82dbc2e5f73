import { expect, test } from './support/test';
import { BrokerAccountsPage } from './pages/broker-accounts-page';
import { MarketHistoryPage } from './pages/market-history-page';
import { OptionChainPage, plain } from './pages/option-chain-page';
import { usePreferences } from './support/preferences';
import { stockUdiffDay } from '../server/history/stock-udiff-days';
import { signInReadyToTrade } from './support/trading';
import { newUpstoxApp, registerUpstoxApp, upstoxPin } from './support/upstox';
import { pickUnderlying } from './support/underlying-search';

// Open interest over time (issue 40) through the real screens: two NSE bhavcopy days of a NIFTY expiry imported
// in Market history, then /app/open_interest read at 1280 px in English and at 360 px in French, dark (and
// right to left): the source and its time, the day's profile against the day before (PCR 1.17 against 1.12, max
// pain 24,550), the note that a bhavcopy day has no minutes, and the chart across days. The chain's strikes
// link to it. The picker is the chain's search box (issue 63): RELIANCE's options in the same files, picked by name,
// chart the stock's OI at 360 px in French. Screenshots in test-results/open-interest.

const shots = 'test-results/open-interest';
const expiry = '2026-09-01';
const header =
  'TradDt,BizDt,Sgmt,Src,FinInstrmTp,FinInstrmId,ISIN,TckrSymb,SctySrs,XpryDt,FininstrmActlXpryDt,StrkPric,OptnTp,FinInstrmNm,OpnPric,HghPric,LwPric,ClsPric,' +
  'LastPric,PrvsClsgPric,UndrlygPric,SttlmPric,OpnIntrst,ChngInOpnIntrst,TtlTradgVol,TtlTrfVal,TtlNbOfTxsExctd,SsnId,NewBrdLotQty,Rmks,Rsvd1,Rsvd2,Rsvd3,Rsvd4';

/**
 * A day's UDiFF bhavcopy of NIFTY's 1 September 2026 options, strikes 24,000 to 25,000: every call `callOi` but
 * 24,800's `bigCall`, every put `putOi` but 24,200's `bigPut`. PCR = (20 × putOi + bigPut) / (20 × callOi + bigCall);
 * max pain, worked out strike by strike, 24,550 both days.
 */
function bhavcopy(day: string, oi: { callOi: number; bigCall: number; putOi: number; bigPut: number }) {
  const rows = [header];
  let id = 50_000;
  for (let strike = 24_000; strike <= 25_000; strike += 50) {
    for (const type of ['CE', 'PE'] as const) {
      const open = type === 'CE' ? (strike === 24_800 ? oi.bigCall : oi.callOi) : strike === 24_200 ? oi.bigPut : oi.putOi;
      const price = (type === 'CE' ? Math.max(5, 24_500 - strike + 100) : Math.max(5, strike - 24_500 + 100)).toFixed(2);
      rows.push(
        `${day},${day},FO,NSE,IDO,${(id += 1)},,NIFTY,,${expiry},${expiry},${strike}.00,${type},NIFTY26901${strike}${type},${price},${price},${price},${price},${price},${price},` +
          `24500.00,${price},${open},0,1000,1000.00,100,F1,75,,,,,`,
      );
    }
  }
  // RELIANCE's September options the same day (issue 63: a stock's OI, picked in the search box), 5 lakh shares each.
  const stock = stockUdiffDay({ day, symbol: 'RELIANCE', spot: 1420, lot: 500, futures: [], options: { expiry: '2026-09-29', strikes: [1380, 1400, 1420, 1440, 1460], sigma: 0.25 } });
  rows.push(...stock.csv.trim().split('\n').slice(1));
  return { name: `BhavCopy_NSE_FO_0_0_0_${day.replaceAll('-', '')}_F_0000.csv`, mimeType: 'text/csv', buffer: Buffer.from(`${rows.join('\n')}\n`) };
}

test('charts an expiry\'s open interest from imported bhavcopies, in en and fr, wide and on a phone, dark and right to left', async ({ page }) => {
  test.setTimeout(150_000);
  await signInReadyToTrade(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  const history = new MarketHistoryPage(page);
  await history.open();
  const files = [
    bhavcopy('2026-08-27', { callOi: 90_000, bigCall: 800_000, putOi: 100_000, bigPut: 900_000 }),
    bhavcopy('2026-08-28', { callOi: 100_000, bigCall: 1_000_000, putOi: 125_000, bigPut: 1_000_000 }),
  ];
  await history.importFiles(files);
  for (const file of files) await expect(history.upload(file.name)).toContainText('Imported: 1 day');

  // The chain's strikes open their OI over time (the live chain's index and expiry, the strike).
  const chain = new OptionChainPage(page);
  await chain.open();
  await expect(chain.atmRow.getByTestId('chain-oi-link')).toHaveAttribute('href', /^\/app\/open_interest\?index=NIFTY&expiry=\d{4}-\d{2}-\d{2}&strikes=\d+$/);

  await page.goto(`/app/open_interest?index=NIFTY&day=2026-08-28&expiry=${expiry}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Open interest' })).toBeVisible();
  const intraday = page.getByTestId('oi-intraday');
  await expect(intraday.getByTestId('oi-source')).toContainText(/Source: NSE bhavcopy, imported \(end of day\)\. As of \u2068?28 Aug 2026/);
  await expect(intraday.getByTestId('oi-previous')).toContainText(/Changes are from the end of \u2068?27 Aug 2026\u2069? \(NSE bhavcopy/);
  await expect(intraday.getByTestId('oi-no-minutes')).toBeVisible();
  // By default the strikes of the most call OI (24,800), the most put OI (24,200) and max pain (24,550).
  await expect(page.getByTestId('oi-strike')).toHaveText([/24,200/, /24,550/, /24,800/]);
  const profile = page.getByTestId('oi-profile');
  // 35 lakh puts / 30 lakh calls = 1.17; the day before 29 / 26 = 1.12.
  await expect(profile.getByTestId('oi-profile-figures')).toHaveText(/^PCR \u2068?1\.17\u2069? · Max pain \u2068?24,550\u2069? \(\u2068?27 Aug 2026\u2069?: PCR \u2068?1\.12\u2069? · Max pain \u2068?24,550\u2069?\)$/);
  // 24,800's calls: 10.0 lakh, up 2.00 lakh on the day (a change is given to two decimals in every row).
  const row = profile.getByRole('row', { name: /24,800/ });
  expect(plain(await row.innerText()).replace(/\s+/g, ' ')).toMatch(/^10(\.0)? \+2(\.00)? 24,800 /);
  await page.screenshot({ path: `${shots}/profile-en-1280.png`, fullPage: true });

  await page.getByText('Across days', { exact: true }).click();
  const daily = page.getByTestId('oi-daily');
  await expect(daily).toContainText(/27 Aug 2026\u2069? to \u2068?28 Aug 2026\u2069?, 2 trading days\./);
  await expect(daily.getByTestId('oi-strikes-chart').locator('canvas').first()).toBeVisible();
  await expect(daily.getByTestId('oi-figures-chart').locator('canvas').first()).toBeVisible();
  await page.screenshot({ path: `${shots}/daily-en-1280.png`, fullPage: true });

  await usePreferences(page, { locale: 'fr', theme: 'dark', direction: 'ltr' });
  await page.setViewportSize({ width: 360, height: 740 });
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Intérêt ouvert' })).toBeVisible();
  await expect(page.getByTestId('oi-source')).toContainText('Source : bhavcopy de la NSE, importée (clôture)');
  await expect(page.getByTestId('oi-profile-figures')).toContainText(/PCR \u2068?1,17/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.screenshot({ path: `${shots}/profile-fr-360-dark.png`, fullPage: true });
  await page.getByText('D’un jour à l’autre', { exact: true }).click();
  await expect(page.getByTestId('oi-daily').getByTestId('oi-strikes-chart').locator('canvas').first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.screenshot({ path: `${shots}/daily-fr-360-dark.png`, fullPage: true });

  // Any index or F&O stock in the chain's search box (issue 63): RELIANCE picked by name opens its latest day's OI.
  const picker = page.getByRole('combobox', { name: 'Sous-jacent' });
  await pickUnderlying(page, picker, 'reliance', /^RELIANCE/);
  await expect(page).toHaveURL(/[?&]index=RELIANCE(&|$)/);
  // Across days first (the view kept from NIFTY), then through the day with its profile: the stock's strikes.
  await expect(page.getByTestId('oi-daily')).toContainText(/27\/08\/2026\u2069? au \u2068?28\/08\/2026/);
  await expect(page.getByTestId('oi-strike').first()).toContainText(/1\D?(3[89]|4[0-6])0/);
  await page.getByText('Au fil de la séance', { exact: true }).click();
  await expect(page.getByTestId('oi-profile')).toBeVisible();
  await expect(picker).toHaveValue('RELIANCE');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.screenshot({ path: `${shots}/stock-fr-360-dark.png`, fullPage: true });
  await page.goto(`/app/open_interest?index=NIFTY&day=2026-08-28&expiry=${expiry}`);

  await usePreferences(page, { locale: 'fr', theme: 'dark', direction: 'rtl' });
  await page.reload();
  await expect(page.getByTestId('oi-profile')).toBeVisible();
  await page.screenshot({ path: `${shots}/profile-fr-360-rtl.png`, fullPage: true });
  // A day with no OI stored (a link to it, or the address edited): the server's 404 open_interest.no_day is said in
  // the chart's place with the way to the latest day, never an "Introuvable" notification.
  await page.goto('/app/open_interest?index=NIFTY&day=2026-08-26');
  const refusal = page.getByTestId('oi-refusal');
  await expect(refusal).toContainText(/Aucun intérêt ouvert de NIFTY n’est enregistré pour le \u2068?26\/08\/2026/);
  await expect(page.getByText('Introuvable', { exact: true })).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.screenshot({ path: `${shots}/no-day-fr-360-rtl.png`, fullPage: true });
  await refusal.getByRole('button', { name: 'Ouvrir le dernier jour' }).click();
  await expect(page.getByTestId('oi-profile')).toBeVisible();
});

// The intraday view by minute (issue 40) on minutes with open interest, no wall-clock wait: an expired NIFTY
// expiry's option minutes fetched from the Upstox test server for one day (its contracts' OI rises one lot a
// minute from 10 lakh, calls and puts alike, NIFTY at 26,000: tests/upstox-server/expired.ts), then
// /app/open_interest on that day by the minute: the source and its last minute, the two charts, PCR 1.00 and max
// pain 26,000 at the day's end; then French, dark, 360 px.
test('charts the intraday open interest minute by minute from option minutes fetched from Upstox', async ({ page }) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInReadyToTrade(page);
  const app = newUpstoxApp();
  const brokers = new BrokerAccountsPage(page);
  await brokers.open();
  await page.getByRole('button', { name: 'Add account' }).first().click();
  const urls = await brokers.linkUpstoxAccount({ name: 'Upstox OI', clientId: app.ucc, apiKey: app.apiKey, apiSecret: app.apiSecret, capital: '500000' });
  await registerUpstoxApp(page.request, app, urls.redirectUrl);
  await brokers.logInToUpstox('Upstox OI', app.ucc, upstoxPin);
  await expect(brokers.row('Upstox OI')).toContainText('Logged in until');

  // A Tuesday five weeks before the (pinned) today, a week no other spec fetches, and its Monday.
  const dayMs = 86_400_000;
  const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  const typed = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
  let tuesday = Date.parse(`${iso((await page.evaluate(() => Date.now())) + 5.5 * 3_600_000)}T00:00:00Z`) - dayMs;
  while (new Date(tuesday).getUTCDay() !== 2) tuesday -= dayMs;
  const expiry = iso(tuesday - 35 * dayMs);
  const monday = iso(tuesday - 36 * dayMs);

  const history = new MarketHistoryPage(page);
  await history.open();
  const panel = page.getByRole('region', { name: 'Fetch from Upstox' });
  await panel.getByLabel('Index', { exact: true }).selectOption('NIFTY');
  await panel.getByLabel('Expiry', { exact: true }).fill(typed(expiry));
  await panel.getByLabel('From', { exact: true }).fill(typed(monday));
  await panel.getByLabel('To', { exact: true }).fill(typed(monday));
  await panel.getByLabel('To', { exact: true }).press('Tab');
  const answer = page.waitForResponse((response) => response.url().endsWith('/api/market-history/upstox-candles/'));
  await panel.getByRole('button', { name: 'Fetch from Upstox' }).click();
  expect((await answer).status()).toBe(200);
  await expect(panel.getByRole('status')).toContainText('option minute candles of');

  await page.goto(`/app/open_interest?index=NIFTY&day=${monday}&expiry=${expiry}&interval=1`);
  await expect(page.getByRole('heading', { level: 1, name: 'Open interest' })).toBeVisible();
  const intraday = page.getByTestId('oi-intraday');
  // The last minute stored is 15:29, so its figures are as of 15:30.
  await expect(intraday.getByTestId('oi-source')).toContainText(/^Source: Upstox option candles, imported\. As of .+15:30:00\u2069?\.$/);
  await expect(intraday.getByTestId('oi-no-minutes')).toHaveCount(0);
  await expect(intraday.getByTestId('oi-strikes-chart').locator('canvas').first()).toBeVisible();
  await expect(intraday.getByTestId('oi-figures-chart').locator('canvas').first()).toBeVisible();
  await expect(page.getByLabel('Every', { exact: true })).toHaveValue('1');
  await expect(page.getByTestId('oi-profile-figures')).toContainText(/^PCR \u2068?1\.00\u2069? · Max pain \u2068?26,000/);
  await page.screenshot({ path: `${shots}/intraday-minutes-en-1280.png`, fullPage: true });

  await usePreferences(page, { locale: 'fr', theme: 'dark', direction: 'ltr' });
  await page.setViewportSize({ width: 360, height: 740 });
  await page.reload();
  await expect(page.getByTestId('oi-source')).toContainText('Source : bougies d’options Upstox, importées. Au ');
  await expect(page.getByTestId('oi-strikes-chart').locator('canvas').first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.screenshot({ path: `${shots}/intraday-minutes-fr-360-dark.png`, fullPage: true });
});
