import { expect, test, type Page } from './support/test';
import { PortfolioPage } from './pages/portfolio-page';
import { signInReadyToTrade } from './support/trading';
import { usePreferences } from './support/preferences';

// Bot cards that know at once (issue 37): a bot just created, paused or resumed shows what it does today as
// soon as the server answered, not "Not known yet" (or its old day beside its new status) until a poll 5 s
// later. On the real server in demo mode; every "Not known yet" the page ever shows is recorded, so a flash
// of it between the answer and the read fails the test too.

/** Records, from now on, whether "Not known yet" appears anywhere on the page, however briefly. */
async function watchForUnknown(page: Page): Promise<() => Promise<boolean>> {
  await page.evaluate(() => {
    const flag = window as unknown as { sawUnknown: boolean };
    flag.sawUnknown = false;
    new MutationObserver(() => {
      if (document.body.textContent?.includes('Not known yet')) flag.sawUnknown = true;
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  return () => page.evaluate(() => (window as unknown as { sawUnknown: boolean }).sawUnknown);
}

test('a bot just created shows its real state on its card within a second, and a pause and a resume show theirs at once', async ({ page }) => {
  await signInReadyToTrade(page);
  const portfolios = new PortfolioPage(page);
  await portfolios.open();
  await portfolios.openBotsTab('Trading bots');
  await page.getByRole('button', { name: /new trading bot|create a bot from a base strategy/i }).first().click();
  await portfolios.fillBot('Short straddle', 'E2E fresh straddle', '1');
  const sawUnknown = await watchForUnknown(page);

  const created = page.waitForResponse((response) => response.request().method() === 'POST' && /\/api\/trading_bots\/trading_bots\/\d+\/$/.test(response.url()));
  await page.getByRole('dialog').getByRole('button', { name: 'Create bot' }).click();
  await created;
  const answeredAt = Date.now();
  const card = page.getByRole('article', { name: 'E2E fresh straddle' });
  // A trading bot waits for its signal (demo mode: its window is open now); "waiting" is the server's word.
  await expect(card.locator('[data-bot-state]')).toHaveAttribute('data-bot-state', 'waiting', { timeout: 1000 });
  expect(Date.now() - answeredAt).toBeLessThan(1000);
  expect(await sawUnknown()).toBe(false);

  // Paused: the card's day says paused with the Resume button, well inside the 5 s a poll would take.
  let clickedAt = Date.now();
  await card.getByRole('button', { name: 'Pause E2E fresh straddle' }).click();
  await expect(card.getByRole('button', { name: 'Resume E2E fresh straddle' })).toBeVisible();
  await expect(card.locator('[data-bot-state]')).toHaveAttribute('data-bot-state', 'paused', { timeout: 1000 });
  expect(Date.now() - clickedAt).toBeLessThan(1500);

  // Resumed (a paused paper bot resumes on the tap: no question, no account number), waiting again at once.
  clickedAt = Date.now();
  await card.getByRole('button', { name: 'Resume E2E fresh straddle' }).click();
  await expect(card.locator('[data-bot-state]')).toHaveAttribute('data-bot-state', 'waiting', { timeout: 1000 });
  expect(Date.now() - clickedAt).toBeLessThan(1500);
  expect(await sawUnknown()).toBe(false);
});

test('a bot card just paused, at 360 px in dark and right to left (en) and in French: its day fits and reads', async ({ page }) => {
  await signInReadyToTrade(page);
  const portfolios = new PortfolioPage(page);
  await portfolios.open();
  await portfolios.openBotsTab('Trading bots');
  await page.getByRole('button', { name: /new trading bot|create a bot from a base strategy/i }).first().click();
  await portfolios.fillBot('Short straddle', 'Expiry-day short straddle on NIFTY', '1');
  await page.getByRole('dialog').getByRole('button', { name: 'Create bot' }).click();
  const card = page.getByRole('article', { name: 'Expiry-day short straddle on NIFTY' });
  await card.getByRole('button', { name: 'Pause Expiry-day short straddle on NIFTY' }).click();
  await expect(card.locator('[data-bot-state]')).toHaveAttribute('data-bot-state', 'paused');

  for (const preferences of [
    { locale: 'en', theme: 'dark', direction: 'rtl' },
    { locale: 'fr', theme: 'dark', direction: 'ltr' },
  ] as const) {
    await usePreferences(page, preferences);
    await page.setViewportSize({ width: 360, height: 800 });
    await portfolios.page.goto('/app/portfolio');
    const shown = page.locator('article').filter({ hasText: 'Expiry-day short straddle on NIFTY' });
    await expect(shown.locator('[data-bot-state]')).toHaveAttribute('data-bot-state', 'paused');
    await expect(page.locator('html')).toHaveAttribute('dir', preferences.direction);
    // Nothing wider than the phone: the card's words wrap rather than push the page sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await shown.scrollIntoViewIfNeeded();
    await shown.screenshot({ path: `test-results/bot-cards/paused-${preferences.locale}-${preferences.theme}-${preferences.direction}-360.png` });
  }
});
