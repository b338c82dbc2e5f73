import { expect, type Locator, type Page } from '@playwright/test';

/** /app/order_book: the order book and, a tab away, the trade book. */
export class OrderBookPage {
  constructor(readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.goto('/app/order_book');
    await expect(this.page.getByRole('tablist')).toBeVisible();
  }

  /** Opens the trades tab (Trades / Exécutions, with its count). */
  async showTrades(): Promise<void> {
    await this.page.getByRole('tab', { name: /^(Trades|Exécutions) / }).click();
  }

  /** The fills: table rows on a wide screen, cards on a phone. */
  fills(): Locator {
    return this.page.locator('[data-trade-id]');
  }

  total(): Locator {
    return this.page.getByTestId('trades-total');
  }

  /** The orders table's own scroller: how far it scrolls sideways (0 when every column fits). */
  async ordersOverflow(): Promise<number> {
    return this.page.locator('[data-order-scroll]').evaluate((box) => box.scrollWidth - box.clientWidth);
  }

  /** The row of one order in the table. */
  order(orderId: string): Locator {
    return this.page.locator(`tr[data-order-id="${orderId}"]`);
  }

  /**
   * The orders on one contract, by their type's word in the table (Market, Limit, SL, SL-M). The row names the
   * contract in words (issue 62); its tradingsymbol is the instrument cell's title.
   */
  ordersOn(tradingsymbol: string, type: string): Locator {
    return this.page.locator('tr[data-order-id]').filter({ has: this.page.locator(`td[title="${tradingsymbol}"]`) }).filter({ has: this.page.getByRole('cell', { name: type, exact: true }) });
  }

  /** What the execution policy's re-pricer did with an order (its state, then its steps under "Steps"). */
  repricing(order: Locator): Locator {
    return order.locator('[data-field="repricing"]');
  }

  /** The re-pricing steps of an order, opened. */
  async repricingSteps(order: Locator): Promise<Locator> {
    const note = this.repricing(order);
    const details = note.locator('details');
    if ((await details.getAttribute('open')) === null) await note.getByText('Steps', { exact: true }).click();
    return note.getByRole('listitem');
  }
}
