import { expect, test, type Page } from './support/test';
import { deskContracts } from './support/desk-contracts';
import { dhanPin, linkFirstDhanAccount } from './support/dhan';

// Option minutes from a logged-in Dhan account on the Market history screen (issue 64), against the Dhan test
// server's intraday charts: the "Fetch from Dhan, Shoonya or Flattrade" panel, with one-minute candles, takes an
// expiry and a range of strikes, says what it asks while the server paces Dhan's requests, then what it stored of
// the expiry's calls and puts beside the index's minutes.

/** The IST day `daysBack` days before the browser's (pinned) today, as the date field takes it (dd/mm/yyyy) and as ISO. */
async function dayBefore(page: Page, daysBack: number): Promise<{ iso: string; typed: string }> {
  const now = await page.evaluate(() => Date.now());
  const iso = new Date(now + 5.5 * 3_600_000 - daysBack * 86_400_000).toISOString().slice(0, 10);
  return { iso, typed: `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}` };
}

test('fetches an expiry’s option minutes over three strikes from a logged-in Dhan account', async ({ page }) => {
  test.setTimeout(150_000);
  const { token, app, brokers } = await linkFirstDhanAccount(page, 'Dhan data');
  await brokers.logInToDhan('Dhan data', app.clientId, dhanPin);
  await expect(brokers.row('Dhan data')).toContainText('Logged in until');

  // Three of the strikes the desk (and so Dhan's scrip master) lists for the near expiry, around the middle.
  const { expiry, contracts } = await deskContracts(page.request, token);
  const strikes = [...new Set(contracts.map((contract) => contract.strike))].sort((a, b) => a - b);
  const middle = Math.floor(strikes.length / 2);
  const [low, high] = [strikes[middle - 1]!, strikes[middle + 1]!];
  const step = strikes[middle]! - low;

  await page.goto('/app/market_history');
  const panel = page.getByRole('region', { name: 'Fetch from Dhan, Shoonya or Flattrade' });
  await expect(panel).toBeVisible();
  await panel.getByLabel('Option expiry').fill(`${expiry.slice(8, 10)}/${expiry.slice(5, 7)}/${expiry.slice(0, 4)}`);
  await panel.getByLabel('Lowest strike').fill(String(low));
  await panel.getByLabel('Highest strike').fill(String(high));
  await panel.getByLabel('Every (₹)').fill(String(step));
  // The week before market-history-kite.spec's: NIFTY's minutes of a day are one broker's, and that spec counts the
  // minutes its own fetch stores on the shared server.
  const [from, to] = [await dayBefore(page, 14), await dayBefore(page, 8)];
  await panel.getByLabel('From').fill(from.typed);
  await panel.getByLabel('To').fill(to.typed);
  await panel.getByLabel('To').press('Tab');
  await panel.getByRole('button', { name: 'Fetch candles' }).click();
  // Three strikes' calls and puts: six contracts of the expiry, and the index's minutes of the same days.
  await expect(panel.getByRole('status')).toContainText(/Stored \u2068?[\d,]+\u2069? option minute candles of \u2068?6\u2069? contracts of the .+ expiry/, { timeout: 60_000 });
  await expect(panel.getByRole('status')).toContainText(/minute candles over \u2068?\d\u2069? days/);
});
