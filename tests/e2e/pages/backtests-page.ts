import { expect, type Locator, type Page } from '@playwright/test';

/** /app/backtests: starting a backtest, the list, and a report. */
export class BacktestsPage {
  readonly rows: Locator;

  constructor(readonly page: Page) {
    this.rows = page.getByTestId('backtest-row');
  }

  async open(): Promise<void> {
    await this.page.goto('/app/backtests');
    await expect(this.page.getByRole('heading', { level: 1, name: 'Backtests' })).toBeVisible();
  }

  async start(bot: string, from: string, to: string, capital: string): Promise<void> {
    const form = this.page.getByRole('region', { name: 'New backtest' });
    await expect(form.getByRole('option', { name: new RegExp(`^${bot} `) })).toBeAttached();
    await form.getByLabel('Bot', { exact: true }).selectOption({ label: (await form.getByRole('option', { name: new RegExp(`^${bot} `) }).textContent()) ?? bot });
    await form.getByLabel('From', { exact: true }).fill(from);
    await form.getByLabel('To', { exact: true }).fill(to);
    await form.getByLabel(/^Capital/).fill(capital);
    await form.getByRole('button', { name: 'Start backtest' }).click();
  }

  /**
   * Starts a backtest of a daily bot configured on the spot with the Bots screen's form: the strategy, a name
   * and a stop-loss; the schedule keeps the form's defaults (09:20 to 15:15, Monday to Friday).
   */
  async startConfigured(bot: { strategy: string; name: string; stopLossPct: string }, from: string, to: string, capital: string): Promise<void> {
    const form = this.page.getByRole('region', { name: 'New backtest' });
    // The choices are radios drawn as chips (the radio itself is visually hidden): their labels take the click.
    await form.locator('label').filter({ hasText: 'Configure a bot here' }).click();
    await form.locator('label').filter({ hasText: /^Daily bot$/ }).click();
    await expect(form.getByRole('radio', { name: 'Daily bot' })).toBeChecked();
    await form.getByLabel(/^Base strategy/).selectOption({ label: bot.strategy });
    await form.getByLabel(/^Bot name/).fill(bot.name);
    await form.getByRole('spinbutton', { name: 'Stop-loss (%)' }).fill(bot.stopLossPct);
    await form.getByLabel('From', { exact: true }).fill(from);
    await form.getByLabel('To', { exact: true }).fill(to);
    await form.getByLabel(/^Capital/).fill(capital);
    await form.getByRole('button', { name: 'Start backtest' }).click();
  }

  /** Waits for the newest backtest to finish, then opens its report. */
  async openNewestReport(): Promise<void> {
    const newest = this.rows.first();
    await expect(newest.getByRole('link', { name: 'Open report' })).toBeVisible({ timeout: 90_000 });
    await newest.getByRole('link', { name: 'Open report' }).click();
    await expect(this.page.getByTestId('summary-figures')).toBeVisible();
  }

  figure(name: string): Locator {
    return this.page.getByTestId('summary-figures').locator('div').filter({ has: this.page.getByText(name, { exact: true }) });
  }
}
