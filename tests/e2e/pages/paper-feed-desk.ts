import { expect, test, type Page } from '@playwright/test';
import { usePreferences, type DisplayPreferences } from '../support/preferences';
import type { BrokerAccountsPage } from './broker-accounts-page';
import { readStoredValue } from '../support/session';
import { pickUnderlying } from '../support/underlying-search';

// A paper account on a live account's real prices (issue 38), as a trader sets it up on the brokers screen
// and trades it on the desk: shared by the Kite and Upstox paper-on-feed specs.

/** The live account as its screens name it: `broker` ("Kite", "Upstox"), its client ID and its name. */
export type FeedAccount = { broker: string; clientId: string; name: string };

/**
 * Links a paper account, logs it in to the paper broker and chooses its "Prices from": the live account (the
 * first one listed). Answers its row and the words every screen says it with ("Prices: Kite · AB1234 (live)").
 */
export async function putPaperOnFeed(page: Page, brokers: BrokerAccountsPage, paper: { name: string; accountNumber: string }, feed: FeedAccount) {
  await page.getByRole('button', { name: 'Add account' }).first().click();
  await brokers.linkPaperAccount({ name: paper.name, accountNumber: paper.accountNumber, capital: '500000' });
  await brokers.logInToBroker(paper.name, paper.accountNumber);
  const row = brokers.row(paper.name);
  const pricesFrom = row.getByLabel('Prices from');
  await expect(pricesFrom).toHaveValue('');
  await expect(row).toContainText('Simulated market');
  // Said once, in the list; under it what it means, not the same words again (issue 62).
  await expect(row).toContainText("This paper account's prices come from StrikeDesk's simulated market, not the exchange.");
  // The account number is isolated (U+2068 … U+2069) so its characters keep their order in a right-to-left page.
  const number = `\u2068?${feed.clientId}\u2069?`;
  const onFeed = new RegExp(`Prices: ${feed.broker} · ${number} \\(live\\)`);
  await expect(pricesFrom.locator('option').nth(1)).toHaveText(new RegExp(`^${feed.broker} · ${number} \\(${feed.name}\\), live prices$`));
  await pricesFrom.selectOption({ index: 1 });
  await expect(page.getByText('Market changed')).toBeVisible();
  await expect(row).toContainText(onFeed);
  return { row, onFeed };
}

/**
 * Selects the paper account and opens the desk: the strip says whose prices, the badge says Paper. Buys one
 * lot of the call at the money from the chain; the paper broker fills it at the feed's `ask`.
 */
export async function buyOnFeedDesk(page: Page, paperName: string, onFeed: RegExp, ask: string): Promise<void> {
  await page.getByRole('button', { name: `Actions for ${paperName}` }).click();
  await page.getByRole('menuitem', { name: 'Select' }).click();
  // The choice is written to IndexedDB as it is made; the page load below must not outrun the write (a load
  // that did opened the desk on the live account chosen before).
  await expect.poll(async () => ((await readStoredValue(page, 'root')) as { selectedAccount: { name: string } | null } | undefined)?.selectedAccount?.name).toBe(paperName);
  await page.goto('/app/dashboards/live-trade');
  const strip = page.getByRole('region', { name: 'Index prices' });
  await expect(strip.getByText(onFeed)).toBeVisible();
  await expect(page.locator('[data-trading-mode="paper"]').first()).toHaveText('Paper');
  const chain = page.getByRole('table', { name: /Option chain of NIFTY/ });
  await expect(chain.locator('tr[aria-current="true"]')).toHaveCount(1);
  await chain.locator('tr[aria-current="true"]').getByRole('button', { name: /, trade NIFTY.*CE$/ }).click();
  const ticket = page.getByTestId('order-ticket');
  await expect(ticket).toBeVisible();
  await expect(ticket.locator('[data-trading-mode="paper"]')).toHaveText('Paper');
  // The paper broker's margin, priced on the feed's level of the index.
  await expect(ticket.getByTestId('margin-required')).toContainText(/Required.*₹/);
  await ticket.getByLabel('Lots').fill('1');
  await ticket.getByRole('button', { name: /^Buy \u2068?\d/ }).click();
  await ticket.getByRole('button', { name: 'Confirm' }).click();
  await expect(ticket.getByRole('status').filter({ hasText: /filled at/ })).toContainText(ask);
  await page.keyboard.press('Escape');
}

/**
 * An F&O stock's spot from the feed (issue 63), on the desk `buyOnFeedDesk` left open: RELIANCE picked in the chain's
 * search box, its price moved at the broker (`moveSpot`, rupees) twice, each seen on the chain's spot line as the
 * broker's feed streams it. The simulated market never quotes these paise.
 */
export async function stockSpotOnFeedDesk(page: Page, moveSpot: (price: number) => Promise<void>): Promise<void> {
  await moveSpot(1311.35);
  await pickUnderlying(page, page.getByRole('combobox', { name: 'Underlying' }).first(), 'RELI', /^RELIANCE/);
  const chain = page.getByRole('table', { name: /Option chain of \u2068?RELIANCE/ });
  await expect(chain.getByText(/Spot \u2068?1,311\.35/)).toBeVisible();
  await moveSpot(1312.4);
  await expect(chain.getByText(/Spot \u2068?1,312\.40/)).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('stock-spot-1280.png') });
}

const looks: Array<{ name: string } & DisplayPreferences> = [
  { name: 'light', locale: 'en', theme: 'light', direction: 'ltr' },
  { name: 'dark', locale: 'en', theme: 'dark', direction: 'ltr' },
  { name: 'fr', locale: 'fr', theme: 'light', direction: 'ltr' },
  { name: 'rtl', locale: 'en', theme: 'dark', direction: 'rtl' },
];

/** The desk on the feed at 360 and 1280 px, light, dark, French and right-to-left: test-results/<folder>/desk-<look>-<width>.png. */
export async function feedDeskScreenshots(page: Page, folder: string): Promise<void> {
  for (const look of looks) {
    await usePreferences(page, look);
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: width === 360 ? 740 : 900 });
      await page.reload();
      await expect(page.locator('html')).toHaveAttribute('lang', new RegExp(`^${look.locale}`));
      await expect(page.locator('html')).toHaveAttribute('dir', look.direction);
      await expect(page.locator('html')).toHaveAttribute('data-theme', look.theme);
      // The strip names the feed in every look (its words are the trader's language's).
      await expect(page.locator('[data-trading-mode="paper"]').first()).toBeVisible();
      await expect(page.getByText(/· \u2068?[A-Z0-9]+\u2069? \((live|en direct)\)/).first()).toBeVisible();
      // The feed's prices in the chain, the accounts read.
      await expect(page.locator('tr[aria-current="true"]')).toContainText(/\d[.,]\d\d/);
      await expect(page.locator('tbody tr').first()).toContainText(/\d[.,]\d\d/);
      await expect(page.getByText(/^(Loading your broker accounts|Chargement de vos comptes courtier)…$/)).toHaveCount(0);
      await page.screenshot({ path: `test-results/${folder}/desk-${look.name}-${width}.png` });
    }
  }
  await usePreferences(page, looks[0]!);
}
