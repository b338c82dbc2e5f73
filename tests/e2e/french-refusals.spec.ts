import { expect, test } from './support/test';
import { AppShell } from './pages/app-shell';
import { placeWorkingOrder, signInReadyToTrade } from './support/trading';

// French everywhere (issue 24): a refusal before the broker (here a risk limit) is answered with its code in
// the Error's details.text, so the order ticket says it in French; and a bot whose entry the same limit
// refused keeps the reason coded, so its history reads it in French. A modification the server refuses (the
// order was cancelled meanwhile) is said in French in the Modify dialog too.
test.use({ locale: 'en-US' });

const shots = 'test-results/french-refusals';

test('in French, a risk-limit refusal in the ticket and a bot’s refused entry in its history read in French', async ({ page }) => {
  test.setTimeout(150_000);
  const user = await signInReadyToTrade(page);
  const auth = { authorization: `Bearer ${user.token}` };
  const limits = await page.request.put(`/api/risk-limits/${user.accountNumber}/`, {
    headers: auth,
    data: { max_loss_today: null, profit_lock_from: null, profit_lock_keep_pct: null, max_trades_today: null, max_lots_per_order: 1, max_open_positions: null },
  });
  expect(limits.status(), await limits.text()).toBe(200);

  // A bot of 2 lots due a minute ago (the engine enters up to 10 minutes late): the limit of 1 lot refuses it.
  const now = await page.evaluate(() => new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Kolkata', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(Date.now() - 60_000)));
  const strategies = (await (await page.request.get('/api/base_strategies/base_strategies/', { headers: auth })).json()) as {
    base_strategies: Array<{ id: number; slug: string }>;
  };
  const straddle = strategies.base_strategies.find((strategy) => strategy.slug === 'short_straddle')!;
  const created = await page.request.post(`/api/daily_bots/daily_bots/${user.portfolioId}/`, {
    headers: auth,
    data: {
      portfolio_id: user.portfolioId,
      name: 'Straddle refusé',
      base_strategy: straddle.id,
      underlying: 'NIFTY',
      lots: 2,
      stop_loss_pct: 25,
      target_pct: 50,
      params: {},
      entry_time: now,
      exit_time: '15:25',
      weekdays: [1, 2, 3, 4, 5],
    },
  });
  expect(created.status(), await created.text()).toBe(201);

  const shell = new AppShell(page);
  await shell.open('/app/order_book');
  await shell.useLayout({ language: /français/i });
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr-FR');

  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: width === 360 ? 740 : 800 });

    // The ticket: 2 lots against a limit of 1, refused by the server, said in French.
    await page.goto('/app/dashboards/live-trade');
    const chain = page.getByRole('table', { name: /Chaîne d’options de NIFTY|Option chain of NIFTY/ });
    await expect(chain.locator('tr[aria-current="true"]')).toHaveCount(1);
    await chain.locator('tr[aria-current="true"]').getByRole('button', { name: /, négocier NIFTY.*CE$/ }).click();
    const ticket = page.getByTestId('order-ticket');
    await expect(ticket).toBeVisible();
    await ticket.getByLabel('Lots').fill('2');
    await ticket.getByRole('button', { name: /^Acheter \u2068?\d/ }).click();
    await ticket.getByRole('button', { name: 'Confirmer' }).click();
    const refusal = ticket.getByRole('alert');
    await expect(refusal).toContainText(/2 lots de NIFTY\S+ dépassent votre limite de 1 lots par ordre/);
    await expect(refusal).not.toContainText('more than your limit');
    await refusal.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${shots}/ticket-refusal-fr-${width}.png` });

    // The bot's history: its refused entry, the reason and the failed action's message in French.
    await page.goto(`/app/portfolio?portfolio=${user.portfolioId}`);
    await page.getByRole('tab', { name: /^Bots quotidiens/ }).click();
    await page.getByRole('button', { name: /^Historique/ }).first().click();
    const history = page.getByRole('dialog');
    await expect(history.getByText(/^Entrée refusée : 2 lots de NIFTY\S+ dépassent votre limite de 1 lots par ordre/).first()).toBeVisible({ timeout: 60_000 });
    await expect(history.locator('[data-action-status="failed"]')).toContainText(/dépassent votre limite de 1 lots par ordre/);
    await expect(history).not.toContainText('Entry refused');
    await expect(history).not.toContainText('more than your limit');
    await page.screenshot({ path: `${shots}/bot-history-fr-${width}.png` });
  }
});

test('in French, the Modify dialog says why the server refused a modification, on a 360 px phone', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 360, height: 740 });
  const user = await signInReadyToTrade(page);
  const auth = { authorization: `Bearer ${user.token}` };
  const placed = await placeWorkingOrder(page, user);
  expect(placed.status(), await placed.text()).toBe(200);
  const orderId = ((await placed.json()) as { orders: Array<{ order_id: string }> }).orders[0]!.order_id;

  const shell = new AppShell(page);
  await shell.open('/app/order_book');
  await shell.useLayout({ language: /français/i });
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr-FR');
  await page.getByRole('list', { name: 'Ordres' }).getByRole('button', { name: 'Modifier' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('Lots')).toHaveValue('1');

  // Meanwhile the order is cancelled elsewhere (another device, the kill switch): the modification is refused.
  const cancelled = await page.request.post('/api/order-book/order-book/cancel_order/', {
    headers: { ...auth, 'idempotency-key': crypto.randomUUID() },
    data: { account_number: user.accountNumber, order_ids: [orderId] },
  });
  expect(cancelled.status(), await cancelled.text()).toBe(200);
  await dialog.getByRole('button', { name: 'Modifier l’ordre' }).click();
  const refusal = dialog.getByRole('alert');
  await expect(refusal).toHaveText(`L’ordre ${orderId} est annulé et ne peut plus être modifié.`);
  await expect(refusal).not.toContainText('can no longer be modified');
  await page.screenshot({ path: `${shots}/modify-refusal-fr-360.png` });
});
