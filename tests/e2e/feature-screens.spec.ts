import { expect, test, type APIRequestContext, type Page } from './support/test';
import { BrokerAccountsPage } from './pages/broker-accounts-page';
import { openInApp } from './support/in-app';
import { loginToken, registerAccount, storeSessionToken } from './support/session';
import { buyOneLot, clientAddress } from './support/trading';

/** A signed-in trader with a paper account (logged in to the broker or not), a portfolio and, if asked, a bot. */
async function setUpTrader(page: Page, { loggedIn = true, bot = true } = {}) {
  const account = await registerAccount(page.request);
  const token = await loginToken(page.request, account);
  const headers = { Authorization: `Bearer ${token}` };
  const api = page.request;
  const unique = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const input = { broker: 'paper', name: 'Main paper', account_number: `PA${unique}`.slice(0, 16), api_key: `paper_${unique}`, api_secret: `secret_${unique}`, capital: 500000 };
  const created = await api.post('/api/accounts/accounts/', { headers, data: input });
  const accountId = ((await created.json()) as { broker_accounts: { id: number } }).broker_accounts.id;
  if (loggedIn) await brokerLogin(api, headers, accountId, input);
  const portfolio = await api.post('/api/portfolios/portfolios/', { headers, data: { broker_account: accountId, name: 'Weekly expiry', description: 'Short premium', capital: 200000 } });
  const portfolioId = ((await portfolio.json()) as { portfolios: { id: number } }).portfolios.id;
  if (bot) {
    const strategies = await api.get('/api/base_strategies/base_strategies/', { headers });
    const straddle = ((await strategies.json()) as { base_strategies: { id: number; slug: string }[] }).base_strategies.find((s) => s.slug === 'short_straddle');
    await api.post(`/api/trading_bots/trading_bots/${portfolioId}/`, {
      headers,
      data: { portfolio_id: portfolioId, name: 'Tuesday straddle', base_strategy: straddle?.id, underlying: 'NIFTY', lots: 1, stop_loss_pct: 25, target_pct: 50, params: {} },
    });
  }
  await storeSessionToken(page, token);
  return { token, accountId, accountNumber: input.account_number, portfolioId };
}

/** The Kite-style login through the paper broker's form and the token exchange, without the browser. */
async function brokerLogin(api: APIRequestContext, headers: Record<string, string>, accountId: number, input: { api_key: string; account_number: string }) {
  const form = await api.post('/broker-login/paper', {
    headers: clientAddress(),
    form: { api_key: input.api_key, client_id: input.account_number, password: 'paper-pass' },
    maxRedirects: 0,
  });
  const requestToken = new URL(String(form.headers().location), 'http://localhost').searchParams.get('request_token');
  const login = await api.post(`/api/accounts/account-login/${accountId}/`, { headers, data: { request_token: requestToken, broker_name: 'paper' } });
  expect(login.ok()).toBe(true);
}

/** Stores display preferences where the app reads them before its first render. */
async function usePreferences(page: Page, preferences: { locale: 'en' | 'fr'; theme: 'light' | 'dark'; direction: 'ltr' | 'rtl' }) {
  await page.evaluate(async (value) => {
    await new Promise<void>((resolve, reject) => {
      const request = indexedDB.open('keyval-store');
      request.onupgradeneeded = () => request.result.createObjectStore('keyval');
      request.onerror = () => reject(request.error);
      request.onsuccess = () => {
        const tx = request.result.transaction('keyval', 'readwrite');
        tx.objectStore('keyval').put({ version: 1, navType: 'side', navCollapsed: false, topNavColor: 'blue', ...value }, 'preferences');
        tx.oncomplete = () => resolve();
        tx.onerror = () => reject(tx.error);
      };
    });
  }, preferences);
}

const pageBehindIsHidden = (page: Page) =>
  page.locator('#root').evaluate((root) => root instanceof HTMLElement && root.inert && root.getAttribute('aria-hidden') === 'true');

