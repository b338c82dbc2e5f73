import { expect, type Locator, type Page } from '@playwright/test';

/** The positions a screen shows (the desk, /app/position, /app/position_book): a table, or cards on a phone. */
export class PositionsView {
  constructor(readonly page: Page) {}

  /** Cards on a phone (a list named Positions / Positions), rows of a table on wider screens. */
  cards(): Locator {
    return this.page.getByRole('list', { name: /^Positions$/ }).locator('li[data-position]');
  }

  rows(): Locator {
    return this.page.getByRole('table', { name: /^Positions$/ }).locator('tr[data-position]');
  }

  /** How far the page scrolls sideways (0 when everything fits). */
  async sidewaysOverflow(): Promise<number> {
    return this.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  }

  /** Whether `target` lies within the viewport's width, so no sideways scroll is needed to reach it. */
  async expectWithinWidth(target: Locator): Promise<void> {
    await expect(target).toBeVisible();
    const box = await target.boundingBox();
    const width = this.page.viewportSize()?.width ?? 0;
    expect(box, 'on screen').not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(width);
  }

  /**
   * The summary's net P&L and the table's total, read in the same instant (prices tick every second: two
   * reads one after the other could straddle a tick).
   */
  async summaryAndTotal(): Promise<{ summary: string; total: string }> {
    return this.page.evaluate(() => ({
      summary: document.querySelector('[data-summary="net-pnl"]')?.textContent ?? '',
      total: [...document.querySelectorAll('[data-field="total-net-pnl"]')].map((cell) => cell.textContent).join(' + '),
    }));
  }
}
