import { expect, type Page } from '@playwright/test';
import type { BrokerAccountsPage } from '../pages/broker-accounts-page';
import { usePreferences } from './preferences';
import { screenshotAt } from './screenshots';

/**
 * At 360 px in English and French: the live account's row Live (Réel) and logged in, never Paper, and its order a
 * card marked complete (Exécuté); nothing wider than the screen. Screenshots go to test-results/<folder>/.
 */
export async function expectLiveAccountAt360(page: Page, brokers: BrokerAccountsPage, accountName: string, orderId: string, folder: string): Promise<void> {
  for (const locale of ['en', 'fr'] as const) {
    await usePreferences(page, { locale, theme: 'light', direction: 'ltr' });
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto('/app/broker');
    await expect(page.getByRole('heading', { level: 1, name: locale === 'en' ? 'Broker accounts' : 'Comptes de courtage' })).toBeVisible();
    const narrowRow = brokers.row(accountName);
    await expect(narrowRow.locator('[data-trading-mode="live"]')).toHaveText(locale === 'en' ? 'Live' : 'Réel');
    await expect(narrowRow.locator('[data-trading-mode="paper"]')).toHaveCount(0);
    await expect(narrowRow).toContainText(locale === 'en' ? 'Logged in until' : 'Connecté jusqu’au');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshotAt(page, 360, `test-results/${folder}/account-${locale}-360.png`, narrowRow);

    await page.goto('/app/order_book');
    const card = page.locator(`[role="listitem"][data-order-id="${orderId}"]`);
    await expect(card).toContainText(locale === 'en' ? 'Complete' : 'Exécuté');
    await expect(page.locator('[data-trading-mode="live"]').first()).toHaveText(locale === 'en' ? 'Live' : 'Réel');
    await expect(page.locator('[data-trading-mode="paper"]')).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshotAt(page, 360, `test-results/${folder}/order-${locale}-360.png`, card);
  }
}
