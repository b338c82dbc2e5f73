/**
 * The Noren brokers' five-level market depth in the order ticket (issue 64), shared by shoonya-depth.spec.ts and
 * flattrade-depth.spec.ts: Shoonya and Flattrade speak the same Noren feed (`{"t":"d"}` answered `dk`, then `df` with
 * what changed), so their ladders are proven the same way, each against its own Noren test server. Its levels stand a
 * tick (0.05) apart from the contract's last price: level n a bid of 650·n in n orders, an offer of 1300·n in 2n orders.
 */
import { expect, type Locator, type Page } from './test';
import { OptionChainPage, plain } from '../pages/option-chain-page';
import { atmCallOf } from './desk-contracts';
import { setNorenLast, silenceNorenFeed, type NorenApp } from './noren';
import { usePreferences } from './preferences';
import { readStoredValue } from './session';
import { screenshotAt } from './screenshots';

export type DepthLocale = 'en' | 'fr';

/** The chain's words in each language (its table's name and the ATM call's trade button) and the ladder's title naming `broker`. */
function chainWords(broker: string, locale: DepthLocale): { table: RegExp; trade: RegExp; depth: string } {
  return locale === 'en'
    ? { table: /Option chain of NIFTY/, trade: /, trade NIFTY.*CE$/, depth: `Market depth (${broker}, 5 levels)` }
    : { table: /Chaîne d’options de NIFTY/, trade: /, négocier NIFTY.*CE$/, depth: `Profondeur du carnet (${broker}, 5 niveaux)` };
}

/** An opened ladder: the ticket, the ladder, and a level's cells as read (orders, quantity, bid | offer, quantity, orders), without the figures' isolates. */
export type OpenLadder = { ticket: Locator; ladder: Locator; level: (index: number) => Promise<string[]> };

/** The ATM call's ticket from the chain, its "Market depth (<broker>, 5 levels)" section opened. */
export async function openNorenDepth(page: Page, broker: string, locale: DepthLocale = 'en'): Promise<OpenLadder> {
  const words = chainWords(broker, locale);
  const chain = new OptionChainPage(page, words.table);
  await chain.open();
  await chain.atmRow.getByRole('button', { name: words.trade }).click();
  const ticket = page.getByTestId('order-ticket');
  await expect(ticket).toBeVisible();
  await ticket.getByText(words.depth).click();
  const ladder = ticket.getByTestId('depth-ladder');
  const level = async (index: number) => (await ladder.locator('tbody tr').nth(index).locator('td').allTextContents()).map(plain);
  return { ticket, ladder, level };
}

/** The first and the fifth level Noren sends around a last price of `price` (bid ₹0.05 below, offer ₹0.05 above, a tick apart). */
export function fiveLevelsAround(price: number): { first: string[]; fifth: string[] } {
  const at = (value: number) => value.toFixed(2);
  return {
    first: ['1', '650', at(price - 0.05), at(price + 0.05), '1,300', '2'],
    fifth: ['5', '3,250', at(price - 0.25), at(price + 0.25), '6,500', '10'],
  };
}

/**
 * On a logged-in Noren account (`app` at its broker, named `broker` in the brokers list): the chain's ATM call at ₹100
 * for this user's sockets alone (specs beside it on the shared test server keep their own prices), its ticket's
 * ladder folded until opened and then the five levels as Noren sends them, and a price move to ₹150 (a `df` of the
 * fields that changed) followed within the ladder's one-second read. Answers the opened ladder and the call's token.
 */
export async function expectNorenDepthFollowsAMove(page: Page, app: NorenApp, broker: string): Promise<OpenLadder & { norenToken: string }> {
  const token = String(await readStoredValue(page, 'auth_token'));
  const chain = new OptionChainPage(page);
  await chain.open();
  const norenToken = String((await atmCallOf(chain, page.request, token)).instrument_token);
  await setNorenLast(page.request, app.broker, norenToken, 100, app.userId);

  // Folded until opened: only then is the contract's depth read (and followed on the account's feed if the chain does not).
  const opened = await openNorenDepth(page, broker);
  await expect(opened.ladder.locator('tbody tr')).toHaveCount(5);
  await expect.poll(() => opened.level(0)).toEqual(fiveLevelsAround(100).first);
  await expect.poll(() => opened.level(4)).toEqual(fiveLevelsAround(100).fifth);

  await setNorenLast(page.request, app.broker, norenToken, 150, app.userId);
  await expect.poll(() => opened.level(0)).toEqual(fiveLevelsAround(150).first);
  await expect.poll(() => opened.level(4)).toEqual(fiveLevelsAround(150).fifth);
  return { ...opened, norenToken };
}

/**
 * The opened ladder showing the book around ₹`price`: once the account's feed is silent for this user (no frame, no
 * pong to Noren's 3-second ping) past 5 s, it says the prices are delayed, naming `broker`, and keeps the last book it
 * had; heard again (the reopened feed subscribes anew and its `dk` brings the whole book), it shows the book at ₹120,
 * where the price moved meanwhile, and no longer says so.
 */
export async function expectNorenDepthDelayedAndBack(page: Page, app: NorenApp, opened: OpenLadder & { norenToken: string }, broker: string, price: number): Promise<void> {
  await expect.poll(() => opened.level(0)).toEqual(fiveLevelsAround(price).first);
  const delayed = opened.ticket.getByText(`Prices delayed: the market depth from ${broker} has gone quiet.`);
  await expect(delayed).toHaveCount(0);
  await silenceNorenFeed(page.request, app.broker, true, app.userId);
  await expect(delayed).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => opened.level(0)).toEqual(fiveLevelsAround(price).first);

  await setNorenLast(page.request, app.broker, opened.norenToken, 120, app.userId);
  await silenceNorenFeed(page.request, app.broker, false, app.userId);
  // The feed reopens on its backoff (doubling from 1 s to a 60 s cap while it was silent): on a loaded machine the next
  // attempt can be most of a minute away.
  await expect.poll(() => opened.level(0), { timeout: 75_000 }).toEqual(fiveLevelsAround(120).first);
  await expect(delayed).toHaveCount(0);
}

/**
 * At 360 px in `locale` (light, left to right): the ticket's five levels, the first with the bid and offer around `price` written in the
 * locale's figures, its header's offers column in the locale's words, nothing wider than the screen; then a
 * screenshot of the ladder at `path`.
 */
export async function expectNorenDepthAt360(page: Page, broker: string, locale: DepthLocale, price: number, path: string): Promise<void> {
  await usePreferences(page, { locale, theme: 'light', direction: 'ltr' });
  await page.setViewportSize({ width: 360, height: 800 });
  const narrow = await openNorenDepth(page, broker, locale);
  await expect(narrow.ladder.locator('tbody tr')).toHaveCount(5);
  await expect(narrow.ladder.locator('thead')).toContainText(locale === 'en' ? 'Offers' : 'Vente');
  const touch = fiveLevelsAround(price).first.slice(2, 4).map((figure) => (locale === 'en' ? figure : figure.replace('.', ',')));
  await expect.poll(async () => (await narrow.level(0)).slice(2, 4)).toEqual(touch);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await screenshotAt(page, 360, path, narrow.ladder);
}
