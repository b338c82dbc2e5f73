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

  /** Sets the layout through the settings panel, as a trader would (each choice is optional). */
  async useLayout(choices: { navigation?: RegExp; direction?: RegExp; theme?: RegExp; language?: RegExp }): Promise<void> {
    const panel = await this.openSettings();
    if (choices.navigation) await this.choose(panel, /^navigation$/i, choices.navigation);
    if (choices.theme) await this.choose(panel, /^(theme|thème)$/i, choices.theme);
    if (choices.direction) await this.choose(panel, /^(text direction|sens du texte)$/i, choices.direction);
    if (choices.language) await this.choose(panel, /^(language|langue)$/i, choices.language);
    await this.closeSettings(panel);
  }

  /** The More button of the top bar, holding the items that do not fit. */
  moreButton(): Locator {
    return this.mainMenu.getByRole('button', { name: /^(more|plus)$/i });
  }

  /** The links the top bar shows in its row (not those under More). */
  rowLinks(): Locator {
    return this.mainMenu.getByRole('link');
  }
}
