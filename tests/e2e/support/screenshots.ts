import type { Locator, Page } from '@playwright/test';

/** What the trader sees at this width, scrolled to `subject`. */
export async function screenshotAt(page: Page, width: number, path: string, subject: Locator): Promise<void> {
  await page.setViewportSize({ width, height: 900 });
  await subject.scrollIntoViewIfNeeded();
  await page.screenshot({ path });
}
