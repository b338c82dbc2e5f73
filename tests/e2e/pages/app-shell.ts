import { expect, type Locator, type Page } from '@playwright/test';

/** The signed-in shell: header, menus and the layout settings panel. */
export class AppShell {
  readonly header: Locator;
  readonly mainMenu: Locator;

  constructor(readonly page: Page) {
    this.header = page.getByRole('banner');
    this.mainMenu = page.getByRole('navigation', { name: /main menu|menu principal/i });
  }

  async open(path: string): Promise<void> {
    await this.page.goto(path);
    await expect(this.page.getByRole('heading', { level: 1 })).toBeVisible();
  }

  async openSettings(): Promise<Locator> {
    await this.page.getByRole('button', { name: /layout settings|paramètres d’affichage/i }).click();
    const panel = this.page.getByRole('dialog');
    await expect(panel).toBeVisible();
    return panel;
  }

  /** Picks an option (by its visible label) in a fieldset of the settings panel. */
  async choose(panel: Locator, group: RegExp, option: RegExp): Promise<void> {
    await panel.getByRole('group', { name: group }).getByText(option).click();
  }

  async closeSettings(panel: Locator): Promise<void> {
    await panel.getByRole('button', { name: /close settings|fermer/i }).click();
    await expect(panel).toBeHidden();
  }
}
