import { expect, test, type Page } from './support/test';
import { OrderBookPage } from './pages/order-book-page';
import { StrategyBuilderPage } from './pages/strategy-builder-page';
import { contractWords } from './support/contract-words';
import { usePreferences } from './support/preferences';
import { buyOneCall, placeWorkingOrder, signInReadyToTrade, type TradingUser } from './support/trading';

// Issue 62's smaller things at 360 px, as a trader on a phone met them: the order book kept an SL order's
// trigger to itself and scrolled in a box of its own, a two-line question filled the screen, the builder was
// a 4,700 px scroll, and the dark chain's spot line read olive.

test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
const shots = 'test-results/narrow-screens';

/** A sell stop-loss far under the market on the contract held: it waits, trigger pending. */
async function placeStopLoss(page: Page, user: TradingUser, tradingsymbol: string): Promise<void> {
  const placed = await page.request.post('/api/order-book/order-book/place_trades/', {
    headers: { authorization: `Bearer ${user.token}`, 'idempotency-key': crypto.randomUUID() },
    data: {
      account_number: user.accountNumber,
      portfolio_id: user.portfolioId,
      orders: [{ tradingsymbol, exchange: 'NFO', transaction_type: 'SELL', order_type: 'SL', product: 'NRML', quantity: 65, price: 0.95, trigger_price: 1 }],
    },
  });
  expect(placed.ok(), await placed.text()).toBe(true);
}

test('the phone’s order book names contracts in words, shows the SL trigger and scrolls with the page; a question is a sheet of its own height', async ({ page }) => {
  test.setTimeout(180_000);
  const user = await signInReadyToTrade(page);
  const bought = await buyOneCall(page, user, { portfolioId: user.portfolioId });
  expect(bought.status).toBe(200);
  await placeStopLoss(page, user, bought.tradingsymbol);
  for (let n = 0; n < 5; n += 1) expect((await placeWorkingOrder(page, user)).ok()).toBe(true);

  await new OrderBookPage(page).open();
  const cards = page.getByRole('list', { name: 'Orders' }).getByRole('listitem');
  await expect(cards).toHaveCount(7);
  // The stop-loss, found by its type, named in words, its trigger under its price as the table shows it.
  const stop = cards.filter({ hasText: 'Stop-loss' });
  await expect(stop).toContainText(new RegExp(contractWords(bought.tradingsymbol)));
  await expect(stop.locator('[data-field="price"]')).toHaveText(/^\u2068?0\.95\u2069?trig\. \u2068?1\.00\u2069?$/);
  await expect(page.getByText(bought.tradingsymbol, { exact: true })).toHaveCount(0);
  // Seven cards run past the screen: the page scrolls, nothing inside it does.
  const scrollers = await page.evaluate(() =>
    [...document.querySelectorAll('main *')].filter((element) => {
      const style = getComputedStyle(element);
      return /(auto|scroll)/.test(style.overflowY) && element.scrollHeight > element.clientHeight + 1;
    }).length,
  );
  expect(scrollers).toBe(0);
  expect(await page.evaluate(() => document.documentElement.scrollHeight > window.innerHeight)).toBe(true);
  await page.screenshot({ path: `${shots}/orders-360.png`, fullPage: true });

  // Cancel: a two-line question at the foot of the screen, the book still in view above it.
  await cards.first().getByRole('button', { name: 'Cancel' }).click();
  const question = page.getByRole('alertdialog', { name: /^Cancel the order for / });
  await expect(question).toBeVisible();
  const panel = (await page.locator('.rounded-t-xl').filter({ has: page.getByRole('button', { name: 'Cancel order' }) }).boundingBox())!;
  expect(panel.height).toBeLessThan(740 / 2);
  expect(Math.round(panel.y + panel.height)).toBeGreaterThanOrEqual(739);
  await page.screenshot({ path: `${shots}/cancel-question-360.png` });
  await question.getByRole('button', { name: 'Cancel order' }).click();
  await expect(question).toBeHidden();
});

test('the phone’s builder folds each leg’s fields and reaches Trade all in a tap', async ({ page }) => {
  test.setTimeout(180_000);
  await signInReadyToTrade(page);
  const builder = new StrategyBuilderPage(page);
  await builder.open();
  await builder.buildFromPreset('Iron condor', 4);
  const first = builder.legCards().first();
  await expect(first.getByLabel('Strike')).toBeHidden();
  await expect(first).toContainText(/NIFTY \d{2} \S+ \d+ (CE|PE)/);
  // Four legs' fields made it a 4,880 px page here; folded, about 3,600 px (the chart, figures and the account's fields stay).
  expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThan(3700);
  await page.screenshot({ path: `${shots}/builder-360.png`, fullPage: true });
  await first.getByRole('button', { name: 'Change leg 1' }).click();
  await expect(first.getByLabel('Strike')).toBeVisible();
  await expect(first.getByRole('button', { name: 'Change leg 1' })).toHaveAttribute('aria-expanded', 'true');
  await page.getByRole('link', { name: 'Go to Trade all' }).click();
  await expect(page.getByRole('button', { name: /^Trade all/ })).toBeInViewport();
});

test('the dark chain’s spot line is not olive (right to left, 360 px)', async ({ page }) => {
  test.setTimeout(180_000);
  await signInReadyToTrade(page);
  await usePreferences(page, { locale: 'en', theme: 'dark', direction: 'rtl' });
  await page.goto('/app/dashboards/live-trade');
  const spot = page.locator('[data-spot-line]');
  await expect(spot).toBeVisible({ timeout: 30_000 });
  // Amber-brown, red over green: warn at 10 % over the dark blue was green over red (olive). Read until the row's
  // colour is there: the chain re-renders its rows as prices tick, and a row read while replaced gave no colour (CI).
  let rgb: number[] = [];
  await expect
    .poll(async () => {
      rgb = ((await spot.evaluate((row) => getComputedStyle(row).backgroundColor)).match(/\d+/g) ?? []).map(Number);
      return rgb.length;
    })
    .toBeGreaterThanOrEqual(3);
  const [red, green] = rgb;
  expect(red!).toBeGreaterThan(green!);
  await spot.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${shots}/chain-dark-rtl-360.png` });
});
