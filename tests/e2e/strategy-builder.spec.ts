import { expect, test } from '@playwright/test';
import { StrategyBuilderPage } from './pages/strategy-builder-page';
import { signInReadyToTrade } from './support/trading';

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
  await expect(page.getByText(/Lognormal at the at-the-money leg’s implied volatility/)).toBeVisible();

  // More volatility: the short condor is worth less before expiry, so the dashed line moves.
  const before = await builder.todayLine().getAttribute('d');
  await builder.setVolatilityShift('0.15');
  await expect.poll(() => builder.todayLine().getAttribute('d')).not.toBe(before);
  await expect(page.getByText(/\+15\u2069? points/)).toBeVisible();

  await builder.tradeAll();
  await expect(builder.basketLegs()).toHaveCount(4);
  for (const leg of await builder.basketLegs().all()) await expect(leg).toHaveAttribute('data-status', 'filled');

  const response = await page.request.get(`/api/order-book/order-book/${user.accountNumber}`, { headers: { authorization: `Bearer ${user.token}` } });
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
