import { expect, test, type Browser } from '@playwright/test';
import { startClockedServer, type ClockedServer } from './support/clocked';
import { dhanOrderWrites, dhanPin, linkFirstDhanAccount } from './support/dhan';
import { AppShell } from './pages/app-shell';
import { StrategyBuilderPage } from './pages/strategy-builder-page';
import { usePreferences } from './support/preferences';
import { screenshotAt } from './support/screenshots';

// A live Dhan account out of the exchange's hours (issue 64, session 81), on a server of its own whose clock stands
// on Saturday 21 November 2026, 10:00 IST, beside a Dhan test server on the same clock: the ticket asks for the
// after-market order (AMO), and once it is ticked for Dhan's AMO time (`amoTime`); the time chosen is what reaches
// Dhan. 360 px, French then English; screenshots in test-results/dhan-amo-time/. The strategy builder's basket asks
// the same, and its confirmation (a dialog over the basket's AMO notice and time) says them again before anything goes.

const shots = 'test-results/dhan-amo-time';
const dhanPort = Number(process.env.E2E_PORT ?? '4780') + 8;

let server: ClockedServer;
test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startClockedServer(new Date('2026-11-21T10:00:00+05:30'), { dhanPort });
});
test.afterAll(async () => {
  await server.stop();
});

/** A page on the clocked server, 1280 px wide, with a Dhan account `name` linked and logged in. */
async function loggedInDhanPage(browser: Browser, name: string) {
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
  await context.clock.install({ time: server.now() });
  const page = await context.newPage();
  const { app, brokers } = await linkFirstDhanAccount(page, name);
  await brokers.logInToDhan(name, app.clientId, dhanPin);
  await expect(brokers.row(name)).toContainText('Logged in until');
  return { context, page };
}

