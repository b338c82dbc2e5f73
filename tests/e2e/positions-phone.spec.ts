import { expect, test } from './support/test';
import { AppShell } from './pages/app-shell';
import { PositionsView } from './pages/positions-page';
import { buyOneLot, signInReadyToTrade } from './support/trading';

// Positions on a phone (issue 24): every positions screen shows net P&L and Square off without sideways
// scrolling, as cards telling MIS from NRML; the figures a screen shows agree; a position's stop-loss and
// target show on its row.

const screens = ['/app/dashboards/live-trade', '/app/position', '/app/position_book'] as const;

test('at 360 px every positions screen shows cards with net P&L and Square off, MIS and NRML told apart, with nothing to scroll sideways', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 360, height: 740 });
  const user = await signInReadyToTrade(page);
  expect(await buyOneLot(page, user, user.portfolioId, 'NRML')).toBe(200);
  expect(await buyOneLot(page, user, user.portfolioId, 'MIS')).toBe(200);
  const shell = new AppShell(page);
  const positions = new PositionsView(page);
  for (const path of screens) {
    await shell.open(path);
    await expect(positions.cards(), path).toHaveCount(2);
    await expect(positions.rows(), path).toHaveCount(0);
    // One card each: the product's word, and the hint read with it (MIS does not survive the day).
    await expect(positions.cards().locator('[data-field="product"]').filter({ hasText: /^MISMIS: Intraday/ })).toHaveCount(1);
    await expect(positions.cards().locator('[data-field="product"]').filter({ hasText: /^NRMLNRML: Overnight/ })).toHaveCount(1);
    for (const card of await positions.cards().all()) {
      await positions.expectWithinWidth(card.locator('[data-field="net-pnl"]'));
      await positions.expectWithinWidth(card.getByRole('button', { name: 'Square off' }));
    }
    expect(await positions.sidewaysOverflow(), path).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `test-results/positions-phone/${path.split('/').pop()}-360.png`, fullPage: true });
  }

  // French and dark: the same cards, still fitting.
  await shell.useLayout({ theme: /^dark$/i, language: /français/i });
  for (const path of screens) {
    await page.goto(path);
    await expect(page.getByRole('list', { name: 'Positions' }).locator('li[data-position]')).toHaveCount(2);
    await expect(page.getByRole('button', { name: 'Solder' }).first()).toBeVisible();
    expect(await positions.sidewaysOverflow(), path).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `test-results/positions-phone/${path.split('/').pop()}-360-fr-dark.png`, fullPage: true });
  }
});

test('the positions summary’s net P&L is the table’s total, tick after tick', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const user = await signInReadyToTrade(page);
  expect(await buyOneLot(page, user, user.portfolioId, 'NRML')).toBe(200);
  expect(await buyOneLot(page, user, user.portfolioId, 'MIS')).toBe(200);
  await page.goto('/app/position');
  const positions = new PositionsView(page);
  await expect(positions.rows()).toHaveCount(2);
  // Several reads over a few ticks of the simulated market (one a second) and a re-read of the server's.
  for (let read = 0; read < 6; read += 1) {
    const { summary, total } = await positions.summaryAndTotal();
    expect(summary).toMatch(/₹/);
    expect(total).toBe(summary);
    await page.waitForTimeout(900);
  }
  await page.screenshot({ path: 'test-results/positions-phone/position-1280.png', fullPage: true });
});

test('a stop-loss and a target placed from a position show on its row with their prices, and are modified and cancelled there', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const user = await signInReadyToTrade(page);
  expect(await buyOneLot(page, user, user.portfolioId)).toBe(200);
  await page.goto('/app/position');
  const row = new PositionsView(page).rows().first();
  await row.getByRole('button', { name: 'Stop-loss' }).click();
  let dialog = page.getByRole('dialog');
  const trigger = await dialog.getByLabel('Trigger price (₹)').inputValue();
  await dialog.getByRole('button', { name: 'Place' }).click();
  await expect(dialog.getByRole('status')).toContainText(/waiting for the trigger/);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await row.getByRole('button', { name: 'Target' }).click();
  dialog = page.getByRole('dialog');
  const target = await dialog.getByLabel('Target price (₹)').inputValue();
  await dialog.getByRole('button', { name: 'Place' }).click();
  await expect(dialog.getByRole('status')).toContainText(/open, waiting at/);
  await dialog.getByRole('button', { name: 'Done' }).click();

  // Amounts come isolated (U+2068 … U+2069) so they read whole in right-to-left layouts.
  const rupees = (value: string) => `\u2068?₹${Number(value).toLocaleString('en-IN', { minimumFractionDigits: 2 }).replace('.', '\\.')}\u2069?`;
  await expect(row.locator('[data-protection="stoploss"]')).toContainText(new RegExp(`trigger ${rupees(trigger)}`));
  await expect(row.locator('[data-protection="target"]')).toContainText(new RegExp(`limit ${rupees(target)}`));
  // Their place buttons give way to them: no second stop-loss by mistake.
  await expect(row.getByRole('button', { name: 'Stop-loss', exact: true })).toHaveCount(0);
  await expect(row.getByRole('button', { name: 'Target', exact: true })).toHaveCount(0);
  await page.screenshot({ path: 'test-results/positions-phone/protection-1280.png' });

  await row.getByRole('button', { name: 'Cancel the target' }).click();
  const cancel = page.getByRole('alertdialog');
  await cancel.getByRole('button', { name: 'Cancel order' }).click();
  // Cancelled: the dialog closes itself, and the notice says so.
  await expect(cancel).toBeHidden();
  await expect(page.getByRole('region', { name: 'Notifications' })).toContainText(/cancelled/);
  await expect(row.locator('[data-protection="target"]')).toHaveCount(0);
  await expect(row.getByRole('button', { name: 'Target', exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: 'Modify the stop-loss' })).toBeVisible();

  // On a phone the same row is a card, its stop-loss on it.
  await page.setViewportSize({ width: 360, height: 740 });
  const card = new PositionsView(page).cards().first();
  await expect(card.locator('[data-protection="stoploss"]')).toBeVisible();
  await new PositionsView(page).expectWithinWidth(card.getByRole('button', { name: 'Cancel the stop-loss' }));
  await page.screenshot({ path: 'test-results/positions-phone/protection-360.png', fullPage: true });
});

