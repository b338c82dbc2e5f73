import { expect, type Locator, type Page } from '@playwright/test';

/** The portfolio protection panel on Positions (/app/position) and its dialog. */
export class ProtectionPanel {
  readonly panel: Locator;

  constructor(readonly page: Page) {
    this.panel = page.locator('section[data-protection-state]');
  }

  /** The stop in force: its row (data-kind says which kind set it). */
  stop(): Locator {
    return this.panel.locator('[data-protection-level="stop"]');
  }

  mtm(): Locator {
    return this.panel.locator('[data-field="mtm"]');
  }

  /** Opens the dialog from "Set protection" (or its French), fills the levels in rupees, and arms them. */
  async arm(levels: { stop?: string; every?: string; by?: string }, labels: { open: RegExp; save: RegExp }): Promise<void> {
    await this.panel.getByRole('button', { name: labels.open }).click();
    const dialog = this.page.getByRole('dialog');
    for (const [field, value] of Object.entries(levels)) await dialog.locator(`input[data-level="${field}"]`).fill(value);
    await dialog.getByRole('button', { name: labels.save }).click();
    await expect(dialog).toBeHidden();
  }
}
