import { expect, test } from './support/test';
import { AppShell } from './pages/app-shell';
import { signInReadyToTrade } from './support/trading';

// French everywhere (issue 24): the kill switch's audit event and the reason a bot stopped are written by the
// server as codes and said on the device, so the French interface reads them in French.
test.use({ locale: 'en-US' });

test('in French, a kill-switch event and the reason it stopped a bot read in French', async ({ page }) => {
  test.setTimeout(120_000);
  const user = await signInReadyToTrade(page);
  const auth = { authorization: `Bearer ${user.token}` };
  const strategies = (await (await page.request.get('/api/base_strategies/base_strategies/', { headers: auth })).json()) as {
    base_strategies: Array<{ id: number; slug: string }>;
  };
  const straddle = strategies.base_strategies.find((strategy) => strategy.slug === 'short_straddle')!;
  const created = await page.request.post(`/api/daily_bots/daily_bots/${user.portfolioId}/`, {
    headers: auth,
    data: {
      portfolio_id: user.portfolioId,
      name: 'Straddle du mardi',
      base_strategy: straddle.id,
      underlying: 'NIFTY',
      lots: 1,
      stop_loss_pct: 25,
      target_pct: 50,
      params: {},
      entry_time: '15:20',
      exit_time: '15:25',
      weekdays: [1, 2, 3, 4, 5],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  // Armed from the header with no reason of the trader's: the bot stops "turned on by you".
  const armed = await page.request.post('/api/kill-switch/arm/', {
    headers: { ...auth, 'idempotency-key': crypto.randomUUID() },
    data: { account_number: user.accountNumber, source: 'header' },
  });
  expect(armed.status(), await armed.text()).toBe(200);

  const shell = new AppShell(page);
  await shell.open('/app/order_book');
  await shell.useLayout({ language: /français/i });
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr-FR');

  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: width === 360 ? 740 : 800 });
    await page.goto('/app/kill-switch');
    const history = page.locator('details').filter({ hasText: /Nouveaux ordres bloqués/ }).first();
    await history.locator('summary').click();
    await expect(history.getByRole('listitem').first()).toContainText('Nouveaux ordres bloqués ; 0 ordre en cours annulé ; 0 sortie exécutée');
    await expect(history).not.toContainText('New orders blocked');
    await page.screenshot({ path: `test-results/french-kill-switch/kill-switch-fr-${width}.png`, fullPage: true });

    await page.goto(`/app/portfolio?portfolio=${user.portfolioId}`);
    await page.getByRole('tab', { name: /^Bots quotidiens/ }).click();
    await expect(page.getByText('Coupe-circuit : activé par vous').first()).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText('Kill switch: turned on by you')).toHaveCount(0);
    await page.screenshot({ path: `test-results/french-kill-switch/bot-reason-fr-${width}.png`, fullPage: true });
  }
});
