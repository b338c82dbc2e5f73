import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { MarketHistoryPage } from './pages/market-history-page';
import { usePreferences } from './support/preferences';
import { signInReadyToTrade } from './support/trading';
import { udiffDay } from './support/udiff-day';

// Issue 62, "Could not be tried": on a fresh server with no broker, Replay starts on a day of an imported NSE
// bhavcopy and index close file (no index minutes: its index modelled from the day's open, high, low and close,
// said so), on a day the demo market recorded (the suite's server records its simulated market from 10:59 of the
// pinned day: said simulated), and on the sample day StrikeDesk ships (said a sample). In each an order is placed
// and squared off. At 1280 in English and at 360 in French.
const day = '2024-11-06';
const ohlc = { open: 24_250, high: 24_420, low: 24_180, close: 24_300 };

/** NSE's index close file of the day (the parsers' fixture's layout), NIFTY 50 on `ohlc`. */
function indexCloseFile() {
  const header = 'Index Name,Index Date,Open Index Value,High Index Value,Low Index Value,Closing Index Value,Points Change,Change(%),Volume,Turnover (Rs. Cr.),P/E,P/B,Div Yield';
  const row = `Nifty 50,06-11-2024,${ohlc.open.toFixed(2)},${ohlc.high.toFixed(2)},${ohlc.low.toFixed(2)},${ohlc.close.toFixed(2)},0.00,0.00,271459512,27245.13,23.19,4.12,1.14`;
  return { name: 'ind_close_all_06112024.csv', mimeType: 'text/csv', buffer: Buffer.from(`${header}\n${row}\n`) };
}

/** Opens the replay dialog (ending a replay first when one is open) and starts the day whose option `matches`. */
async function startReplay(page: Page, texts: { entry: string; title: string; day: string; begin: string }, option: { value?: string; hasText: RegExp }) {
  await page.goto('/app/dashboards/live-trade');
  await page.getByRole('button', { name: texts.entry }).click();
  const dialog = page.getByRole('dialog', { name: texts.title });
  const choice = dialog.locator(option.value === undefined ? 'option[value^="NIFTY/"]' : `option[value="${option.value}"]`, { hasText: option.hasText }).first();
  await expect(choice).toBeAttached({ timeout: 15_000 });
  await dialog.getByLabel(texts.day).selectOption((await choice.getAttribute('value'))!);
  await dialog.getByRole('button', { name: texts.begin }).click();
}

/** Buys a lot of the first contract the chain offers at `cue` (modelled or simulated) as NRML, then squares it off. */
async function tradeOnce(page: Page, cue: RegExp, texts: { buy: RegExp; confirm: string; filled: RegExp; squareOffAll: string; squareOff: string; done: string; closed: string }) {
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

const en = {
  dialog: { entry: 'Replay a day', title: 'Replay a past day', day: 'Day', begin: 'Start the replay' },
  trade: { buy: /^Buy \W?\d+\W? in replay$/, confirm: 'Confirm in replay', filled: /filled at/, squareOffAll: 'Square off all', squareOff: 'Square off', done: 'Done', closed: 'closed' },
};

test('replays an imported bhavcopy day and a recorded demo day, an order in each, at 1280 in English', async ({ page }) => {
  test.setTimeout(420_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInReadyToTrade(page);
  const history = new MarketHistoryPage(page);
  await history.open();
  await history.importFiles([udiffDay(day, ['2024-11-07', '2024-11-14'], ohlc.close, { 24200: [150, 50], 24300: [90, 90], 24400: [50, 150] }), indexCloseFile()]);
  await expect(history.uploads.filter({ hasText: 'Imported' })).toHaveCount(2);

  // The bhavcopy day: its index along the path through its open, low, high and close, said in the picker and on the bar.
  await startReplay(page, en.dialog, { value: `NIFTY/${day}`, hasText: /index modelled from the day’s open, high, low and close/ });
  const bar = page.getByRole('region', { name: 'Replay controls' });
  await expect(bar).toContainText('The index is modelled from the day’s open, high, low and close');
  await tradeOnce(page, /modelled, trade NIFTY24N07\d+(CE|PE)$/, en.trade);
  await bar.getByRole('button', { name: 'End replay' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'End replay' }).click();
  await expect(bar).toHaveCount(0);

  // The day the demo market recorded: over the hours it ran, its prices simulated.
  await startReplay(page, en.dialog, { hasText: /recorded by the demo market/ });
  await expect(bar).toContainText('A day the demo market recorded: its prices are simulated, not market data.');
  await tradeOnce(page, /simulated, trade NIFTY/, en.trade);
});

test('replays the sample day and a recorded demo day at 360 in French, each said to be no market data', async ({ page }) => {
  test.setTimeout(420_000);
  await page.setViewportSize({ width: 360, height: 800 });
  await signInReadyToTrade(page);
  await usePreferences(page, { locale: 'fr', theme: 'light', direction: 'ltr' });
  const dialog = { entry: 'Rejouer une journée', title: 'Rejouer une journée passée', day: 'Jour', begin: 'Lancer le replay' };
  const trade = { buy: /^Acheter \W?\d+\W? dans le replay$/, confirm: 'Confirmer dans le replay', filled: /exécuté à/, squareOffAll: 'Tout solder', squareOff: 'Solder', done: 'Terminé', closed: 'soldée' };

  await startReplay(page, dialog, { value: 'NIFTY/2025-07-16', hasText: /exemple livré avec StrikeDesk, pas des données de marché/ });
  const bar = page.getByRole('region', { name: 'Commandes du replay' });
  await expect(bar).toContainText('Une journée d’exemple livrée avec StrikeDesk');
  await tradeOnce(page, /modélisé, traiter NIFTY/, trade);
  await bar.getByRole('button', { name: 'Terminer le replay' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Terminer le replay' }).click();
  await expect(bar).toHaveCount(0);

  await startReplay(page, dialog, { hasText: /enregistré par le marché de démonstration/ });
  await expect(bar).toContainText('Une journée enregistrée par le marché de démonstration : ses prix sont simulés');
  await tradeOnce(page, /simulé, traiter NIFTY/, trade);
});