test('a Dhan ticket out of hours: the AMO and its time are the trader’s, at 360 px in fr and en', async ({ browser }) => {
  test.setTimeout(180_000);
  const { context, page } = await loggedInDhanPage(browser, 'Dhan AMO');

  // French first: the English run ends by sending the order.
  for (const locale of ['fr', 'en'] as const) {
    const words =
      locale === 'en'
        ? { choice: 'After market order (AMO)', time: 'AMO time', open: 'At the open', later: '30 minutes after the open' }
        : { choice: 'Ordre hors séance (AMO)', time: 'Moment de l’AMO', open: 'À l’ouverture', later: '30 minutes après l’ouverture' };
    await usePreferences(page, { locale, theme: 'light', direction: 'ltr' });
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto('/app/dashboards/live-trade');
    const atmRow = page.locator('tbody tr[aria-current="true"]');
    await expect(atmRow).toHaveCount(1);
    await atmRow.getByRole('button', { name: /, (trade|négocier) NIFTY.*CE$/ }).click();
    const ticket = page.getByTestId('order-ticket');
    await expect(ticket).toBeVisible();

    // No time is asked until the AMO is chosen; then the open, as Dhan's own form, until the trader picks another.
    const choice = ticket.getByRole('checkbox', { name: words.choice });
    await expect(choice).not.toBeChecked();
    await expect(ticket.getByRole('combobox', { name: words.time })).toHaveCount(0);
    await choice.check();
    const time = ticket.getByRole('combobox', { name: words.time });
    await expect(time.locator('option:checked')).toHaveText(words.open);
    await time.selectOption({ label: words.later });
    const send = ticket.locator('button[type="submit"]');
    await expect(send).toBeEnabled();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshotAt(page, 360, `${shots}/time-${locale}-360.png`, time);
    if (locale === 'fr') continue;

    await send.click();
    await ticket.getByRole('button', { name: 'Confirm' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Send with real money' }).click();
    // At Dhan: one AMO, to go 30 minutes after Monday's open, as chosen.
    await expect
      .poll(async () => (await dhanOrderWrites(page.request)).filter((write) => write.path === '/v2/orders').map((write) => [write.body.afterMarketOrder, write.body.amoTime]))
      .toEqual([[true, 'OPEN_30']]);
    // The ticket tells the order's outcome. (The Dhan test server books an AMO as any order and fills it: it holds
    // nothing for the open, so what this proves is what reached Dhan, not Dhan's hold.)
    // (Formatted values sit between invisible isolates, hence \W+.)
    await expect(ticket.getByRole('listitem').filter({ hasText: /^Buy\W+65\W+NIFTY .*CE\W*: / })).toBeVisible();
    await screenshotAt(page, 360, `${shots}/sent-${locale}-360.png`, ticket);
  }
  await context.close();
});

test('a Dhan basket out of hours: its confirmation says the legs are held as AMOs and the AMO time chosen, at 360 px in en and fr', async ({ browser }) => {
  test.setTimeout(180_000);
  const { context, page } = await loggedInDhanPage(browser, 'Dhan basket');

  await page.setViewportSize({ width: 360, height: 800 });
  const builder = new StrategyBuilderPage(page);
  await builder.open();
  // Dhan's feed reads 0 for an index it does not stream (the test server streams NIFTY alone): no price, never
  // BANKNIFTY at 0.00, −100 % (account-feed.ts).
  const strip = page.getByRole('list', { name: 'Indices' });
  await expect(strip.getByRole('listitem', { name: 'NIFTY', exact: true })).toContainText(/26,\d{3}\.\d{2}/);
  await expect(strip.getByRole('listitem', { name: 'BANKNIFTY', exact: true })).toContainText('No price yet');
  await expect(strip).not.toContainText('-100.00%');
  await builder.chooseExpiry(0);
  await builder.buildFromPreset('Iron condor', 4);
  const basket = page.getByRole('region', { name: /^(Trade the strategy|Trader la stratégie)$/ });
  await basket.getByRole('checkbox', { name: 'After market order (AMO)' }).check();
  await basket.getByRole('combobox', { name: 'AMO time' }).selectOption({ label: '30 minutes after the open' });

  // Saturday: held until Monday's open (09:15 IST), and sent then at the time chosen. (Values sit between isolates.)
  const said = {
    en: /^4 orders go to the broker as one basket, hedges \(buys\) first\.Market closed: these orders go as after-market orders \(AMO\)\. The broker holds them and sends them to the exchange at the next open, \W*Mon, 23 Nov, 09:15\W* IST; the price shown is the last close\. AMO time: 30 minutes after the open\.$/,
    fr: /^4 ordres partent chez le courtier en un seul panier, les couvertures \(achats\) d’abord\.Marché fermé : ces ordres partent en ordres hors séance \(AMO\)\. .* à la prochaine ouverture, le \W*lun\. 23 nov\., 09:15\W* IST ; le prix affiché est celui de la clôture\. Moment de l’AMO : 30 minutes après l’ouverture\.$/,
  };
  const trade = { en: 'Trade all (4 legs) as AMO', fr: 'Tout trader (4 jambes) en AMO' };
  const ordersAtDhan = async () => (await dhanOrderWrites(page.request)).filter((write) => write.path === '/v2/orders').length;
  const before = await ordersAtDhan();
  const cancel = { en: 'Cancel', fr: 'Annuler' };
  for (const locale of ['en', 'fr'] as const) {
    if (locale === 'fr') await new AppShell(page).useLayout({ language: /français/i });
    await basket.getByRole('button', { name: trade[locale] }).click();
    const dialog = page.getByRole('alertdialog');
    // The dialog's description (what a screen reader says with its question), the AMO and its time included.
    const description = page.locator(`[id="${await dialog.getAttribute('aria-describedby')}"]`);
    await expect(description).toHaveText(said[locale]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshotAt(page, 360, `${shots}/basket-confirm-${locale}-360.png`, dialog);
    // Nothing goes: this proves what the question says, not the sending (the ticket's test above sends).
    await dialog.getByRole('button', { name: cancel[locale] }).click();
    await expect(dialog).toHaveCount(0);
  }
  expect(await ordersAtDhan()).toBe(before);
  await context.close();
});

test('a Dhan account’s second expiry, which Dhan does not stream: a preset says so, naming a contract, never “try again”, in en and fr', async ({ browser }) => {
  test.setTimeout(180_000);
  const { context, page } = await loggedInDhanPage(browser, 'Dhan unlisted');

  const builder = new StrategyBuilderPage(page);
  await builder.open();
  await builder.chooseExpiry(1);
  const said = {
    en: /^Dhan does not stream prices for NIFTY 01 Dec \d+ (CE|PE): it cannot be priced or added here\.$/,
    fr: /^Dhan ne diffuse pas les prix de NIFTY 01 déc\. \d+ (CE|PE) : ce contrat ne peut être ni valorisé ni ajouté ici\.$/,
  };
  const preset = { en: 'Short straddle', fr: 'Straddle vendeur' };
  for (const locale of ['en', 'fr'] as const) {
    if (locale === 'fr') await new AppShell(page).useLayout({ language: /français/i });
    const button = page.getByRole('button', { name: preset[locale], exact: true });
    await expect(button).toBeEnabled();
    // The stream names what Dhan does not stream right after its snapshot: a click before that word still waits.
    await expect(async () => {
      await button.click();
      await expect(builder.problem()).toHaveText(said[locale], { timeout: 1000 });
    }).toPass({ timeout: 20_000 });
    await expect(builder.legCards()).toHaveCount(0);
    await screenshotAt(page, 1280, `${shots}/unstreamed-${locale}-1280.png`, builder.problem());
  }
  await context.close();
});

test('a Dhan account’s builder on its second expiry: a leg moved to a contract Dhan does not list is unpriced, left out of the payoff and margin, the basket waiting for it, never drawn at its former premium, nor at ₹0 once saved, at 360 px in en and fr', async ({ browser }) => {
  test.setTimeout(180_000);
  const { context, page } = await loggedInDhanPage(browser, 'Dhan moved leg');

  const builder = new StrategyBuilderPage(page);
  await builder.open();
  await builder.chooseExpiry(0);
  await builder.buildFromPreset('Iron condor', 4);
  const figures = async () => ({ profit: await builder.figure('max-profit').textContent(), loss: await builder.figure('max-loss').textContent() });
  const margin = page.getByTestId('margin');
  // The figures of the other three legs: the first leg switched off by hand.
  const first = builder.legCards().first();
  const include = first.getByRole('checkbox', { name: 'Include in the payoff' });
  await include.uncheck();
  await expect(margin).toContainText('₹');
  const threeLegs = await figures();
  await include.check();
  await expect(page.getByRole('button', { name: 'Trade all (4 legs)' })).toBeVisible();

  // From here on, every answer the app gets (the API's and the market_data poll's): none may be a server error, nor
  // a margin refused for an unlisted leg.
  const answers: string[] = [];
  page.on('response', (response) => {
    if (/\/api\/|\/functions\/v1\//.test(response.url())) answers.push(`${response.status()} ${new URL(response.url()).pathname}`);
  });
  // The builder's second expiry (01 Dec, none of whose contracts Dhan lists on this Saturday), and the first leg
  // moved onto it: Dhan will never price NIFTY 01 Dec 26400 CE.
  await builder.chooseExpiry(1);
  await first.getByLabel('Expiry', { exact: true }).selectOption({ index: 1 });
  await expect(first).toContainText(/NIFTY 01 Dec 26400 CE/);
  const unpriced = first.getByTestId('leg-unpriced');
  await expect(unpriced).toHaveText('Dhan does not stream prices for this contract: it is not priced, and is left out of the payoff and the margin. Switch this leg off or remove it to trade the others.');
  // Never the 23 Nov contract's ₹100.00 as the new one's premium, never ₹0.00.
  await expect(first).not.toContainText('Premium');
  // Left out of the figures and the margin, which are the three others'. The basket waits: sent without the leg,
  // the position would not be the strategy built, so leaving it out is the trader's own choice.
  const tradeThree = page.getByRole('button', { name: 'Trade all (3 legs)' });
  const waitsForLeg = page.getByText('A leg has no price: switch it off or remove it to trade the others.');
  await expect(tradeThree).toBeDisabled();
  await expect(waitsForLeg).toBeVisible();
  await expect.poll(figures).toEqual(threeLegs);
  await expect(margin).toContainText('₹');
  await expect(margin).not.toContainText('Could not be computed');
  // The trader's own switch is untouched: once priced, the leg counts again.
  await expect(include).toBeChecked();
  // Switched off by the trader, the other three no longer wait for it (on this Saturday the basket then asks for the
  // AMO, Dhan's choice to make); on again, the basket waits again.
  await include.uncheck();
  await expect(waitsForLeg).toHaveCount(0);
  await expect(tradeThree).toBeVisible();
  await include.check();
  await expect(waitsForLeg).toBeVisible();
  await expect(tradeThree).toBeDisabled();
  await expect(page.getByText(/could not be reached/)).toHaveCount(0);
  expect(answers.filter((answer) => /^5\d\d /.test(answer) || /^422 .*margins/.test(answer))).toEqual([]);
  expect(answers.some((answer) => answer.endsWith('/api/order-book/margins/orders/'))).toBe(true);
  // The price stream was reopened for the new followed set and answered; the poll fallback was not needed.
  expect(answers.filter((answer) => answer.endsWith('/api/market/stream/'))).not.toEqual([]);
  expect(answers.filter((answer) => answer.includes('/functions/v1/market_data'))).toEqual([]);

  // Saved as it stands and opened read-only: the leg saved without a price is still left out, never drawn at ₹0.
  await builder.save('Moved leg');
  await builder.savedStrategy('Moved leg').getByRole('button', { name: 'Open' }).click();
  await expect(page.getByText('A saved strategy, read-only')).toBeVisible();
  await expect(unpriced).toHaveText('Saved without a price: this leg is left out of the payoff.');
  await expect(first).not.toContainText('Premium');
  await expect.poll(figures).toEqual(threeLegs);
  // Live again: Dhan still does not stream it.
  await page.getByRole('button', { name: 'Use current prices and edit' }).click();
  await expect(unpriced).toHaveText(/^Dhan does not stream prices for this contract/);

  await page.setViewportSize({ width: 360, height: 800 });
  await expect(unpriced).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await screenshotAt(page, 360, `${shots}/moved-leg-unpriced-en-360.png`, first);
  await new AppShell(page).useLayout({ language: /français/i });
  await expect(unpriced).toHaveText('Dhan ne diffuse pas les prix de ce contrat : il n’est pas valorisé, et il est laissé hors du profil de gain et de la marge. Désactivez cette jambe ou retirez-la pour trader les autres.');
  await expect(page.getByText('Une jambe n’a pas de prix : désactivez-la ou retirez-la pour trader les autres.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Tout trader (3 jambes)' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await screenshotAt(page, 360, `${shots}/moved-leg-unpriced-fr-360.png`, first);
  await context.close();
});
