import { expect, test } from './support/test';
import { AppShell } from './pages/app-shell';
import { StrategyBuilderPage } from './pages/strategy-builder-page';
import { signInReadyToTrade } from './support/trading';

// The app's service worker runs here (the suite blocks it elsewhere, playwright.config.ts): this spec goes
// offline, waits for it to control the page, or meets its precache or push.
test.use({ serviceWorkers: 'allow' });

// The strategy builder on the real server and its simulated market: an iron condor from the preset, its
// figures, the "today" line following the IV slider, the four legs traded as one basket, and the same
// payoff drawn from the portfolio's real positions on /app/position.

const money = /₹/;

test('an iron condor from the preset is read, stressed, traded as one basket, and its live book has the same payoff at expiry', async ({ page }) => {
  test.setTimeout(120_000);
  const user = await signInReadyToTrade(page);
  const builder = new StrategyBuilderPage(page);
  await builder.open();
  // Next week's expiry: the nearest may be today, where every premium is a few paise.
  await builder.chooseExpiry(1);
  await builder.buildFromPreset('Iron condor', 4);
  // Hedges first: the two bought wings, then the two sold strikes.
  await expect(builder.legCards().nth(0)).toHaveAttribute('data-side', 'BUY');
  await expect(builder.legCards().nth(1)).toHaveAttribute('data-side', 'BUY');
  await expect(builder.legCards().nth(3)).toHaveAttribute('data-side', 'SELL');

  // Figures: capped profit and loss, two breakevens, a probability, and the broker's margin.
  await expect(builder.figure('max-profit')).toHaveText(money);
  await expect(builder.figure('max-loss')).toHaveText(money);
  await expect(builder.figure('max-loss')).not.toHaveText(/Unlimited/);
  await expect(builder.figure('breakevens')).toHaveText(/\d.*and.*\d/);
  await expect(builder.figure('probability')).toHaveText(/%/);
  await expect(builder.figure('margin')).toHaveText(money);
  // On an empty account the strategy's own margin and the margin after its positions are one figure.
  const afterPositions = page.getByTestId('margin-after-positions').locator('dd');
  await expect(afterPositions.locator('span > span').first()).toHaveText(await builder.figure('margin').locator('span > span').first().innerText());
  // Under it, the account's margin available as the Position book reads it (the server's; nothing held yet).
  const auth = { authorization: `Bearer ${user.token}` };
  const positionBook = await page.request.get(`/api/position-book/position-book/${user.accountNumber}`, { headers: auth });
  const { available } = ((await positionBook.json()) as { position_book: { margins: { available: number } } }).position_book.margins;
  expect(available).toBe(1_000_000);
  const availableLine = afterPositions.locator('[data-field="available"]');
  await expect(availableLine).toHaveText(/^Margin available \u2068?₹10,00,000\.00\u2069?$/);
  await expect(page.getByText(/Lognormal at the at-the-money implied volatility of the nearest expiry/)).toBeVisible();

  // More volatility: the short condor is worth less before expiry, so the dashed line moves.
  const before = await builder.todayLine().getAttribute('d');
  await builder.setVolatilityShift('0.15');
  await expect.poll(() => builder.todayLine().getAttribute('d')).not.toBe(before);
  await expect(page.getByText(/\+15\u2069? points/)).toBeVisible();

  await builder.tradeAll();
  await expect(builder.basketLegs()).toHaveCount(4);
  for (const leg of await builder.basketLegs().all()) await expect(leg).toHaveAttribute('data-status', 'filled');
  // The basket took margin: the builder asks again, and says less is available now.
  await expect(availableLine).toHaveText(/^Margin available \u2068?₹9,\d\d,\d{3}\.\d\d\u2069?$/);

  const response = await page.request.get(`/api/order-book/order-book/${user.accountNumber}`, { headers: auth });
  const book = ((await response.json()) as { order_book: { status: string; transaction_type: string; portfolio_id: number | null }[] }).order_book;
  expect(book).toHaveLength(4);
  expect(book.every((order) => order.status === 'COMPLETE' && order.portfolio_id === user.portfolioId)).toBe(true);
  expect(book.map((order) => order.transaction_type).sort()).toEqual(['BUY', 'BUY', 'SELL', 'SELL']);

  // The builder now prices the legs at their fills: the live book must draw the same payoff at expiry.
  await expect(page.getByText(/^Filled at/)).toHaveCount(4);
  const expected = {
    profit: await builder.figure('max-profit').textContent(),
    loss: await builder.figure('max-loss').textContent(),
    breakevens: await builder.figure('breakevens').textContent(),
  };

  await page.goto('/app/position');
  const livePayoff = page.getByRole('region', { name: 'Payoff of the open positions' });
  await expect(livePayoff).toBeVisible();
  await expect(livePayoff.getByTestId('max-profit').locator('dd')).toHaveText(expected.profit ?? '');
  await expect(livePayoff.getByTestId('max-loss').locator('dd')).toHaveText(expected.loss ?? '');
  await expect(livePayoff.getByTestId('breakevens').locator('dd')).toHaveText(expected.breakevens ?? '');
  await expect(livePayoff.getByTestId('expiry-line')).toBeVisible();
});

