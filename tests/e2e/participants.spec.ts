import { expect, test } from './support/test';
import { MarketHistoryPage } from './pages/market-history-page';
import { usePreferences } from './support/preferences';
import { signInReadyToTrade } from './support/trading';
import { participantFile, withFiiIndexLong } from '../server/history/participant-file';

// NSE's participant-wise open interest through the real screens: two days' files imported in Market history,
// then the Participants chart read at 1280 px in English and at 360 px in French, dark: the FII's latest net
// index futures (24,157 long − 2,26,790 short on 28 Aug 2026) and its change since the day before.

test('imports two days of participant OI and charts each participant\'s net, in en and fr, wide and on a phone', async ({ page }) => {
  test.setTimeout(120_000);
  await signInReadyToTrade(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  const history = new MarketHistoryPage(page);
  await history.open();
  const days = [participantFile('2026-08-27', withFiiIndexLong(30000)), participantFile('2026-08-28')];
  await history.importFiles(days.map((day) => ({ name: day.name, mimeType: 'text/csv', buffer: Buffer.from(day.text) })));
  for (const day of days) await expect(history.upload(day.name)).toContainText('Imported: 1 day');
  await expect(page.getByTestId('participant-coverage')).toContainText(/2 days/);

  await page.getByTestId('participant-coverage').getByRole('link', { name: 'Open the Participants chart' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Participants' })).toBeVisible();
  await expect(page.getByTestId('participants-source')).toContainText(/Source: NSE participant-wise open interest, imported\. As of \u2068?28 Aug 2026/);
  const fii = page.getByTestId('participants-latest').getByRole('row', { name: /FII/ });
  await expect(fii).toContainText(/[-\u2212]2,02,633/);
  await expect(fii).toContainText('net short');
  await expect(fii).toContainText(/[-\u2212]5,843/);
  await expect(page.getByTestId('participants-chart').locator('canvas').first()).toBeVisible();

  await usePreferences(page, { locale: 'fr', theme: 'dark', direction: 'ltr' });
  await page.setViewportSize({ width: 360, height: 740 });
  await page.reload();
  await expect(page.getByTestId('participants-source')).toContainText('Source : positions ouvertes par participant de la NSE');
  await page.getByText('Calls sur indice').click();
  const fiiCalls = page.getByTestId('participants-latest').getByRole('row', { name: /FII/ });
  // 5,36,783 long − 7,66,803 short calls.
  await expect(fiiCalls).toContainText(/[-\u2212]230\s020/);
  await expect(fiiCalls).toContainText('net vendeur');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});
