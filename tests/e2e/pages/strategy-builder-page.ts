import { expect, type Locator, type Page } from '@playwright/test';

/** /app/strategy-builder: presets and legs, the payoff chart and its sliders, the figures, "Trade all". */
export class StrategyBuilderPage {
  constructor(readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.goto('/app/strategy-builder');
    await expect(this.page.getByRole('heading', { level: 1, name: 'Strategy builder' })).toBeVisible();
  }

  /** The nth expiry of the list (0 is the nearest, which may expire today). */
  async chooseExpiry(position: number): Promise<void> {
    const select = this.page.getByLabel('Expiry', { exact: true }).first();
    const value = await select.locator('option').nth(position).getAttribute('value');
    await select.selectOption(value ?? '');
  }

  /** Picks a preset once the chain's prices are in (a first click may come before they are). */
  async buildFromPreset(name: string, legs: number): Promise<void> {
    const button = this.page.getByRole('button', { name, exact: true });
    await expect(button).toBeEnabled();
    await expect(async () => {
      await button.click();
      await expect(this.legCards()).toHaveCount(legs, { timeout: 1000 });
    }).toPass({ timeout: 20_000 });
  }

  /** What the builder says went wrong with the last preset or leg (a price missing, never to come…). */
  problem(): Locator {
    return this.page.getByRole('main').getByRole('alert');
  }

  legCards(): Locator {
    return this.page.getByTestId('leg-card');
  }

  figure(name: 'max-profit' | 'max-loss' | 'breakevens' | 'probability' | 'margin' | 'reward-risk' | 'delta'): Locator {
    return this.page.getByTestId(name).locator('dd');
  }

  todayLine(): Locator {
    return this.page.getByTestId('today-line');
  }

  async setVolatilityShift(value: string): Promise<void> {
    await this.page.getByLabel('Implied volatility shift').fill(value);
  }

  async tradeAll(): Promise<void> {
    await this.page.getByRole('button', { name: /^Trade all/ }).click();
    await this.page.getByRole('alertdialog').getByRole('button', { name: 'Place the orders' }).click();
  }

  basketLegs(): Locator {
    return this.page.getByTestId('basket-leg');
  }

  async save(name: string): Promise<void> {
    const saved = this.page.getByRole('region', { name: 'Saved strategies' });
    await saved.getByLabel('Name').fill(name);
    await saved.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(saved.getByRole('status')).toHaveText('Saved on this device.');
  }

  savedStrategy(name: string): Locator {
    return this.page.getByTestId('saved-strategy').filter({ hasText: name });
  }

  /** The share link of a saved strategy, as the screen shows it beside copying it. */
  async shareLink(name: string): Promise<string> {
    await this.savedStrategy(name).getByRole('button', { name: 'Copy share link' }).click();
    return this.page.getByLabel('Share link').inputValue();
  }
}
