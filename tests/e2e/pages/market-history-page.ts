import { expect, type Locator, type Page } from '@playwright/test';

export type UploadFile = { name: string; mimeType: string; buffer: Buffer };

/** /app/market_history: coverage of imported history, imports and deleting a range. */
export class MarketHistoryPage {
  readonly uploads: Locator;

  constructor(readonly page: Page) {
    this.uploads = page.getByTestId('upload-row');
  }

  async open(): Promise<void> {
    await this.page.goto('/app/market_history');
    await expect(this.page.getByRole('heading', { level: 1, name: 'Market history' })).toBeVisible();
  }

  /** Chooses the files and imports them; resolves once every file has its answer. */
  async importFiles(files: UploadFile[]): Promise<void> {
    await this.page.getByLabel('Files', { exact: true }).setInputFiles(files);
    await this.page.getByRole('button', { name: 'Import' }).click();
    await expect(this.uploads).toHaveCount(files.length);
    await expect(this.page.getByRole('button', { name: 'Import' })).toBeEnabled({ timeout: 60_000 });
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
