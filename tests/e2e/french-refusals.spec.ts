import { expect, test } from './support/test';
import { AppShell } from './pages/app-shell';
import { loginToken, registerAccount, storeSessionToken } from './support/session';
import { placeWorkingOrder, signInReadyToTrade } from './support/trading';

// French everywhere (issue 24): a refusal before the broker (here a risk limit) is answered with its code in
// the Error's details.text, so the order ticket says it in French; and a bot whose entry the same limit
// refused keeps the reason coded, so its history reads it in French. A modification the server refuses (the
// order was cancelled meanwhile) is said in French in the Modify dialog too. A success the server words
// (done.*: a kill switch another device already turned off) and a bound only the server checks
// (validation.bound) read in French on a phone.
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
    // Risk limits live on the kill switch page, not in settings: the refusal's own words lead there in one tap,
    // with no address printed (issue 36).
    await expect(refusal.getByRole('link', { name: 'page Coupe-circuit' })).toHaveAttribute('href', '/app/kill-switch');
    await expect(refusal).not.toContainText('/app/');
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

test('in French, the price-alert form says why the server refused an alert (one too many), on a 360 px phone', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 360, height: 740 });
  const account = await registerAccount(page.request);
  const token = await loginToken(page.request, account);
  await storeSessionToken(page, token);
  // The 50 alerts one may keep, made through the API; the form's 51st is refused by the server.
  for (let n = 1; n <= 50; n += 1) {
    const made = await page.request.post('/api/price-alerts/', {
      headers: { authorization: `Bearer ${token}` },
      data: { symbol: 'BANKNIFTY', direction: 'above', level: 59000 + n, repeat: 'once' },
    });
    expect(made.status(), await made.text()).toBe(201);
  }

  const shell = new AppShell(page);
  await shell.open('/app/strategy_alerts?view=price');
  await shell.useLayout({ language: /français/i });
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr-FR');
  await page.getByLabel('Niveau (points)').fill('99000');
  await page.getByRole('button', { name: 'Créer l’alerte' }).click();
  const refusal = page.getByText('Vous avez 50 alertes de prix, le maximum autorisé : supprimez-en une d’abord.');
  await expect(refusal).toBeVisible();
  await expect(page.getByText(/price alerts, the most one may keep/)).toHaveCount(0);
  // Centred, so the sticky header does not hide it in the screenshot.
  await refusal.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  await page.screenshot({ path: `${shots}/price-alert-refusal-fr-360.png` });
});

test('in French on a 360 px phone, turning off a kill switch another device turned off says so, and a limit over the most allowed is refused in French', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 360, height: 740 });
  const user = await signInReadyToTrade(page);
  const auth = { authorization: `Bearer ${user.token}` };
  const armed = await page.request.post('/api/kill-switch/arm/', {
    headers: { ...auth, 'idempotency-key': crypto.randomUUID() },
    data: { account_number: user.accountNumber, source: 'header' },
  });
  expect(armed.status(), await armed.text()).toBe(200);

  const shell = new AppShell(page);
  await shell.open('/app/kill-switch');
  await shell.useLayout({ language: /français/i });
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr-FR');
  const field = page.getByLabel(`Tapez ${user.accountNumber} pour le désactiver`);
  await expect(field).toBeVisible();

  // Meanwhile the trader's other device turns it off: this one's answer is a success (done.kill_switch_already_off), said in French.
  const elsewhere = await page.request.post('/api/kill-switch/disarm/', { headers: auth, data: { account_number: user.accountNumber, confirmation: user.accountNumber, source: 'settings' } });
  expect(elsewhere.status(), await elsewhere.text()).toBe(200);
  await field.fill(user.accountNumber);
  await page.getByRole('button', { name: 'Désactiver', exact: true }).click();
  const outcome = page.getByTestId('disarm-outcome');
  await expect(outcome).toHaveText(`Le coupe-circuit de ${user.accountNumber} est déjà désactivé.`);
  await expect(page.getByText(/is already off/)).toHaveCount(0);
  await outcome.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  await page.screenshot({ path: `${shots}/kill-switch-already-off-fr-360.png` });

  // A limit the form takes but the server bounds (at most 5,000 trades a day): its validation.bound refusal, in French.
  await page.getByLabel('Transactions maximum par jour').fill('6000');
  await page.getByRole('button', { name: 'Enregistrer les limites' }).click();
  const refusal = page.getByText(/^Le nombre maximal de trades du jour doit être d’au plus 5\s000\.$/);
  await expect(refusal).toBeVisible();
  await expect(page.getByText(/must be at most|max_trades_today/)).toHaveCount(0);
  await refusal.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  await page.screenshot({ path: `${shots}/risk-limit-bound-fr-360.png` });
});
