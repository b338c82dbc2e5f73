import { expect, onServerClock, test } from './support/test';
import { signInAsNewUser } from './support/session';

// Live prices to many traders (issue 37): traders watching the same chain share one stream's work on the
// server, down to its gzip bytes (server/http/price-channel.ts). Chromium must inflate what each gets: its own
// snapshot compressed for it alone, then the bytes every trader of the chain gets, joined at a full flush.
// Three traders open the same desk one after the other; each keeps ticking on its stream, which never fails
// (a body Chromium could not inflate fails its request, and the desk falls back to polling).
test('three traders on the same chain each tick on their stream, sharing its compression', async ({ browser }) => {
  test.setTimeout(120_000);
  const desks = [];
  for (let trader = 0; trader < 3; trader += 1) {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
    await onServerClock(context);
    const page = await context.newPage();
    const opened = { failures: [] as string[], polls: 0 };
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.endsWith('/functions/v1/market_data')) opened.polls += 1;
    });
    // A stream the desk reopens (its widgets subscribe one after the other) is aborted: that is no failure.
    page.on('requestfailed', (request) => {
      const error = request.failure()?.errorText ?? '';
      if (new URL(request.url()).pathname === '/api/market/stream/' && error !== 'net::ERR_ABORTED') opened.failures.push(error);
    });
    await signInAsNewUser(page);
    await page.goto('/app/dashboards/live-trade');
    const atm = page.getByRole('table', { name: /Option chain of NIFTY/ }).locator('tr[aria-current="true"]');
    await expect(atm).toHaveCount(1);
    desks.push({ context, atm, opened });
  }
  // Each keeps moving, tick after tick, once all three are in.
  for (let round = 0; round < 3; round += 1) {
    for (const { atm } of desks) {
      const shown = await atm.innerText();
      await expect.poll(async () => atm.innerText(), { timeout: 15_000 }).not.toBe(shown);
    }
  }
  for (const { context, opened } of desks) {
    expect(opened).toEqual({ failures: [], polls: 0 });
    await context.close();
  }
});
