import { expect, test, type Page } from './support/test';
import { PortfolioPage } from './pages/portfolio-page';
import { signInReadyToTrade, type TradingUser } from './support/trading';
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

/** What the server says the bot does today (the card must say the same). */
async function serverState(page: Page, user: TradingUser, botId: number): Promise<string | undefined> {
  const response = await page.request.get(`/api/bots/state/${user.portfolioId}/`, { headers: { authorization: `Bearer ${user.token}` } });
  const body = (await response.json()) as { bots: Array<{ kind: string; bot_id: number; state: string }> };
  return body.bots.find((bot) => bot.kind === 'trading' && bot.bot_id === botId)?.state;
}

test('a bot just created shows its real state on its card at once, and a pause and a resume show theirs at once', async ({ page }) => {
  const user = await signInReadyToTrade(page);
  const portfolios = new PortfolioPage(page);
  await portfolios.open();
  await portfolios.openBotsTab('Trading bots');
  await page.getByRole('button', { name: /new trading bot|create a bot from a base strategy/i }).first().click();
  await portfolios.fillBot('Short straddle', 'E2E fresh straddle', '1');
  const sawUnknown = await watchForUnknown(page);

  const created = page.waitForResponse((response) => response.request().method() === 'POST' && /\/api\/trading_bots\/trading_bots\/\d+\/$/.test(response.url()));
  await page.getByRole('dialog').getByRole('button', { name: 'Create bot' }).click();
  const botId = ((await (await created).json()) as { trading_bot: { id: number } }).trading_bot.id;
  const answeredAt = Date.now();
  const card = page.getByRole('article', { name: 'E2E fresh straddle' });
  // A state the server gave, read at once after its answer ("Reading today's state…" meanwhile on a slow server),
  // never "Not known yet", and well before the 5 s poll this replaced. Typically 300–450 ms here; up to about 1 s
  // with four browsers on two cores, which is why the time is logged and bounded by the poll, not by a second.
  await expect(card.locator('[data-bot-state]')).toHaveAttribute('data-bot-state', /^[a-z_]+$/, { timeout: 5000 });
  const shownAfterMs = Date.now() - answeredAt;
  console.log(`created bot: its state on the card ${shownAfterMs} ms after the server's answer`);
  expect(shownAfterMs).toBeLessThan(5000);
  expect(await sawUnknown()).toBe(false);
  // (No comparison with a read made now: the engine's next tick may already have moved the bot on, a missed
  // entry on this server's clock, which the card learns at its next read.)

  // Paused: the card's day says paused with the Resume button, well inside the 5 s a poll would take.
  let clickedAt = Date.now();
  await card.getByRole('button', { name: 'Pause E2E fresh straddle' }).click();
  await expect(card.getByRole('button', { name: 'Resume E2E fresh straddle' })).toBeVisible();
  // The PUT and the read after it, on a loaded machine; the poll it replaces came up to 5 s later.
  expect(Date.now() - clickedAt).toBeLessThan(2500);
  const paused = await serverState(page, user, botId);
  // Paused, or what its run of the day says when that comes first (a missed entry stays missed).
  expect(['paused', 'missed', 'exited', 'not_today']).toContain(paused);
  // The card's day came with the button: it says what the server says, not the day before the pause.
  await expect(card.locator('[data-bot-state]')).toHaveAttribute('data-bot-state', paused!, { timeout: 1000 });

  // Resumed (a paused paper bot resumes on the tap: no question, no account number), waiting again at once.
  clickedAt = Date.now();
  await card.getByRole('button', { name: 'Resume E2E fresh straddle' }).click();
  await expect(card.getByRole('button', { name: 'Pause E2E fresh straddle' })).toBeVisible();
  expect(Date.now() - clickedAt).toBeLessThan(2500);
  await expect(card.locator('[data-bot-state]')).toHaveAttribute('data-bot-state', (await serverState(page, user, botId))!, { timeout: 1000 });
  expect(await sawUnknown()).toBe(false);
});

test('a bot card just paused, at 360 px in dark and right to left (en) and in French: its day fits and reads', async ({ page }) => {
  const user = await signInReadyToTrade(page);
  const portfolios = new PortfolioPage(page);
  await portfolios.open();
  await portfolios.openBotsTab('Trading bots');
  await page.getByRole('button', { name: /new trading bot|create a bot from a base strategy/i }).first().click();
  await portfolios.fillBot('Short straddle', 'Expiry-day short straddle on NIFTY', '1');
  const created = page.waitForResponse((response) => response.request().method() === 'POST' && /\/api\/trading_bots\/trading_bots\/\d+\/$/.test(response.url()));
  await page.getByRole('dialog').getByRole('button', { name: 'Create bot' }).click();
  const botId = ((await (await created).json()) as { trading_bot: { id: number } }).trading_bot.id;
  const card = page.getByRole('article', { name: 'Expiry-day short straddle on NIFTY' });
  await card.getByRole('button', { name: 'Pause Expiry-day short straddle on NIFTY' }).click();
  await expect(card.getByRole('button', { name: 'Resume Expiry-day short straddle on NIFTY' })).toBeVisible();

  for (const preferences of [
    { locale: 'en', theme: 'dark', direction: 'rtl' },
    { locale: 'fr', theme: 'dark', direction: 'ltr' },
  ] as const) {
    await usePreferences(page, preferences);
    await page.setViewportSize({ width: 360, height: 800 });
    await portfolios.page.goto('/app/portfolio');
    const shown = page.locator('article').filter({ hasText: 'Expiry-day short straddle on NIFTY' });
    // The card says what the server says the bot does today. Not the day read after the pause: the test takes
    // long enough under load for the bot's entry time to pass, and a paused bot's day is then "missed" (the
    // server's right answer, as the test above allows; CI's clone of 36d19cca met it).
    await expect
      .poll(async () => {
        const [onCard, onServer] = [await shown.locator('[data-bot-state]').getAttribute('data-bot-state'), await serverState(page, user, botId)];
        return onCard === onServer ? onCard : `the card says ${onCard}, the server ${onServer}`;
      })
      .toMatch(/^(paused|missed|exited|not_today)$/);
    const day = await shown.locator('[data-bot-state]').getAttribute('data-bot-state');
    await expect(page.locator('html')).toHaveAttribute('dir', preferences.direction);
    // Nothing wider than the phone: the card's words wrap rather than push the page sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await shown.scrollIntoViewIfNeeded();
    await shown.screenshot({ path: `test-results/bot-cards/${day}-${preferences.locale}-${preferences.theme}-${preferences.direction}-360.png` });
  }
});