test('on a 360 px phone a strategy is saved, reopened offline read-only at its prices, shared as a link, and read in French, dark and right to left', async ({ page, context }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 360, height: 740 });
  await signInReadyToTrade(page);
  const builder = new StrategyBuilderPage(page);
  await builder.open();
  await page.evaluate(() => navigator.serviceWorker.ready);
  await builder.chooseExpiry(1);
  await builder.buildFromPreset('Bull call spread', 2);
  // On a phone the key figures show under the chart without a tap; the others are folded until asked for.
  await expect(builder.figure('max-profit')).toHaveText(money);
  await expect(builder.figure('probability')).toBeVisible();
  await expect(builder.figure('reward-risk')).toBeHidden();
  // The payoff is tall enough to read on the phone (it was ~150 px, the wide chart's shape).
  const payoff = page.getByRole('slider', { name: /crosshair|réticule/i }).first();
  expect((await payoff.boundingBox())!.height).toBeGreaterThanOrEqual(240);
  await page.getByRole('button', { name: 'More figures' }).click();
  await expect(builder.figure('reward-risk')).toBeVisible();
  await page.screenshot({ path: 'test-results/strategy-builder/phone-figures-360.png', fullPage: true });
  await builder.save('Spread');
  const link = await builder.shareLink('Spread');
  expect(new URL(link).pathname).toBe('/app/strategy-builder');

  // Offline: the saved strategy opens read-only with the prices it was saved with, and cannot be traded.
  await context.setOffline(true);
  await builder.savedStrategy('Spread').getByRole('button', { name: 'Open' }).click();
  await expect(page.getByText('A saved strategy, read-only')).toBeVisible();
  await expect(builder.legCards()).toHaveCount(2);
  await expect(builder.legCards().first().getByLabel('Strike')).toBeDisabled();
  // The figures stay unfolded, now at the snapshot's prices.
  await expect(builder.figure('max-profit')).toHaveText(money);
  await expect(page.getByRole('button', { name: /^Trade all/ })).toBeDisabled();
  await expect(page.getByText('You are offline: trading is disabled.')).toBeVisible();
  await context.setOffline(false);

  // The link opens the same legs, read-only, in another tab.
  const other = await context.newPage();
  await other.setViewportSize({ width: 360, height: 740 });
  await other.goto(link);
  await expect(other.getByText('A saved strategy, read-only')).toBeVisible();
  await expect(other.getByTestId('leg-card')).toHaveCount(2);
  await other.close();

  // French, dark, right to left: the page fits the phone and the chart still runs left to right.
  await new AppShell(page).useLayout({ theme: /^dark$/i, direction: /right to left/i, language: /français/i });
  await expect(page.locator('body')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Constructeur de stratégies');
  await expect(page.locator('figure[dir="ltr"]')).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: 'test-results/strategy-builder/fr-dark-rtl-360.png', fullPage: true });
});
