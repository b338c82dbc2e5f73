import { readFileSync } from 'node:fs';
import { expect, test } from './support/test';
import { MarketHistoryPage, type UploadFile } from './pages/market-history-page';
import { signInReadyToTrade } from './support/trading';

// Importing NSE files on the real server: the parsers' fixtures (both bhavcopy layouts, a UDiFF ZIP, minute
// candles) one request each, a broken file refused line by line, the coverage they make, and deleting a day.

const fixtures = new URL('../server/history/fixtures/', import.meta.url);
const fixture = (name: string, mimeType = 'text/csv'): UploadFile => ({ name, mimeType, buffer: readFileSync(new URL(name, fixtures)) });

test('imports the fixture files one by one, shows the refused lines of a broken one, the coverage, and deletes a day', async ({ page }) => {
  test.setTimeout(120_000);
  await signInReadyToTrade(page);
  const history = new MarketHistoryPage(page);
  await history.open();

  const legacy = fixture('fo05JUL2024bhav.csv');
  const broken: UploadFile = { name: 'fo04JUL2024bhav.csv', mimeType: 'text/csv', buffer: Buffer.from(legacy.buffer.toString('utf8').replaceAll('05-JUL-2024', '04-JUL-2024').replace(',52500,CE,', ',abc,CE,')) };
  await history.importFiles([
    fixture('BhavCopy_NSE_FO_0_0_0_20240708_F_0000.csv.zip', 'application/zip'),
    legacy,
    fixture('NIFTY_minute_2024-07-08.csv'),
    broken,
  ]);

  await expect(history.upload('20240708_F_0000.csv.zip')).toContainText('Imported: 1 day');
  // The five index options and RELIANCE's call (issue 63: a listed stock's contracts are kept; futures apart).
  await expect(history.upload('fo05JUL2024bhav.csv')).toContainText(/Imported: 1 day, \u2068?6\u2069? rows/);
  await expect(history.upload('NIFTY_minute')).toContainText('Imported: 1 day');
  const refused = history.upload('fo04JUL2024bhav.csv');
  await expect(refused).toContainText('Refused');
  await expect(refused.getByTestId('refusal-lines').getByRole('listitem').first()).toHaveText(/^Line 4: /);
  for (const bar of await page.getByRole('progressbar', { name: /^Upload of / }).all()) await expect(bar).toHaveAttribute('value', '1');
  // The batch's own bar: every file done, the refused one included.
  await expect(page.getByRole('progressbar', { name: 'All 4 files' })).toHaveAttribute('value', '4');
  await expect(page.getByTestId('batch-progress')).toContainText(/4\u2069? of \u2068?4\u2069? files done/);

  await expect(page.getByTestId('history-size')).toContainText(/History takes .+ on disk/);
  const indices = page.getByTestId('index-coverage');
  await expect(indices.filter({ hasText: 'NIFTY' }).first()).toBeVisible();
  const july = await history.month('July 2024');
  await expect(july.getByRole('row', { name: /08 Jul 2024/ })).toContainText('min');
  await expect(july.getByRole('row', { name: /05 Jul 2024/ })).toContainText('options');

  await history.deleteRange('05/07/2024', '05/07/2024');
  await expect(page.getByRole('status').filter({ hasText: 'Deleted' })).toContainText(/Deleted \u2068?\d+\u2069? option rows/);
  await expect((await history.month('July 2024')).getByRole('row', { name: /05 Jul 2024/ })).toHaveCount(0);
});
