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

  /**
   * Places a position's stop-loss or target from its row (table row or card) at the dialog's suggested
   * prices, waits for the broker's answer and closes the dialog; answers the price the order went at.
   */
  async protect(row: Locator, kind: 'stoploss' | 'target'): Promise<string> {
    await row.getByRole('button', { name: kind === 'stoploss' ? 'Stop-loss' : 'Target', exact: true }).click();
    const dialog = this.page.getByRole('dialog');
    const price = await dialog.getByLabel(kind === 'stoploss' ? 'Trigger price (₹)' : 'Target price (₹)').inputValue();
    await dialog.getByRole('button', { name: 'Place' }).click();
    await expect(dialog.getByRole('status')).toContainText(kind === 'stoploss' ? /waiting for the trigger/ : /open, waiting at/);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toHaveCount(0);
    return price;
  }

  /**
   * Signed figures (a sign, then ₹ or a digit) whose sign the layout puts on another line than what follows it,
   * as their text: a minus alone at the end of a line reads as a dash, and the amount below as a profit. Each
   * element holding one is squeezed to no width while it is measured, so every break the text allows is
   * taken, whatever the phone's width and the amounts' lengths; then it is put back as it was.
   */
  async signsApartFromAmounts(): Promise<string[]> {
    return this.page.evaluate(() => {
      const apart: string[] = [];
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      const nodes: Text[] = [];
      for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) if (/[+\-\u2212]\u2060?[₹\d]/.test((node as Text).data)) nodes.push(node as Text);
      for (const node of nodes) {
        const holder = node.parentElement!;
        const before = holder.style.cssText;
        holder.style.cssText = `${before};display:inline-block;width:0;min-width:0;max-width:0;white-space:normal`;
        const top = (offset: number) => {
          const range = document.createRange();
          range.setStart(node, offset);
          range.setEnd(node, offset + 1);
          return range.getClientRects()[0]?.top;
        };
        for (const match of node.data.matchAll(/[+\-\u2212]\u2060?[₹\d]/g)) {
          const sign = top(match.index);
          const rupee = top(match.index + match[0].length - 1);
          if (sign === undefined || rupee === undefined || Math.abs(sign - rupee) > 2) apart.push(node.data);
        }
        holder.style.cssText = before;
      }
      return apart;
    });
  }
}
