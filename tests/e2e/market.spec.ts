import { expect, test } from './support/test';
import { AppShell } from './pages/app-shell';
import { signInAsNewUser } from './support/session';

// The app's service worker runs here (the suite blocks it elsewhere, playwright.config.ts): this spec goes
// offline, waits for it to control the page, or meets its precache or push.
test.use({ serviceWorkers: 'allow' });

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

// On a phone both sides show their last price and OI (option-chain.spec.ts).

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
    // On a phone the strip's badge says just "Démo", so the first index fits beside it.
    const strip = page.getByRole('region', { name: 'Cours des indices' });
    await expect(strip.getByText(width < 640 ? 'Démo' : 'Marché de démonstration', { exact: true })).toBeVisible();
    if (width < 640) {
      const [first, edge] = await strip.getByRole('listitem').first().evaluate((tile) => {
        const box = tile.getBoundingClientRect();
        const region = (tile.closest('section') as HTMLElement).getBoundingClientRect();
        // Right to left, the row starts at the right: the first index ends inside the strip's left edge.
        return [box.left, region.left];
      });
      expect(first).toBeGreaterThanOrEqual(edge);
    }
    // The strip scrolls inside itself: the page is never wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    // Every picker shows its whole label and its whole choice ("23/11/2026 (mensuelle)" was cut at 360 px):
    // over the chain on a laptop, in the sheet the desk's one line opens on a phone.
    if (width < 768) await page.getByTestId('desk-fold').click();
    const pickers = (width < 768 ? page.getByRole('dialog', { name: 'Compte et chaîne' }) : page.getByRole('region', { name: 'Chaîne d’options' })).getByRole('combobox');
    await expect(pickers).toHaveCount(3);
    await expect(pickers.nth(2)).toHaveValue(/\d{4}-\d{2}-\d{2}/);
    // The account and expiry are selects; the underlying is a search box (a combobox input) showing its choice.
    const cut = await pickers.evaluateAll((pickerElements) =>
      (pickerElements as Array<HTMLSelectElement | HTMLInputElement>).flatMap((select) => {
        const style = getComputedStyle(select);
        const context = document.createElement('canvas').getContext('2d')!;
        context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const text = select instanceof HTMLSelectElement ? (select.selectedOptions[0]?.text ?? '') : select.value;
        const room = select.clientWidth - parseFloat(style.paddingInlineStart) - parseFloat(style.paddingInlineEnd);
        const label = select.labels?.[0];
        const problems: string[] = [];
        if (context.measureText(text).width > room) problems.push(`"${text}" needs ${Math.ceil(context.measureText(text).width)} px, has ${room}`);
        if (label !== undefined && label.scrollWidth > label.clientWidth) problems.push(`label "${label.textContent}" is cut`);
        return problems;
      }),
    );
    expect(cut).toEqual([]);
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

test('offline, a reload still shows the chain’s strikes, and no price rather than an invented one', async ({ page, context }) => {
  await signInAsNewUser(page);
  await page.goto('/app/dashboards/live-trade');
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  const chain = page.getByRole('table', { name: /Option chain of NIFTY/ });
  await expect(chain.locator('tr[aria-current="true"]')).toHaveCount(1);
  const listed = await chain.getByRole('rowheader').allInnerTexts();
  expect(listed).toHaveLength(21);

  await context.setOffline(true);
  const response = await page.reload();
  expect(response?.fromServiceWorker()).toBe(true);
  // The strikes come from the copy kept for the trading day.
  await expect(chain).toBeVisible({ timeout: 20_000 });
  const strikes = chain.getByRole('rowheader');
  await expect(strikes).toHaveCount(21);
  for (const strike of await strikes.allInnerTexts()) expect(strike).toMatch(/^\u2068?\d{2},\d{3}\u2069?(\nAt the money)?$/);
  // No price arrived since the reload: the chain says why. Each of the 42 contracts shows either no price or
  // the last one kept on the device with its age, never a bare figure: which of the two depends on whether the
  // page wrote its copy (kept-quotes.ts: the first prices at once, then at most every 10 s) after the chain's
  // prices came, so both are right; the age shows once a price is 5 s old.
  await expect(page.getByText('You are offline: prices stop until the connection returns, and any shown are the last kept on this device, each as old as marked. The strikes are those kept for today.')).toBeVisible();
  const aged = /\d+ s old|\d+ min old|as of/;
  const shownHonestly = async () => (await chain.getByLabel('No price').count()) + (await chain.locator('tbody td:not([colspan])').filter({ hasText: aged }).count());
  await expect.poll(shownHonestly, { timeout: 20_000 }).toBe(42);
  const nifty = page.getByRole('list', { name: 'Indices' }).getByRole('listitem', { name: 'NIFTY', exact: true });
  await expect(nifty).toContainText(/\d+ s old|as of/);
  // The spot line (the one cell spanning the row) is the same kept level, with its age.
  await expect(chain.locator('tr', { hasText: /^Spot / })).toContainText(/\d+ s old|\d+ min old|as of/);
  await page.screenshot({ path: 'test-results/market/chain-offline-reload.png' });

  // Back online, prices arrive by themselves.
  await context.setOffline(false);
  await expect(chain.locator('tr[aria-current="true"]')).toHaveCount(1, { timeout: 20_000 });
  await expect(chain.getByLabel('No price')).toHaveCount(0);
});
