import { expect, test } from './support/test';
import { readStoredValue, signInAsNewUser } from './support/session';

// A chart's address loaded directly by a signed-in trader (a bookmark, a shared link, a reload): the screen starts
// its first read beside its files while boot is still restoring the session (lib/api/early-read.ts). Sent before
// the session was back, that read went without the token and its 401 signed the trader out (CI, 27 November: open
// interest and premium ended on the sign-in page). Here each chart screen is loaded cold at its address: every
// read of market history carries the token, nothing answers 401, the trader stays on the chart and sees its data
// (the suite's server starts with a recorded minute: support/start-server.ts).

test('each chart address loaded directly keeps the trader signed in and shows its data, its reads sent with the token', async ({ page }) => {
  test.setTimeout(90_000);
  await signInAsNewUser(page);
  const auth = { authorization: `Bearer ${String(await readStoredValue(page, 'auth_token'))}` };
  // The recorded straddle at the middle of NIFTY's nearest expiry's listed strikes.
  const expiries = (await (await page.request.get('/api/market/expiries/?index=NIFTY', { headers: auth })).json()) as { expiries: Array<{ date: string }> };
  const expiry = expiries.expiries[0]!.date;
  const listed = (await (await page.request.get(`/api/market/instruments/?index=NIFTY&expiry=${expiry}`, { headers: auth })).json()) as { instruments: Array<{ strike: number }> };
  const strikes = [...new Set(listed.instruments.map((instrument) => instrument.strike))];
  const strike = strikes[Math.floor(strikes.length / 2)]!;
  const legs = encodeURIComponent(`NIFTY:${expiry}:${strike}:CE:S:1,NIFTY:${expiry}:${strike}:PE:S:1`);

  const refused: string[] = [];
  const reads: Array<{ url: string; authorization: string | undefined }> = [];
  page.on('response', (response) => {
    if (response.status() === 401) refused.push(response.url());
  });
  page.on('request', (request) => {
    if (request.url().includes('/api/market-history/')) reads.push({ url: request.url(), authorization: request.headers().authorization });
  });
  const charts = [
    ['/app/open_interest?index=NIFTY', 'Open interest', page.getByTestId('oi-intraday')],
    ['/app/volatility?index=NIFTY', 'Implied volatility', page.getByTestId('iv-day-source')],
    [`/app/premium?legs=${legs}`, 'Strategy premium', page.getByTestId('premium-source')],
    // Its chart, or that no file is imported yet (another spec may have imported some on the suite's server).
    ['/app/participants', 'Participants', page.getByTestId('participants-chart').or(page.getByRole('region', { name: 'No participant data imported yet' }))],
  ] as const;
  for (const [address, heading, data] of charts) {
    reads.length = 0;
    await page.goto(address);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(data).toBeVisible();
    expect(new URL(page.url()).pathname).toBe(address.split('?')[0]);
    expect(refused).toEqual([]);
    expect(reads.length).toBeGreaterThan(0);
    expect(reads.filter((read) => read.authorization !== auth.authorization)).toEqual([]);
  }
  // Still signed in: the session's token is still stored.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Participants' })).toBeVisible();
});
