import { expect, test, type Page } from './support/test';
import { buyAtmCallLiveAtNoren, linkAndLogInNoren, placeFromNorenApp } from './support/noren';
import { usePreferences } from './support/preferences';
import { readStoredValue } from './support/session';
import { screenshotAt } from './support/screenshots';

// Issue 64, session 81's `charges_status: partial` in the browser: a live Shoonya position built partly through
// StrikeDesk (a lot of the ATM call bought from the desk's chain) and partly in Noren's own app (one more lot of the
// same call, same product, through the Noren test server's `from-app` control). The account's Position book reads the
// broker's position, 2 lots of which StrikeDesk priced one: its Charges tile says the figure is partly priced, with
// the note, never ₹0 nor a whole figure. The Positions screen shows the portfolio's share, StrikeDesk's own lot
// alone, whose charges are whole: the same figure, plain, and no note. At 360 px in English and French.

const words = {
  en: { partlyTile: /^\u2068?₹[\d,]+\.\d{2}\u2069? \(partly priced\)$/, note: /^Partly priced: charges of the fills placed here only\./ },
  fr: { partlyTile: /^\u2068?[\d\s]+,\d{2}\s₹\u2069? \(chiffrés en partie\)$/, note: /^Chiffrés en partie\s:\sfrais des exécutions passées ici seulement\./ },
} as const;

/** A tile's figure without the bidirectional isolates formatInr wraps it in. */
const figure = (text: string | null) => (text ?? '').replace(/[\u2068\u2069]/g, '').replace(/ \((partly priced|chiffrés en partie)\)$/, '');

async function nothingWiderThan360(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
}

test('a Shoonya position partly placed in Noren’s own app: the Position book’s charges partly priced with the note, the Positions screen’s share whole, at 360 px in en and fr', async ({ page, baseURL }) => {
  test.setTimeout(150_000);
  const { app } = await linkAndLogInNoren(page, 'shoonya', 'Shoonya partly', String(baseURL));
  // A portfolio under the account before the order, so the desk's order is the portfolio's (its share on the Positions screen).
  const auth = { authorization: `Bearer ${String(await readStoredValue(page, 'auth_token'))}` };
  const accounts = (await (await page.request.get('/api/accounts/all-accounts/', { headers: auth })).json()) as { broker_accounts: { id: number; name: string }[] };
  const account = accounts.broker_accounts.find((item) => item.name === 'Shoonya partly')!;
  const portfolio = await page.request.post('/api/portfolios/portfolios/', { headers: auth, data: { broker_account: account.id, name: 'Shoonya weekly', capital: 300000 } });
  expect(portfolio.status(), await portfolio.text()).toBe(201);
  const placed = await buyAtmCallLiveAtNoren(page, app, 'Shoonya partly');
  // One more lot of the same call and product bought in Noren's own app (no StrikeDesk tag): the broker's position is
  // 2 lots bought today, of which StrikeDesk's mirror holds one.
  await placeFromNorenApp(page.request, app, placed.token, { trantype: 'B', qty: Number(placed.qty), last: Number(placed.avgprc), prd: placed.prd });

  for (const locale of ['en', 'fr'] as const) {
    await usePreferences(page, { locale, theme: 'light', direction: 'ltr' });
    await page.setViewportSize({ width: 360, height: 800 });

    // The account's Position book: the broker's 2 lots, charges of StrikeDesk's lot alone, said to be partly priced.
    await page.goto('/app/position_book');
    const bookCharges = page.locator('[data-summary="charges"]');
    await expect(bookCharges).toHaveText(words[locale].partlyTile);
    const bookNote = page.locator('[data-field="charges-partly-priced"]');
    await expect(bookNote).toHaveText(words[locale].note);
    await expect(page.locator('[data-field="charges-not-priced"]')).toHaveCount(0);
    const known = figure(await bookCharges.textContent());
    // A figure, never ₹0: StrikeDesk priced its own lot.
    expect(known).not.toMatch(/^(₹0\.00|0,00\s₹)$/);
    await nothingWiderThan360(page);
    await screenshotAt(page, 360, `test-results/shoonya-partly-priced/position-book-${locale}-360.png`, bookNote);

    // The Positions screen: the portfolio's share is StrikeDesk's own lot, whole; the same charges, plain, no note.
    await page.goto('/app/position');
    const shareCharges = page.locator('[data-summary="charges"]');
    await expect(shareCharges).toHaveText(new RegExp(`^\\u2068?${known.replace(/[.$()]/g, '\\$&')}\\u2069?$`));
    await expect(page.locator('[data-field="charges-partly-priced"]')).toHaveCount(0);
    await expect(page.locator('[data-field="charges-not-priced"]')).toHaveCount(0);
    await nothingWiderThan360(page);
    await screenshotAt(page, 360, `test-results/shoonya-partly-priced/positions-${locale}-360.png`, shareCharges);
  }
});
