import { expect, test } from '@playwright/test';
import { AppShell } from './pages/app-shell';
import { signInAsNewUser } from './support/session';

// The simulated market on the real server (demo mode, one tick a second): the strip and the option chain
// move by themselves; offline, the prices pause, say so and show their age; back online they move again.
test('the option chain and the index strip tick live, pause offline with their age, and resume', async ({ page, context }) => {
  await signInAsNewUser(page);
  await page.goto('/app/dashboards/live-trade');

  const strip = page.getByRole('list', { name: 'Indices' });
  const nifty = strip.getByRole('listitem', { name: 'NIFTY', exact: true });
  await expect(nifty).toContainText(/\d{2},\d{3}\.\d{2}/);
  await expect(page.getByText('Demo market')).toBeVisible();

  const chain = page.getByRole('table', { name: /Option chain of NIFTY/ });
  await expect(chain).toBeVisible();
  const atm = chain.locator('tr[aria-current="true"]');
  await expect(atm).toHaveCount(1);
  await expect(atm).toContainText(/At the money/);
  await expect(chain.getByText(/^Spot \u2068?\d/)).toBeVisible();

  // Prices move: the at-the-money row's text changes within a few ticks.
  const first = await atm.innerText();
  await expect.poll(async () => atm.innerText(), { timeout: 15_000 }).not.toBe(first);

  // Offline: the banner says prices are paused and, after 5 s, every price shows its age.
  await context.setOffline(true);
  await expect(page.getByText('Prices paused while you are offline. The figures shown are as of their age.')).toBeVisible();
  await expect(nifty.getByText(/\d+ s old/)).toBeVisible({ timeout: 15_000 });
  await expect(atm.getByText(/\d+ s old/).first()).toBeVisible();

  // Back online: the prices move again and the age badges go.
  await context.setOffline(false);
  await expect(page.getByText(/Prices paused/)).toHaveCount(0);
  await expect(nifty.getByText(/s old/)).toHaveCount(0, { timeout: 15_000 });
  const resumed = await atm.innerText();
  await expect.poll(async () => atm.innerText(), { timeout: 15_000 }).not.toBe(resumed);
});

test('on a phone the chain shows one side at a time', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signInAsNewUser(page);
  await page.goto('/app/dashboards/live-trade');
  const calls = page.getByRole('button', { name: 'Calls (CE)' });
  const puts = page.getByRole('button', { name: 'Puts (PE)' });
  await expect(calls).toHaveAttribute('aria-pressed', 'true');
  const chain = page.getByRole('table', { name: /Option chain of NIFTY/ });
  await expect(chain.getByRole('columnheader', { name: 'Calls (CE)' })).toBeVisible();
  await expect(chain.getByRole('columnheader', { name: 'Puts (PE)' })).toBeHidden();
  await puts.click();
  await expect(chain.getByRole('columnheader', { name: 'Puts (PE)' })).toBeVisible();
  await expect(chain.getByRole('columnheader', { name: 'Calls (CE)' })).toBeHidden();
  await page.screenshot({ path: '.tmp/screens/market-chain-360.png', fullPage: false });
});

for (const width of [360, 1280]) {
  test(`the chain in French, dark and right to left at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await signInAsNewUser(page);
    const shell = new AppShell(page);
    await shell.open('/app/dashboards/live-trade');
    await shell.useLayout({ theme: /^dark$/i, direction: /right to left/i, language: /français/i });
    await expect(page.locator('body')).toHaveAttribute('dir', 'rtl');
    const chain = page.getByRole('table', { name: /Chaîne d’options de NIFTY/ });
    await expect(chain.locator('tr[aria-current="true"]')).toContainText(/À la monnaie/);
    await expect(page.getByText('Marché de démonstration')).toBeVisible();
    // The strip scrolls inside itself: the page is never wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: `test-results/market/chain-rtl-dark-fr-${width}.png` });
  });
}

test('two tabs share one price stream, and the second tab still ticks', async ({ page, context }) => {
  const streams: string[] = [];
  context.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/market/stream/') streams.push(request.frame().page() === page ? 'first' : 'second');
  });
  await signInAsNewUser(page);
  await page.goto('/app/dashboards/default');
  const firstNifty = page.getByRole('list', { name: 'Indices' }).getByRole('listitem', { name: 'NIFTY', exact: true });
  await expect(firstNifty).toContainText(/\d{2},\d{3}\.\d{2}/);

  const second = await context.newPage();
  await second.goto('/app/dashboards/live-trade');
  const atm = second.getByRole('table', { name: /Option chain of NIFTY/ }).locator('tr[aria-current="true"]');
  await expect(atm).toHaveCount(1);
  const before = await atm.innerText();
  await expect.poll(async () => atm.innerText(), { timeout: 15_000 }).not.toBe(before);
  // Only the first tab (the leader) ever opened a stream; the second follows it.
  expect(streams.length).toBeGreaterThan(0);
  expect(new Set(streams)).toEqual(new Set(['first']));
});
