import { expect, type Locator, type Page } from '@playwright/test';

/** Text as the screen shows it, without the isolates (U+2068 … U+2069) figures carry for right-to-left. */
export const plain = (text: string) => text.replace(/[\u2066-\u2069]/g, '').trim();

/** The option chain on the live-trade desk: its ladder, its header figures and its column choice. */
export class OptionChainPage {
  readonly table: Locator;
  readonly scroller: Locator;
  readonly atmRow: Locator;
  readonly figures: Locator;

  constructor(readonly page: Page, tableName: RegExp = /Option chain of NIFTY/) {
    this.table = page.getByRole('table', { name: tableName });
    this.scroller = page.locator('[data-chain-scroll]');
    this.atmRow = this.table.locator('tbody tr[aria-current="true"]');
    this.figures = page.getByRole('definition');
  }

  async open(): Promise<void> {
    await this.page.goto('/app/dashboards/live-trade');
    await expect(this.atmRow).toHaveCount(1);
  }

  /** Taps the at-the-money call's trade button and answers the ticket it opens. */
  async openAtmCallTicket(): Promise<Locator> {
    await expect(this.atmRow).toHaveCount(1);
    await this.atmRow.getByRole('button', { name: /, trade NIFTY.*CE$/ }).click();
    const ticket = this.page.getByTestId('order-ticket');
    await expect(ticket).toBeVisible();
    return ticket;
  }

  /** Strikes whose whole row is on screen: inside the window and inside the chain's own scrolling box. */
  async strikesOnScreen(): Promise<string[]> {
    return this.table.evaluate((table) => {
      const box = table.closest('[data-chain-scroll]')!.getBoundingClientRect();
      const head = table.querySelector('thead')!.getBoundingClientRect();
      return [...table.querySelectorAll('tbody th[scope="row"]')].flatMap((cell) => {
        const row = cell.closest('tr')!.getBoundingClientRect();
        const seen = row.top >= Math.max(head.bottom, 0) - 1 && row.bottom <= Math.min(box.bottom, window.innerHeight) + 1;
        return seen ? [cell.textContent ?? ''] : [];
      });
    });
  }

  /** Each column header of the second header row with the at-the-money row's cell under it, calls first. */
  async atmColumns(): Promise<Array<[string, string]>> {
    return this.table.evaluate((table) => {
      const heads = [...table.querySelectorAll('thead tr:nth-child(2) th')].map((cell) => cell.textContent ?? '');
      const cells = [...table.querySelector('tbody tr[aria-current="true"]')!.children].map((cell) => cell.textContent ?? '');
      return heads.map((head, i): [string, string] => [head.trim(), cells[i] ?? '']);
    });
  }

  /** Every value of a column (both sides), as shown. */
  async columnValues(header: string): Promise<string[]> {
    return this.table.evaluate((table, name) => {
      const heads = [...table.querySelectorAll('thead tr:nth-child(2) th')].map((cell) => (cell.textContent ?? '').trim());
      const columns = heads.flatMap((head, i) => (head === name ? [i] : []));
      return [...table.querySelectorAll('tbody tr[data-index]')].flatMap((row) => columns.map((i) => row.children[i]?.textContent ?? ''));
    }, header);
  }

  /** A header figure (PCR, Max pain, ATM straddle) by its term. */
  figure(term: string): Locator {
    return this.page.locator('[data-figure]').filter({ has: this.page.getByRole('term').filter({ hasText: term }) }).getByRole('definition');
  }
}
