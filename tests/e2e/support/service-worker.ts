import type { Page } from '@playwright/test';

/** Waits until the app's service worker is active and controls the page (what an offline reload needs). */
export async function waitForControl(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}
