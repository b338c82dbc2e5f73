import { expect, test } from './support/test';
import { StrategyBuilderPage } from './pages/strategy-builder-page';
import { expectLiveAccountAt360 } from './support/live-narrow';
import { deskContracts } from './support/desk-contracts';
import { buyAtmCallLiveAtNoren, holdAtNoren, linkAndLogInNoren, placeFromNorenApp } from './support/noren';
import { readStoredValue } from './support/session';
import { usePreferences } from './support/preferences';
import { screenshotAt } from './support/screenshots';

// Live trading on Shoonya (Noren), as a trader sees it, against the Noren-compatible test server that
// start-server.ts runs beside the reference server in Shoonya's configuration (issue 64): link the account with
// its user ID and OAuth app, log in through Noren's login page (the redirect brings a code back, which StrikeDesk
// exchanges with Shoonya's SHA-256 checksum), send a live order from the desk's chain past the day's
// first-live-order question, see it filled at Noren, tagged, and Complete in the order book, always Live, never
// Paper; an iron condor's margin in the builder from Noren's span calculator, with its hedge benefit; then the
// account and its order at 360 px in English and French.

test('a Shoonya account: log in through Noren’s page, a live order from the chain filled, Live never Paper, the builder’s margin from SpanCalc, at 360 px in en and fr', async ({ page, baseURL }) => {
  test.setTimeout(150_000);
  // Link the account and log in through Noren's OAuth page; back through the callback with its code, exchanged with
  // SHA-256(client id + secret + code).
  const { app, brokers } = await linkAndLogInNoren(page, 'shoonya', 'Shoonya desk', String(baseURL));

  // From the chain, live: the day's first live order asks first, naming the account; Noren fills it, tagged with
  // StrikeDesk's remarks, and the order book shows it Complete, Live and never Paper.
  const atNoren = await buyAtmCallLiveAtNoren(page, app, 'Shoonya desk');

  // The builder: an iron condor's own margin is Noren's span calculator's, with the hedge benefit its wings give.
  const builder = new StrategyBuilderPage(page);
  await builder.open();
  await builder.chooseExpiry(0);
  await builder.buildFromPreset('Iron condor', 4);
  await expect(builder.figure('margin')).toContainText(/₹.*Hedge benefit \u2068?₹/);
  await expect(page.getByTestId('margin-after-positions').locator('dd')).toContainText('₹');

  // At 360 px in English and French: the account Live and logged in, its order a card marked complete; nothing wider than the screen.
  await expectLiveAccountAt360(page, brokers, 'Shoonya desk', atNoren.norenordno, 'shoonya-live');
});

// Issue 63: the account's demat holdings at Shoonya (its Holdings answer, prd C) in the position book, each with a Sell
// action, priced at Noren's GetQuotes `lp` (session 80): value and P&L shown. A position sold in the broker's own app
// carries no charges StrikeDesk priced: the Charges tile says "Not priced", never ₹0 (session 80). At 360 px in English and French.
test('a Shoonya account: its holdings at the broker in the position book with a Sell action, at 360 px in en and fr', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const { app } = await linkAndLogInNoren(page, 'shoonya', 'Shoonya holdings', String(baseURL));
  await holdAtNoren(page.request, app, [
    { tsym: 'RELIANCE-EQ', token: '2885', isin: 'INE002A01018', holdqty: 450, btstqty: 50, upldprc: 1520, last: 1600 },
    { tsym: 'SAIL-EQ', token: '2963', isin: 'INE114A01011', holdqty: 5, upldprc: 97.35, last: 121.55 },
  ]);
  const { lotSize, contracts } = await deskContracts(page.request, String(await readStoredValue(page, 'auth_token')));
  await placeFromNorenApp(page.request, app, String(contracts[0]!.instrument_token), { trantype: 'S', qty: lotSize, last: 100 });
  for (const locale of ['en', 'fr'] as const) {
    await usePreferences(page, { locale, theme: 'light', direction: 'ltr' });
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto('/app/position_book');
    await expect(page.locator('[data-summary="charges"]')).toHaveText(locale === 'en' ? 'Not priced' : 'Non chiffré');
    await expect(page.locator('[data-field="charges-not-priced"]')).toBeVisible();
    await screenshotAt(page, 360, `test-results/shoonya-live/charges-not-priced-${locale}-360.png`, page.locator('[data-summary="charges"]'));
    const holdings = page.getByTestId('broker-holdings');
    await expect(holdings).toHaveAttribute('data-status', 'OK');
    await expect(holdings.locator('[data-holding="RELIANCE"]')).toContainText('RELIANCE');
    await expect(holdings.locator('[data-holding="RELIANCE"]')).toContainText('500');
    if (locale === 'en') await expect(holdings.locator('[data-holding="RELIANCE"]')).toContainText(/value\W*\+\W*₹8,00,000\.00/);
    await expect(holdings.getByTestId('broker-holding-sell-RELIANCE')).toBeVisible();
    await expect(holdings.getByTestId('broker-holding-sell-SAIL')).toBeVisible();
    // Nothing wider than the screen at 360 px.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshotAt(page, 360, `test-results/shoonya-live/holdings-${locale}-360.png`, holdings);
  }
});
