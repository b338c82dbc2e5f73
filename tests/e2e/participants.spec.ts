import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { MarketHistoryPage } from './pages/market-history-page';
import { usePreferences } from './support/preferences';
import { signInReadyToTrade } from './support/trading';
import { participantFile, withFiiIndexLong } from '../server/history/participant-file';

// NSE's participant-wise open interest through the real screens: two days' files imported in Market history,
// then the Participants chart read at 1280 px in English and at 360 px in French, dark: the FII's latest net
// index futures (24,157 long − 2,26,790 short on 28 Aug 2026) and its change since the day before; then the
// From/To range fields at 360 px, French, dark and right to left, with a day typed wrong and a range the server
// refuses. Screenshots in test-results/participants.

const shots = 'test-results/participants';

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

  // The range fields at 360 px, French, dark, then right to left: side by side, their inputs and calendar buttons
  // on one line and inside the page; a day typed wrong is said under its own field, and the two inputs stay level.
  const range = page.getByTestId('participants-range');
  const from = range.getByLabel('Du', { exact: true });
  const to = range.getByLabel('Au', { exact: true });
  await from.fill('27/08/2026');
  await from.press('Enter');
  await expect(page).toHaveURL(/from=2026-08-27/);
  await expect(page.getByTestId('participants-source')).toBeVisible();
  await page.screenshot({ path: `${shots}/range-360-fr-dark.png` });
  await expectLevelInside(page, from, to);
  await to.fill('31/02/2026');
  await to.press('Enter');
  await expect(range.getByText('Saisissez un jour au format JJ/MM/AAAA, par exemple 05/01/2026.')).toBeVisible();
  await expectLevelInside(page, from, to);
  await page.screenshot({ path: `${shots}/range-360-fr-dark-invalid-day.png` });
  // A range the server refuses (its first day after its last): said in the chart's place, below the fields.
  await to.fill('01/08/2026');
  await to.press('Enter');
  const refusal = page.getByTestId('participants-refusal');
  await expect(refusal).toContainText('Choisissez une période d’un an au plus');
  await expectLevelInside(page, from, to);
  await page.screenshot({ path: `${shots}/range-360-fr-dark-refused.png`, fullPage: true });

  await usePreferences(page, { locale: 'fr', theme: 'dark', direction: 'rtl' });
  await page.reload();
  await expect(refusal).toBeVisible();
  await page.screenshot({ path: `${shots}/range-360-fr-dark-rtl-refused.png`, fullPage: true });
  await expectLevelInside(page, from, to);
  // Right to left, "Du" comes first on the right.
  expect((await from.boundingBox())!.x).toBeGreaterThan((await to.boundingBox())!.x);
  await refusal.getByRole('button', { name: 'Afficher la dernière année' }).click();
  await expect(page.getByTestId('participants-source')).toBeVisible();
  await expect(from).toHaveValue('');

  // Wide, in English: the fields side by side on one line; a day typed wrong under one of them leaves both inputs level.
  await usePreferences(page, { locale: 'en', theme: 'light', direction: 'ltr' });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.reload();
  const wideTo = range.getByLabel('To', { exact: true });
  await wideTo.fill('31/02/2026');
  await wideTo.press('Enter');
  await expect(range.getByText('Enter a day as DD/MM/YYYY, for example 05/01/2026.')).toBeVisible();
  await expectLevelInside(page, range.getByLabel('From', { exact: true }), wideTo);
  await range.screenshot({ path: `${shots}/range-1280-en-invalid-day.png` });
});

/** The two range fields' inputs on one line (same top, same height), neither past the page's edges, nothing wider than the page. */
async function expectLevelInside(page: Page, from: Locator, to: Locator): Promise<void> {
  // Retried: just after a reload the page may still be laying out (its fonts, the chart).
  await expect(async () => {
    const [a, b] = [(await from.boundingBox())!, (await to.boundingBox())!];
    expect(Math.abs(a.y - b.y)).toBeLessThanOrEqual(1);
    expect(Math.abs(a.height - b.height)).toBeLessThanOrEqual(1);
    const width = page.viewportSize()!.width;
    for (const box of [a, b]) {
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }).toPass({ timeout: 5_000 });
}