test('every dialog hides the page behind it from a screen reader, however it is opened', async ({ page }) => {
  await setUpTrader(page);
  await page.goto('/app/broker');
  await page.getByRole('button', { name: 'Add account' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(await pageBehindIsHidden(page)).toBe(true);
  await page.keyboard.press('Escape');

  await openInApp(page, '/app/portfolio', { title: 'Portfolios' });
  for (const open of ['New portfolio', 'Edit Weekly expiry', 'New trading bot', 'Edit Tuesday straddle']) {
    await page.getByRole('button', { name: open }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(await pageBehindIsHidden(page), open).toBe(true);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect(await pageBehindIsHidden(page)).toBe(false);
  }
  await page.getByRole('button', { name: 'Delete Tuesday straddle' }).click();
  await expect(page.getByRole('alertdialog')).toBeVisible();
  expect(await pageBehindIsHidden(page)).toBe(true);
});

test('a broker session can be ended and started again, and shows its end to the minute', async ({ page }) => {
  await setUpTrader(page);
  const brokers = new BrokerAccountsPage(page);
  await brokers.open();
  await expect(brokers.row('Main paper')).toContainText(/Logged in until .*, \u206806:00\u2069 IST/);
  await brokers.row('Main paper').getByRole('button', { name: 'Log out of broker: Main paper' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Log out of the broker for “Main paper”?' });
  await confirm.getByRole('button', { name: 'Log out of broker' }).click();
  await expect(brokers.row('Main paper')).toContainText('Logged out');
  await page.reload();
  await expect(brokers.row('Main paper')).toContainText('Logged out');
  await expect(brokers.row('Main paper').getByRole('button', { name: 'Log in to broker: Main paper' })).toBeVisible();
});

const shots = process.env.SCREENSHOT_DIR ?? '.tmp/screens';

for (const width of [360, 1280]) {
  test(`the feature screens in French, dark and right to left at ${width} px`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width, height: width < 600 ? 780 : 900 });
    const trader = await setUpTrader(page);
    await usePreferences(page, { locale: 'fr', theme: 'dark', direction: 'rtl' });
    // A fill, so the alerts menu entry has something unread to count.
    expect(await buyOneLot(page, trader)).toBe(200);

    await page.goto('/app/dashboards/default');
    await expect(page.getByText(/^Tout est prêt/)).toBeVisible();
    await page.screenshot({ path: `${shots}/dashboard-${width}.png`, fullPage: true });

    // The first screen is a page load (the stored session and preferences are read as the app starts); the
    // others are opened inside the app, as a trader moves, each reached with its name in the tab.
    await openInApp(page, '/app/broker', { title: 'Comptes de courtage' });
    await expect(page.getByText(/Connecté jusqu’au .* à \u206806:00\u2069 IST/)).toBeVisible();
    await expect(page.getByText('Courtier papier (simulé)')).toBeVisible();
    await page.screenshot({ path: `${shots}/brokers-${width}.png`, fullPage: true });

    await openInApp(page, '/app/portfolio', { title: 'Portefeuilles' });
    await expect(page.getByRole('button', { name: 'Bots affichés' })).toBeVisible();
    await page.screenshot({ path: `${shots}/portfolio-${width}.png`, fullPage: true });
    await page.getByRole('tab', { name: /^Bots quotidiens/ }).click();
    await page.getByRole('button', { name: /Créez un bot|Nouveau bot quotidien/ }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Stratégie de base').selectOption({ label: 'Straddle vendeur' });
    await expect(dialog.getByLabel('Pas de suivi (%)')).toBeDisabled();
    await expect(dialog.getByLabel('Heure d’entrée')).toHaveAttribute('inputmode', 'numeric');
    await page.screenshot({ path: `${shots}/bot-form-${width}.png` });
    await dialog.getByRole('checkbox', { name: 'Stop-loss suiveur' }).check();
    await dialog.getByLabel('Heure d’entrée').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${shots}/bot-form-schedule-${width}.png` });
    await page.keyboard.press('Escape');

    // The analytics screens, each with its data and when it was fetched, nothing wider than the screen.
    const analytics: Array<[string, string, string, RegExp]> = [
      ['market-view', '/app/market_view', 'Vue du marché', /^Au .* IST$/],
      ['screener', '/app/screener_ticker', 'Screener', /^Au .* IST$/],
      ['recommendations', '/app/recommendations', 'Recommandations', /^Au .* IST$/],
      ['strategies', '/app/strategies', 'Stratégies', /^Au .* IST$/],
      ['heat-map', '/app/heat_map', 'Carte de chaleur', /^Au .* IST$/],
      ['chart', '/app/trading_view_chart?index=NIFTY&interval=15m', 'Graphiques', /^Au .* IST$/],
    ];
    for (const [name, path, title, asOf] of analytics) {
      await openInApp(page, path, { title });
      await expect(page.getByTestId('as-of').first(), path).toHaveText(asOf);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(width);
      await page.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage: true });
    }

    // Issue 12's screens: the bot card's day, the menu's unread count (a dot on the phone's menu button), the
    // alerts feed and price alerts, positions by bot, notifications.
    await openInApp(page, '/app/portfolio', { title: 'Portefeuilles' });
    await expect(page.locator('[data-bot-state]').first()).toContainText('Aujourd’hui');
    expect(await page.evaluate(() => document.documentElement.scrollWidth), 'bot card').toBeLessThanOrEqual(width);
    await expect(page.locator(width < 992 ? '[data-unread-dot]' : '[data-unread-alerts]')).toBeVisible({ timeout: 15_000 });
    await page.screenshot({ path: `${shots}/bot-card-${width}.png`, fullPage: true });
    if (width < 992) {
      await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
      await expect(page.getByRole('link', { name: /^Alertes \d+ alertes? non lues?$/ })).toBeVisible();
      await page.screenshot({ path: `${shots}/menu-unread-${width}.png` });
      await page.keyboard.press('Escape');
    }
    // The price alerts are the alerts screen again, another view of it (its heading stays the same element).
    const issue12: Array<[string, string, string, (page: Page) => ReturnType<Page['locator']>]> = [
      ['alerts', '/app/strategy_alerts', 'Alertes', (p) => p.getByTestId('alert-item').or(p.getByText('Aucune alerte pour l’instant')).first()],
      ['price-alerts', '/app/strategy_alerts?view=price', 'Alertes', (p) => p.getByRole('heading', { name: 'Alertes de prix' })],
      ['positions-by-bot', '/app/position', 'Positions', (p) => p.locator('#positions-by-bot')],
      ['notifications', '/app/pages/setting/notifications', 'Profil et paramètres', (p) => p.getByRole('heading', { name: 'Notifications' }).first()],
    ];
    for (const [name, path, title, content] of issue12) {
      await openInApp(page, path, { title, sameScreen: name === 'price-alerts' });
      await expect(content(page), path).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(width);
      await page.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage: true });
    }

    await openInApp(page, '/app/dashboards/live-trade', { title: 'Trading en direct' });
    // A phone folds the account and the portfolio into the desk's one line: its sheet shows them.
    if (width < 768) await page.getByTestId('desk-fold').click();
    await expect(page.getByRole('combobox', { name: 'Portefeuille' })).toHaveValue(/\d+/);
    if (width < 768) await page.keyboard.press('Escape');
    await expect(page.getByText('Aucune position aujourd’hui.')).toBeVisible();
    await page.screenshot({ path: `${shots}/live-trade-${width}.png`, fullPage: true });
  });
}

test('the dashboard and live trade point a trader not logged in to the broker to logging in', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await setUpTrader(page, { loggedIn: false, bot: false });
  await page.goto('/app/dashboards/default');
  await expect(page.getByText('Your broker account is linked. Log in to your broker to open today’s session.')).toBeVisible();
  const next = page.getByRole('listitem').and(page.locator('[aria-current="step"]'));
  await expect(next.getByRole('heading', { level: 3 })).toHaveText('Log in to your broker');
  await page.screenshot({ path: `${shots}/dashboard-pending-360.png`, fullPage: true });
  await openInApp(page, '/app/dashboards/live-trade', { title: 'Live trade' });
  await page.getByRole('link', { name: 'Log in to the broker' }).click();
  await expect(page).toHaveURL('/app/broker');
});

test('a registration refusal shows on its field, in French', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  const account = await registerAccount(page.request);
  await page.goto('/auth/register');
  await usePreferences(page, { locale: 'fr', theme: 'light', direction: 'ltr' });
  await page.reload();
  await page.getByLabel('Nom complet').fill(account.name);
  await page.getByLabel('E-mail').fill(account.email);
  await page.getByLabel('Numéro de mobile').fill(account.mobile);
  await page.getByLabel('Mot de passe', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Créer le compte' }).click();
  await expect(page.getByLabel('E-mail')).toHaveAccessibleDescription('Un compte existe déjà avec cet e-mail. Se connecter plutôt');
  await page.screenshot({ path: `${shots}/register-refusal-360.png` });
});
