/**
 * Picks an underlying in one of the app's search boxes (the chain's, the OI, IV and premium screens': issue 63) by
 * typing its name. The box's list is read from the server once it opens, so the typing is tried again until the
 * option shows (a loaded server answers the first read after the box's first open).
 */
import { expect, type Locator, type Page } from '@playwright/test';

export async function pickUnderlying(page: Page, search: Locator, typed: string, option: RegExp, timeout = 20_000): Promise<void> {
  await expect(async () => {
    await search.click();
    await search.fill(typed);
    await expect(page.getByRole('option', { name: option })).toBeVisible({ timeout: 3000 });
  }).toPass({ timeout });
  await page.getByRole('option', { name: option }).click();
}
