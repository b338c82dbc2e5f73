import { expect, test, type Page } from './support/test';
import { AppShell } from './pages/app-shell';
import { StrategyBuilderPage } from './pages/strategy-builder-page';
import { signInReadyToTrade } from './support/trading';

// A recommendation as a whole (issue 24: its legs could only be traded one at a time): opened in the
// strategy builder with every leg live, and placed as one basket after the ticket's review, on the
// account named with its Paper badge, once.

const firstCard = (page: Page) => page.getByRole('article').first();
const legsOf = (page: Page) => firstCard(page).getByRole('listitem');

test('a recommendation opens in the builder with its legs and is placed as one basket after its review', async ({ page }) => {
  test.setTimeout(120_000);
  const user = await signInReadyToTrade(page);
  await page.goto('/app/recommendations');
  await expect(firstCard(page)).toBeVisible();
  const legCount = await legsOf(page).count();
  expect(legCount).toBeGreaterThan(1);
  // The rationale names its expiry as a date of the interface, not an ISO day.
  await expect(firstCard(page)).not.toContainText(/\d{4}-\d{2}-\d{2}/);
  await expect(firstCard(page)).toContainText(/on the \d{2} [A-Z][a-z]{2} \d{4} expiry/);

  await firstCard(page).getByRole('link', { name: 'Open in builder' }).click();
  const builder = new StrategyBuilderPage(page);
  await expect(page).toHaveURL(/\/app\/strategy-builder\?/);
  await expect(builder.legCards()).toHaveCount(legCount, { timeout: 20_000 });
  // Its own margin and the margin after the account's positions, each labelled.
  await expect(page.getByTestId('margin')).toContainText(/Margin, this strategy alone.*₹/, { timeout: 20_000 });
  await expect(page.getByTestId('margin-after-positions')).toContainText(/Margin after your positions.*₹/);

  await page.goBack();
  await firstCard(page).getByRole('button', { name: 'Trade as basket' }).click();
  const review = page.getByRole('dialog');
  await expect(review.getByText('Paper', { exact: true })).toBeVisible();
  await expect(review.getByTestId('basket-review').getByRole('listitem')).toHaveCount(legCount);
  // Hedges first, each in the ticket's review words.
  await expect(review.getByTestId('basket-review').getByRole('listitem').first()).toHaveText(/^Buy \u2068?\d+\u2069? \w+ at market, (Intraday|Overnight).*\?$/);
  const orderRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/place_trades/')) orderRequests.push(request.headers()['idempotency-key'] ?? '');
  });
  await review.getByRole('button', { name: `Place ${legCount} orders` }).click();
  await expect(review.locator('[data-order-status]')).toHaveCount(legCount, { timeout: 20_000 });
  await expect(review.getByRole('button', { name: 'Place' })).toHaveCount(0);
  expect(orderRequests).toHaveLength(1);
  expect(orderRequests[0]).toMatch(/^[\w-]{16,}$/);

  const response = await page.request.get(`/api/order-book/order-book/${user.accountNumber}`, { headers: { authorization: `Bearer ${user.token}` } });
  const book = ((await response.json()) as { order_book: { tag: string | null; portfolio_id: number | null }[] }).order_book;
  expect(book).toHaveLength(legCount);
  expect(new Set(book.map((order) => order.tag)).size).toBe(1);
  expect(book.every((order) => order.portfolio_id === user.portfolioId)).toBe(true);
});

test('a basket opened before the account\'s portfolios have loaded waits for them, then its orders belong to the portfolio', async ({ page }) => {
  test.setTimeout(120_000);
  const user = await signInReadyToTrade(page);
  // The account's portfolios answer only when the test says so.
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/api\/portfolios\/all-portfolios\/\d+\/$/, async (route) => {
    await released;
    await route.continue();
  });
  await page.goto('/app/recommendations');
  await firstCard(page).getByRole('button', { name: 'Trade as basket' }).click();
  const review = page.getByRole('dialog');
  const place = review.getByRole('button', { name: /^Place \d+ orders$/ });
  await expect(review.getByText('The account’s portfolios are still loading.')).toBeVisible();
  await expect(place).toBeDisabled();

  release();
  await expect(place).toBeEnabled();
  await place.click();
  await expect(review.getByRole('button', { name: 'Place' })).toHaveCount(0, { timeout: 20_000 });
  const response = await page.request.get(`/api/order-book/order-book/${user.accountNumber}`, { headers: { authorization: `Bearer ${user.token}` } });
  const book = ((await response.json()) as { order_book: { portfolio_id: number | null }[] }).order_book;
  expect(book.length).toBeGreaterThan(1);
  expect(book.map((order) => order.portfolio_id)).toEqual(book.map(() => user.portfolioId));
});

test('screenshots: a recommendation card, the builder\'s margin figures and the ticket\'s margin lines at 360 and 1280 px, en and fr', async ({ page }) => {
  test.setTimeout(180_000);
  await signInReadyToTrade(page);
  const shell = new AppShell(page);
  for (const language of ['en', 'fr'] as const) {
    if (language === 'fr') {
      await shell.open('/app/recommendations');
      await shell.useLayout({ language: /français/i });
    }
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/app/recommendations');
      await expect(firstCard(page)).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await firstCard(page).screenshot({ path: `test-results/recommendations/card-${language}-${width}.png` });
      await firstCard(page).getByRole('link', { name: language === 'en' ? 'Open in builder' : 'Ouvrir dans la création de stratégie' }).click();
      await expect(page.getByTestId('margin-after-positions')).toContainText('₹', { timeout: 20_000 });
      // On a phone the margin sits under the builder's "More figures".
      if (width === 360) await page.getByRole('button', { name: language === 'en' ? 'More figures' : 'Plus de chiffres' }).click();
      await page.getByTestId('margin').scrollIntoViewIfNeeded();
      await page.screenshot({ path: `test-results/recommendations/builder-margin-${language}-${width}.png` });
      await page.goto('/app/dashboards/live-trade');
      const chain = page.getByRole('table', { name: language === 'en' ? /Option chain of NIFTY/ : /Chaîne d’options de NIFTY/ });
      await chain.locator('tr[aria-current="true"]').getByRole('button', { name: language === 'en' ? /, trade NIFTY.*CE$/ : /, négocier NIFTY.*CE$/ }).click();
      const ticket = page.getByTestId('order-ticket');
      await expect(ticket.getByTestId('margin-lines')).toBeVisible({ timeout: 20_000 });
      await ticket.getByTestId('margin-lines').scrollIntoViewIfNeeded();
      await ticket.screenshot({ path: `test-results/recommendations/ticket-margins-${language}-${width}.png` });
    }
  }
});
