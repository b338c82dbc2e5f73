import { expect, type Locator, type Page } from '@playwright/test';

/** The portfolio protection panel on Positions (/app/position) and its dialog, or on the live desk. */
export class ProtectionPanel {
  readonly panel: Locator;

  /** `desk`: the same panel on the live desk, beside its positions. */
  constructor(
    readonly page: Page,
    variant: 'full' | 'desk' = 'full',
  ) {
    this.panel = page.locator(`section[data-protection-state][data-variant="${variant}"]`);
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
