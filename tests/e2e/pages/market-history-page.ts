import { expect, type Locator, type Page, type Response } from '@playwright/test';

export type UploadFile = { name: string; mimeType: string; buffer: Buffer };

const isCoverageRead = (response: Response) => response.url().endsWith('/api/market-history/coverage/') && response.request().method() === 'GET';

/** /app/market_history: coverage of imported history, imports and deleting a range. */
export class MarketHistoryPage {
  readonly uploads: Locator;

  constructor(readonly page: Page) {
    this.uploads = page.getByTestId('upload-row');
  }

  /**
   * Opens the screen once its coverage is shown. The coverage sits above the forms and arrives after the
   * heading: a click begun before it lands finishes hundreds of pixels lower, on the coverage, and does
   * nothing (Playwright checks where the press lands, not the release). CI's market-history-upstox failure.
   */
  async open(): Promise<void> {
    await this.page.goto('/app/market_history');
    await expect(this.page.getByRole('heading', { level: 1, name: 'Market history' })).toBeVisible();
    await expect(this.page.getByRole('status').filter({ hasText: 'Reading what history covers' })).toHaveCount(0, { timeout: 30_000 });
  }

  /**
   * Chooses the files and imports them; resolves once every file has its answer and, when one was imported,
   * once the coverage read again for it is shown (it grows above the forms: see open()).
   */
  async importFiles(files: UploadFile[]): Promise<void> {
    await this.page.getByLabel('Files', { exact: true }).setInputFiles(files);
    const coverageRead = this.page.waitForResponse(isCoverageRead, { timeout: 90_000 });
    coverageRead.catch(() => undefined);
    await this.page.getByRole('button', { name: 'Import' }).click();
    await expect(this.uploads).toHaveCount(files.length);
    await expect(this.page.getByRole('button', { name: 'Import' })).toBeEnabled({ timeout: 60_000 });
    if ((await this.uploads.filter({ hasText: 'Imported:' }).count()) > 0) {
      await coverageRead;
      // Its answer reaches the screen on the app's next render: let a frame pass.
      await this.page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    }
  }

  upload(name: string): Locator {
    return this.uploads.filter({ hasText: name });
  }

  /** The coverage table of a month, e.g. 'July 2024' (opened if closed). */
  async month(name: string): Promise<Locator> {
    const month = this.page.getByTestId('coverage-month').filter({ hasText: name });
    if ((await month.getAttribute('open')) === null) await month.locator('summary').click();
    return month;
  }

  async deleteRange(from: string, to: string): Promise<void> {
    const section = this.page.getByRole('region', { name: 'Delete a range' });
    await section.getByLabel('From').fill(from);
    await section.getByLabel('To').fill(to);
    await section.getByLabel('To').press('Tab');
    await section.getByRole('button', { name: 'Delete my days' }).click();
    const dialog = this.page.getByRole('alertdialog');
    await dialog.getByRole('button', { name: 'Delete my days' }).click();
    await expect(dialog).toBeHidden();
  }
}
