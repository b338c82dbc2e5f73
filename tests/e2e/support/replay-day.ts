import { expect, type Page } from '@playwright/test';

// Starting a replay from the desk's "Replay a day" and trading once in it, in the trader's words (en and fr): the
// specs of issue 62's day sources (replay-sources.spec.ts on the suite's server, demo-evening-charts.spec.ts on a
// demo server of its own, whose recorded day no live feed's minutes turn into history).

export type ReplayWords = {
  dialog: { entry: string; title: string; day: string; begin: string };
  trade: { buy: RegExp; confirm: string; filled: RegExp; squareOffAll: string; squareOff: string; done: string; closed: string };
  bar: string;
};

export const replayWords: Record<'en' | 'fr', ReplayWords> = {
  en: {
    dialog: { entry: 'Replay a day', title: 'Replay a past day', day: 'Day', begin: 'Start the replay' },
    trade: { buy: /^Buy \W?\d+\W? in replay$/, confirm: 'Confirm in replay', filled: /filled at/, squareOffAll: 'Square off all', squareOff: 'Square off', done: 'Done', closed: 'closed' },
    bar: 'Replay controls',
  },
  fr: {
    dialog: { entry: 'Rejouer une journée', title: 'Rejouer une journée passée', day: 'Jour', begin: 'Lancer le replay' },
    trade: { buy: /^Acheter \W?\d+\W? dans le replay$/, confirm: 'Confirmer dans le replay', filled: /exécuté à/, squareOffAll: 'Tout solder', squareOff: 'Solder', done: 'Terminé', closed: 'soldée' },
    bar: 'Commandes du replay',
  },
};

/** Opens the replay dialog (ending a replay first when one is open) and starts the day whose option `matches`. */
export async function startReplay(page: Page, texts: ReplayWords['dialog'], option: { value?: string; hasText: RegExp }) {
  await page.goto('/app/dashboards/live-trade');
  await page.getByRole('button', { name: texts.entry }).click();
  const dialog = page.getByRole('dialog', { name: texts.title });
  const choice = dialog.locator(option.value === undefined ? 'option[value^="NIFTY/"]' : `option[value="${option.value}"]`, { hasText: option.hasText }).first();
  await expect(choice).toBeAttached({ timeout: 15_000 });
  await dialog.getByLabel(texts.day).selectOption((await choice.getAttribute('value'))!);
  await dialog.getByRole('button', { name: texts.begin }).click();
}

/** Buys a lot of the first contract the chain offers at `cue` (modelled or simulated) as NRML, then squares it off. */
export async function tradeOnce(page: Page, cue: RegExp, texts: ReplayWords['trade']) {
  const price = page.getByRole('button', { name: cue }).first();
  // The replay's book opens with its first read: seconds, more on a loaded machine.
  await expect(price).toBeVisible({ timeout: 120_000 });
  await price.click();
  const ticket = page.getByTestId('order-ticket');
  await ticket.getByLabel(/^(Product|Produit)$/).selectOption('NRML');
  await ticket.getByRole('button', { name: texts.buy }).click();
  await ticket.getByRole('button', { name: texts.confirm }).click();
  await expect(ticket).toContainText(texts.filled);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: texts.squareOffAll }).click();
  const squareOff = page.getByRole('alertdialog');
  await squareOff.getByRole('button', { name: texts.squareOff, exact: true }).click();
  await squareOff.getByRole('button', { name: texts.done }).click();
  await expect(page.getByRole('region', { name: /^(Positions)$/ }).getByText(texts.closed).first()).toBeVisible();
}
