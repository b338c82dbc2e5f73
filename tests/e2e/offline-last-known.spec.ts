import { expect, test, type Page } from './support/test';
import { openInApp } from './support/in-app';
import { waitForControl } from './support/service-worker';
import { readStoredValue } from './support/session';
import { signInReadyToTrade } from './support/trading';

// The app's service worker runs here (the suite blocks it elsewhere, playwright.config.ts): this spec goes
// offline, waits for it to control the page, or meets its precache or push.
test.use({ serviceWorkers: 'allow' });

// Issue 36: offline, the dashboard's index tiles said "No price" while Market view showed its last snapshot
// with its time, and a portfolio showed its name but "The bots could not be loaded.". After one visit online,
// a reload offline (real service worker, real IndexedDB) shows every screen's last-known copy and when it is
// from: the indices' last prices with their age, the bots with their strategy and state, the price alerts,
// the backtest form's bots.

const stale = /^Last known, as of .* IST: it could not be refreshed\.$/;
const price = /^\u2068?\d{1,3}(,\d{2,3})*\.\d\d\u2069?$/;

/** Waits until the device holds the copy named (a write still under way is lost if the page goes at once). */
const keptOnDevice = (page: Page, name: string) => expect.poll(async () => (await readStoredValue(page, `snapshot:${name}`)) !== undefined).toBe(true);

/** The dashboard's Indices tile of one index: its price (or "No price") and its age. */
const indexTile = (page: Page, index: string) => page.getByRole('region', { name: 'Indices' }).getByRole('listitem').filter({ hasText: new RegExp(`^${index}`) }).first();

test('after one visit, a reload offline shows the indices, the bots, the price alerts and the backtest bots as last known, with their time', async ({ page, context }) => {
  test.setTimeout(180_000);
  const user = await signInReadyToTrade(page);
  const headers = { authorization: `Bearer ${user.token}` };
  const catalogue = (await (await page.request.get('/api/base_strategies/base_strategies/', { headers })).json()) as {
    base_strategies: Array<{ id: number; slug: string; name: string }>;
  };
  const straddle = catalogue.base_strategies.find((strategy) => strategy.slug === 'short_straddle')!;
  const bot = await page.request.post(`/api/trading_bots/trading_bots/${user.portfolioId}/`, {
    headers,
    data: { portfolio_id: user.portfolioId, name: 'Offline straddle', base_strategy: straddle.id, underlying: 'NIFTY', lots: 1, stop_loss_pct: 25, target_pct: 50, params: {} },
  });
  expect(bot.status(), await bot.text()).toBe(201);
  const alert = await page.request.post('/api/price-alerts/', { headers, data: { symbol: 'BANKNIFTY', direction: 'above', level: 99_000, repeat: 'once' } });
  expect(alert.status(), await alert.text()).toBe(201);

  // Online: the indices' prices arrive (and are kept on the device at once), then each screen once.
  await page.goto('/app/dashboards/default');
  await waitForControl(page);
  const nifty = indexTile(page, 'NIFTY');
  await expect(nifty.getByText(price)).toBeVisible();
  const niftyOnline = Number((await nifty.getByText(price).innerText()).replace(/[^\d.]/g, ''));
  await expect.poll(async () => Object.keys(((await readStoredValue(page, 'snapshot:market:last-quotes')) as { value?: object } | undefined)?.value ?? {})).toContain('NSE:NIFTY 50');

  // The other screens opened inside the app, as a trader moves; offline below, each is a page load, which is
  // what is tested.
  await openInApp(page, '/app/portfolio', { title: 'Portfolios' });
  const card = page.getByRole('article', { name: 'Offline straddle' });
  await expect(card.getByText(straddle.name)).toBeVisible();
  await expect(card.locator('[data-bot-state]')).toBeVisible();
  const stateOnline = await card.locator('[data-bot-state]').getAttribute('data-bot-state');
  for (const name of ['portfolios:accounts', `bots:trading:${user.portfolioId}`, `bots:states:${user.portfolioId}`, 'portfolios:base-strategies']) await keptOnDevice(page, name);
  await openInApp(page, '/app/strategy_alerts?view=price', { title: 'Alerts' });
  await expect(page.getByRole('list', { name: 'Your price alerts' }).getByText(/^BANKNIFTY above \u2068?99,000/)).toBeVisible();
  await keptOnDevice(page, 'alerts:price');
  await openInApp(page, '/app/backtests', { title: 'Backtests' });
  await expect(page.getByLabel('Bot').getByRole('option', { name: /Offline straddle/ })).toBeAttached();
  await keptOnDevice(page, 'backtests:bot-choices');

  await context.setOffline(true);
  // Each screen opened afresh offline: only what the device kept.
  await page.goto('/app/dashboards/default');
  await expect(page.getByText('No price')).toHaveCount(0);
  await expect(nifty.getByText(price)).toBeVisible();
  // The price last received (not a made-up one), with how old it is.
  const niftyOffline = Number((await nifty.getByText(price).innerText()).replace(/[^\d.]/g, ''));
  expect(Math.abs(niftyOffline - niftyOnline) / niftyOnline).toBeLessThan(0.01);
  await expect(nifty.getByText(/ s old$| min old$|^as of .* IST$/)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Indices' }).getByRole('listitem')).toHaveCount(5);

  await page.goto('/app/portfolio');
  await expect(card.getByText(straddle.name)).toBeVisible();
  await expect(card.locator('[data-bot-state]')).toHaveAttribute('data-bot-state', stateOnline!);
  const bots = page.getByRole('region', { name: /^Bots in/ });
  await expect(bots.getByText(stale)).toBeVisible();
  await expect(page.getByText('The bots could not be loaded.')).toHaveCount(0);
  await expect(card.getByText('Unknown strategy')).toHaveCount(0);

  await page.goto('/app/strategy_alerts?view=price');
  await expect(page.getByRole('list', { name: 'Your price alerts' }).getByText(/^BANKNIFTY above \u2068?99,000/)).toBeVisible();
  await expect(page.getByText(stale).first()).toBeVisible();
  await expect(page.getByText('Your price alerts could not be loaded.')).toHaveCount(0);
  // The strip's kept price is not a live one: a new alert's level cannot be checked against it.
  await expect(page.getByText('No live price now: whether the level is already passed cannot be checked.')).toBeVisible();

  await page.goto('/app/backtests');
  await expect(page.getByLabel('Bot').getByRole('option', { name: /Offline straddle/ })).toBeAttached();
  await expect(page.getByText('Your bots could not be loaded.')).toHaveCount(0);
  await expect(page.getByText(stale).first()).toBeVisible();
  await context.setOffline(false);
});
