import { expect, type Page } from '@playwright/test';

/** /app/portfolio: portfolios of an account, and the bots of a portfolio. */
export class PortfolioPage {
  constructor(readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.goto('/app/portfolio');
    await expect(this.page.getByRole('heading', { level: 1, name: 'Portfolios and bots' })).toBeVisible();
  }

  async createPortfolio(name: string, capital: string): Promise<void> {
    await this.page.getByRole('button', { name: /create your first portfolio|new portfolio/i }).first().click();
    const dialog = this.page.getByRole('dialog');
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByLabel('Description').fill('Short premium on expiry day');
    await dialog.getByLabel('Capital (₹)').fill(capital);
    await dialog.getByRole('button', { name: 'Create portfolio' }).click();
    await expect(this.page.getByText(`Portfolio “${name}” created`)).toBeVisible();
  }

  async openBotsTab(kind: 'Trading bots' | 'Daily bots'): Promise<void> {
    await this.page.getByRole('tab', { name: new RegExp(`^${kind}`) }).click();
  }

  /** Fills the common fields of the bot form; the strategy's own parameters keep their defaults. */
  async fillBot(strategy: string, name: string, lots: string): Promise<void> {
    const dialog = this.page.getByRole('dialog');
    await dialog.getByLabel('Base strategy').selectOption({ label: strategy });
    await dialog.getByLabel('Bot name').fill(name);
    await dialog.getByLabel('Lots per leg').fill(lots);
  }
}
