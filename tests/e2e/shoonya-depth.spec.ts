import { expect, test } from './support/test';
import { linkAndLogInNoren, setNorenLast } from './support/noren';
import { expectNorenDepthAt360, expectNorenDepthDelayedAndBack, expectNorenDepthFollowsAMove } from './support/noren-depth';

// Shoonya's five-level market depth in the order ticket (issue 64), from the depth frames of Noren's own market feed
// (`{"t":"d"}` answered `dk`, then `df` with what changed), against the Noren test server start-server.ts runs in
// Shoonya's configuration. Its levels stand a tick (0.05) apart from the contract's last price: level n a bid of
// 650·n in n orders, an offer of 1300·n in 2n orders; a bid below ₹0.05 is sent empty. The ladder shows Noren's
// levels as sent (a thin book's fewer bids, none made up), follows a price move, and says "prices delayed" when
// the feed goes silent (nothing for 5 s, not even a pong to Noren's 3-second ping), then comes back with the book it
// missed; then at 360 px in English and French.

test('a Shoonya account’s order ticket: the 5-level depth as Noren sends it, a price move, delayed when the feed is silent, at 360 px in en and fr', async ({ page, baseURL }) => {
  test.setTimeout(150_000);
  const { app } = await linkAndLogInNoren(page, 'shoonya', 'Shoonya depth', String(baseURL));
  // Prices moved and the feed silenced for this user's sockets alone: the Shoonya specs beside this one on the shared
  // test server keep their own (the ATM call they trade at its price, their feed live).
  const uid = app.userId;
  // The five levels at ₹100 as sent, then a move to ₹150 followed (support/noren-depth.ts, as on Flattrade).
  const opened = await expectNorenDepthFollowsAMove(page, app, 'Shoonya (Finvasia)');
  const { ladder, level } = opened;

  // A thin premium: Noren sends two bids (₹0.10 and ₹0.05) and pads the rest empty; the ladder shows two, makes none up.
  await setNorenLast(page.request, 'shoonya', opened.norenToken, 0.15, uid);
  await expect.poll(() => level(0)).toEqual(['1', '650', '0.10', '0.20', '1,300', '2']);
  await expect.poll(() => level(2)).toEqual(['', '', '', '0.30', '3,900', '6']);
  await expect(ladder.locator('tbody tr')).toHaveCount(5);

  // Back at ₹150, then silent and heard again (support/noren-depth.ts): "prices delayed" with the last book kept, then the book it missed.
  await setNorenLast(page.request, 'shoonya', opened.norenToken, 150, uid);
  await expectNorenDepthDelayedAndBack(page, app, opened, 'Shoonya (Finvasia)', 150);

  // At 360 px in English and French: the five levels in the ticket, nothing wider than the screen.
  for (const locale of ['en', 'fr'] as const) await expectNorenDepthAt360(page, 'Shoonya (Finvasia)', locale, 120, `test-results/shoonya-depth/depth-${locale}-360.png`);
});