test('at 360 px a toast at the bottom never hides the last Square off: the page keeps room under it', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 360, height: 740 });
  const user = await signInReadyToTrade(page);
  const positions = new PositionsView(page);
  await page.goto('/app/position_book');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // A fill while the trader is on the page: its alert arrives as a toast at the bottom of the phone.
  expect(await buyOneLot(page, user, user.portfolioId)).toBe(200);
  const toasts = page.getByRole('region', { name: 'Notifications' });
  await expect(toasts.locator('[role="status"], [role="alert"]').first()).toBeVisible({ timeout: 20_000 });
  await expect(positions.cards()).toHaveCount(1);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const squareOff = positions.cards().last().getByRole('button', { name: 'Square off' });
  await squareOff.scrollIntoViewIfNeeded();
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  // What the trader's finger lands on at the button's centre is the button, not the toast over it.
  const box = (await squareOff.boundingBox())!;
  const hit = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest('button')?.textContent ?? null, { x: box.x + box.width / 2, y: box.y + box.height / 2 });
  expect(hit).toBe('Square off');
  // The room under the page is at least what the toast covers, so the end of any page scrolls above it.
  const room = await page.evaluate(() => {
    const stack = document.querySelector('section[aria-label="Notifications"]')!;
    return { padding: parseFloat(getComputedStyle(document.body).paddingBottom), covered: window.innerHeight - stack.getBoundingClientRect().top };
  });
  expect(room.covered).toBeGreaterThan(40);
  expect(room.padding).toBeGreaterThanOrEqual(room.covered - 1);
  await page.screenshot({ path: 'test-results/positions-phone/toast-360.png' });
});

test('the desk shows its portfolio’s positions from the first: while the portfolios load it reads no other book', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const user = await signInReadyToTrade(page);
  expect(await buyOneLot(page, user, user.portfolioId)).toBe(200);
  const accountBookReads: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/position-book/position-book/')) accountBookReads.push(request.url());
  });
  // The account's portfolios answer only once the rest of the desk has had its chance to read.
  let answerPortfolios = () => {};
  const portfoliosHeld = new Promise<void>((resolve) => (answerPortfolios = resolve));
  await page.route('**/api/portfolios/all-portfolios/**', async (route) => {
    await portfoliosHeld;
    await route.continue();
  });
  const portfoliosAsked = page.waitForRequest('**/api/portfolios/all-portfolios/**');
  await new AppShell(page).open('/app/dashboards/live-trade');
  await portfoliosAsked;
  // The account is known, its portfolios not yet: the desk says it is still loading, and shows no positions.
  await expect(page.getByRole('status').filter({ hasText: 'Loading your broker accounts…' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Positions' })).toHaveCount(0);
  answerPortfolios();
  await expect(new PositionsView(page).cards()).toHaveCount(1);
  expect(accountBookReads).toEqual([]);
});

test('at 360 px the portfolio protection arriving after the positions does not move "Square off all" under a tap', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 360, height: 740 });
  const user = await signInReadyToTrade(page);
  expect(await buyOneLot(page, user, user.portfolioId)).toBe(200);
  // The protection's own read is held until the positions show, as a slow answer would be.
  let answerProtection = () => {};
  const held = new Promise<void>((resolve) => (answerProtection = resolve));
  await page.route(/\/api\/portfolios\/portfolios\/\d+\/protection\/$/, async (route) => {
    await held;
    await route.continue();
  });
  const positions = new PositionsView(page);
  await page.goto('/app/position');
  await expect(positions.cards()).toHaveCount(1);
  const squareOffAll = page.getByRole('button', { name: 'Square off all' });
  await expect(squareOffAll).toBeVisible();
  const before = (await squareOffAll.boundingBox())!;
  answerProtection();
  await expect(page.getByRole('heading', { name: 'Portfolio protection' })).toBeVisible();
  const after = (await squareOffAll.boundingBox())!;
  expect(after.y).toBe(before.y);
});
