import { test } from './support/test';
import { linkAndLogInNoren } from './support/noren';
import { expectNorenDepthAt360, expectNorenDepthDelayedAndBack, expectNorenDepthFollowsAMove } from './support/noren-depth';

// Flattrade's five-level market depth in the order ticket (issue 64), against the Noren test server start-server.ts
// runs in Flattrade's configuration. Flattrade shares the Noren adapter with Shoonya (shoonya-depth.spec.ts) but
// not its login (Flattrade's page, its ?code=&client= redirect and its own checksum, as in flattrade-live.spec.ts)
// nor its name: the ladder is "Market depth (Flattrade, 5 levels)", with the five levels its feed sends, following
// a move, saying when the feed has gone quiet and coming back; then at 360 px in French and English. Prices and
// the feed's silence are this user's alone (`uid`), so the Flattrade specs beside it keep theirs.

test('a Flattrade account’s order ticket: the 5-level depth as Noren sends it, a price move, delayed when the feed is silent, at 360 px in fr and en', async ({ page, baseURL }) => {
  test.setTimeout(150_000);
  const { app } = await linkAndLogInNoren(page, 'flattrade', 'Flattrade depth', String(baseURL));
  const opened = await expectNorenDepthFollowsAMove(page, app, 'Flattrade');
  await expectNorenDepthDelayedAndBack(page, app, opened, 'Flattrade', 150);
  for (const locale of ['fr', 'en'] as const) await expectNorenDepthAt360(page, 'Flattrade', locale, 120, `test-results/flattrade-depth/depth-${locale}-360.png`);
});
