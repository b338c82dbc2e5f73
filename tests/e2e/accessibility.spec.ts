import { createRequire } from 'node:module';
import { expect, test, type Locator, type Page, onServerClock } from './support/test';
import { usePreferences, type DisplayPreferences } from './support/preferences';
import { openInApp } from './support/in-app';
import { storeSessionToken } from './support/session';
import { buyOneLot, placeWorkingOrder, signInReadyToTrade, type TradingUser } from './support/trading';

// axe-core 4 over every route of the app and every dialog, in light English at 1280 px and dark French at
// 360 px: any serious or critical violation of WCAG 2.0 A/AA or 2.1 AA fails the test, all of them listed.

const axeSource = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

type Combination = { label: string; width: number; height: number; preferences: DisplayPreferences };
const combinations: Combination[] = [
  { label: 'light English 1280 px', width: 1280, height: 900, preferences: { locale: 'en', theme: 'light', direction: 'ltr' } },
  { label: 'dark French 360 px', width: 360, height: 780, preferences: { locale: 'fr', theme: 'dark', direction: 'ltr' } },
];

type AxeNode = { target: string[]; failureSummary?: string; html: string };
type AxeViolation = { id: string; impact: string | null; help: string; nodes: AxeNode[] };

/** Runs axe on the page as it is; the serious and critical violations, one readable line per element. */
async function seriousViolations(page: Page, where: string): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) {
    await page.addScriptTag({ path: axeSource });
    // Colours are measured as they settle, never halfway through a fade (a button just enabled).
    await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; animation: none !important; }' });
  }
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: unknown[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21aa'] }, resultTypes: ['violations'] });
    return result.violations;
  });
  // An image's children are presentational: nothing inside one may take focus (the price chart's link sits beside it).
  const focusableInImages = await page.evaluate(() =>
    [...document.querySelectorAll('[role="img"]')].flatMap((image) =>
      [...image.querySelectorAll('a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])')].map(
        (inner) => `${image.getAttribute('aria-label') ?? ''}: ${inner.outerHTML.slice(0, 120)}`,
      ),
    ),
  );
  return [
    ...focusableInImages.map((line) => `${where} · focusable element inside role=img ${line}`),
    ...(violations as AxeViolation[])
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) =>
      violation.nodes.map(
        (node) =>
          `${where} · ${violation.impact} ${violation.id} (${violation.help}) at ${node.target.join(' ')}\n      ${(node.failureSummary ?? '').replace(/\n/g, '\n      ')}\n      ${node.html.slice(0, 200)}`,
        ),
      ),
  ];
}

/** Per-language words of the controls that open the dialogs. */
const words = {
  en: {
    modify: 'Modify',
    cancel: 'Cancel',
    keep: 'Keep it',
    confirm: 'Confirm',
    priceAlert: 'Set a price alert instead',
    addAccount: 'Add account',
    logOut: /^Log out of broker/,
    newPortfolio: /^(New portfolio|Create your first portfolio)$/,
    editPortfolio: 'Edit Desk portfolio',
    newBot: 'New trading bot',
    history: /^History of /,
    target: 'Target',
    stopLoss: 'Stop-loss',
    squareOffAll: 'Square off all',
    tradeAll: /^Trade all/,
    tradeBasket: 'Trade as basket',
    openMenu: 'Open menu',
    layout: 'Layout settings',
    buy: /^Buy \u2068?\d/,
    close: 'Close',
  },
  fr: {
    modify: 'Modifier',
    cancel: 'Annuler',
    keep: 'Le garder',
    confirm: 'Confirmer',
    priceAlert: 'Créer plutôt une alerte de prix',
    addAccount: 'Ajouter un compte',
    logOut: /^Se déconnecter du courtier/,
    newPortfolio: /^(Nouveau portefeuille|Créez votre premier portefeuille)$/,
    editPortfolio: 'Modifier Desk portfolio',
    newBot: 'Nouveau bot de trading',
    history: /^Historique de /,
    target: 'Objectif',
    stopLoss: 'Stop-loss',
    squareOffAll: 'Tout solder',
    tradeAll: /^Tout trader/,
    tradeBasket: 'Trader en panier',
    openMenu: 'Ouvrir le menu',
    layout: 'Paramètres d’affichage',
    buy: /^Acheter \u2068?\d/,
    close: 'Fermer',
  },
};

/**
 * Every route of src/app/router/routes.tsx that a signed-in trader can open (the settings by section), with the
 * screen's name the tab shows in each language: each route is reached inside the app, and the name proves it.
 */
const appRoutes: Array<{ path: string; en: string; fr: string }> = [
  { path: '/app/dashboards/default', en: 'Dashboard', fr: 'Tableau de bord' },
  { path: '/app/dashboards/live-trade', en: 'Live trade', fr: 'Trading en direct' },
  { path: '/app/position', en: 'Positions', fr: 'Positions' },
  { path: '/app/strategy_alerts', en: 'Alerts', fr: 'Alertes' },
  { path: '/app/broker', en: 'Broker accounts', fr: 'Comptes de courtage' },
  { path: '/app/broker/paper/return?status=cancelled', en: 'Broker login', fr: 'Connexion au courtier' },
  { path: '/app/portfolio', en: 'Portfolios', fr: 'Portefeuilles' },
  { path: '/app/position_book', en: 'Position book', fr: 'Livre des positions' },
  { path: '/app/order_book', en: 'Order book', fr: 'Carnet d’ordres' },
  { path: '/app/trading_view_chart', en: 'Charts', fr: 'Graphiques' },
  { path: '/app/tv_chart', en: 'Charts', fr: 'Graphiques' },
  { path: '/app/screener_ticker', en: 'Screener', fr: 'Screener' },
  { path: '/app/strategies', en: 'Strategies', fr: 'Stratégies' },
  { path: '/app/recommendations', en: 'Recommendations', fr: 'Recommandations' },
  { path: '/app/market_view', en: 'Market view', fr: 'Vue du marché' },
  { path: '/app/heat_map', en: 'Heat map', fr: 'Carte de chaleur' },
  { path: '/app/kill-switch', en: 'Kill switch', fr: 'Coupe-circuit' },
  { path: '/app/strategy-builder', en: 'Strategy builder', fr: 'Création de stratégie' },
  { path: '/app/participants', en: 'Participants', fr: 'Participants' },
  { path: '/app/volatility', en: 'Volatility', fr: 'Volatilité' },
  { path: '/app/market_facts', en: 'Market facts', fr: 'Règles du marché' },
  { path: '/app/pages/setting/profile', en: 'Profile and settings', fr: 'Profil et paramètres' },
  { path: '/app/pages/setting/password', en: 'Profile and settings', fr: 'Profil et paramètres' },
  { path: '/app/pages/setting/trade-defaults', en: 'Profile and settings', fr: 'Profil et paramètres' },
  { path: '/app/pages/setting/notifications', en: 'Profile and settings', fr: 'Profil et paramètres' },
  { path: '/app/pages/setting/accessibility', en: 'Profile and settings', fr: 'Profil et paramètres' },
  { path: '/app/pages/setting/storage', en: 'Profile and settings', fr: 'Profil et paramètres' },
  { path: '/app/login-1', en: 'Sign in', fr: 'Connexion' },
  { path: '/app/register', en: 'Create an account', fr: 'Créer un compte' },
  { path: '/app/error-page-1', en: 'Error', fr: 'Erreur' },
];
const settingsSection = /^\/app\/pages\/setting\//;
/** The screens issue 26 changed, photographed for a look (test-results/accessibility/). */
const screensChanged = ['/app/dashboards/live-trade', '/app/strategy_alerts', '/app/broker', '/app/recommendations', '/app/market_view', '/app/heat_map'];
const shots = 'test-results/accessibility';
const publicRoutes: Array<{ path: string; en: string; fr: string }> = [
  { path: '/auth/login', en: 'Sign in', fr: 'Connexion' },
  { path: '/auth/register', en: 'Create an account', fr: 'Créer un compte' },
  { path: '/auth/error-page-1', en: 'Error', fr: 'Erreur' },
];

/** A screen is ready to scan once its main heading shows and nothing on it says it is still loading. */
async function settled(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

async function dialogOpen(page: Page): Promise<Locator> {
  const dialog = page.getByRole('dialog').or(page.getByRole('alertdialog')).last();
  await expect(dialog).toBeVisible();
  return dialog;
}


async function addTradingBot(page: Page, user: TradingUser): Promise<void> {
  const headers = { authorization: `Bearer ${user.token}` };
  const strategies = await page.request.get('/api/base_strategies/base_strategies/', { headers });
  const straddle = ((await strategies.json()) as { base_strategies: { id: number; slug: string }[] }).base_strategies.find((s) => s.slug === 'short_straddle');
  const created = await page.request.post(`/api/trading_bots/trading_bots/${user.portfolioId}/`, {
    headers,
    data: { portfolio_id: user.portfolioId, name: 'Tuesday straddle', base_strategy: straddle?.id, underlying: 'NIFTY', lots: 1, stop_loss_pct: 25, target_pct: 50, params: {} },
  });
  expect(created.ok()).toBe(true);
}

// The two combinations are independent: each its own trader and browser context.
test.describe.configure({ mode: 'parallel' });

for (const combination of combinations) {
  test(`no serious or critical axe violation on any route or dialog, ${combination.label}`, async ({ browser }) => {
    test.setTimeout(300_000);
    const { locale } = combination.preferences;
    const say = words[locale];
    const context = await browser.newContext({
      viewport: { width: combination.width, height: combination.height }, reducedMotion: 'reduce',
      // The app's Content-Security-Policy forbids inline scripts, which is how axe is injected.
      bypassCSP: true,
    });
    await onServerClock(context);
    const page = await context.newPage();
    const found: string[] = [];
    const shotSuffix = `${combination.preferences.theme}-${locale}-${combination.width}`;
    const scan = async (where: string) => {
      const started = Date.now();
      const lines = await seriousViolations(page, `${where} [${combination.label}]`);
      // Printed as found, so a run cut short still shows what it saw.
      console.log(`scanned ${where} in ${Date.now() - started} ms: ${lines.length} serious or critical${lines.length ? `\n${lines.join('\n')}` : ''}`);
      found.push(...lines);
    };

    // Each screen after the first of a sign-in is opened inside the app, as a trader moves (a page load costs
    // Chromium seconds of CPU): by its address, its name in the tab proving it was reached.
    const titleOf = (path: string) => {
      const route = [...publicRoutes, ...appRoutes].find((candidate) => candidate.path === path);
      if (!route) throw new Error(`no title listed for ${path}`);
      return route[locale];
    };
    const open = (path: string, sameScreen = false) => openInApp(page, path, { title: titleOf(path), sameScreen });

    // Signed out first: the public screens (loaded once more, so the preferences stored apply).
    await page.goto('/auth/login');
    await usePreferences(page, combination.preferences);
    await page.reload();
    await expect(page).toHaveTitle(`${titleOf('/auth/login')} · StrikeDesk`);
    for (const { path } of publicRoutes) {
      if (path !== '/auth/login') await open(path);
      await settled(page);
      await scan(path);
    }

    // One trader with a position, a working order and a bot, so every table, card and dialog has content.
    // Both combinations register at once: the server may answer "busy checking other passwords" (503), to retry.
    let signedIn: TradingUser | null = null;
    await expect(async () => {
      signedIn = await signInReadyToTrade(page);
    }).toPass({ intervals: [1000, 2000, 4000] });
    const user = signedIn!;
    await storeSessionToken(page, user.token);
    expect(await buyOneLot(page, user, user.portfolioId)).toBe(200);
    expect((await placeWorkingOrder(page, user)).ok()).toBe(true);
    await addTradingBot(page, user);

    // The session starts with a page load (the app reads the stored token as it starts), then every route.
    await page.goto(appRoutes[0]!.path);
    await expect(page).toHaveTitle(`${titleOf(appRoutes[0]!.path)} · StrikeDesk`);
    let previous = '';
    for (const { path: route } of appRoutes) {
      if (route !== appRoutes[0]!.path) {
        // A settings section keeps the settings screen, its heading included: its link in the settings' own
        // menu says which section shows.
        const sameScreen = settingsSection.test(route) && settingsSection.test(previous);
        await open(route, sameScreen);
        if (sameScreen) await expect(page.locator(`nav a[aria-current="page"][href="${route}"]`)).toBeVisible();
      }
      previous = route;
      await settled(page);
      // The price chart is scanned drawn, with what the library put inside it.
      if (route.endsWith('chart')) await expect(page.getByTestId('candle-chart')).toHaveAttribute('aria-busy', 'false');
      await scan(route);
      if (screensChanged.includes(route)) await page.screenshot({ path: `${shots}/${route.split('/').at(-1)}-${shotSuffix}.png` });
    }

    // The shell's own dialogs: the layout settings and, on a phone, the menu drawer.
    await open('/app/dashboards/default');
    await settled(page);
    await page.getByRole('button', { name: say.layout }).click();
    await dialogOpen(page);
    await scan('layout settings');
    await page.keyboard.press('Escape');
    if (combination.width < 768) {
      await page.getByRole('button', { name: say.openMenu }).click();
      await dialogOpen(page);
      await scan('menu drawer');
      await page.keyboard.press('Escape');
    }

    // The kill switch's confirmation (as the home-screen shortcut opens it).
    await openInApp(page, '/app/dashboards/default?kill-switch=arm', { title: titleOf('/app/dashboards/default'), sameScreen: true });
    await dialogOpen(page);
    await scan('kill switch confirmation');

    // The desk: on a phone its choices' sheet; the order ticket, its review step and outcome, the price alert,
    // protection and square-off.
    await page.keyboard.press('Escape');
    await open('/app/dashboards/live-trade');
    const atm = page.locator('tbody tr[aria-current="true"]');
    await expect(atm).toHaveCount(1);
    if (combination.width < 768) {
      await page.getByTestId('desk-fold').click();
      await dialogOpen(page);
      await scan('desk choices sheet');
      await page.keyboard.press('Escape');
    }
    await atm.locator('button').filter({ hasText: /\d/ }).first().click();
    const ticket = page.getByTestId('order-ticket');
    await expect(ticket).toBeVisible();
    await expect(ticket.getByRole('button', { name: say.buy })).toBeEnabled();
    await scan('order ticket');
    await page.screenshot({ path: `${shots}/ticket-${shotSuffix}.png` });
    await page.getByRole('button', { name: say.priceAlert }).click();
    await dialogOpen(page);
    await scan('price alert');
    await page.keyboard.press('Escape');
    await atm.locator('button').filter({ hasText: /\d/ }).first().click();
    await ticket.getByRole('button', { name: say.buy }).click();
    await expect(ticket.getByRole('button', { name: say.confirm })).toBeVisible();
    await scan('order ticket review');
    await ticket.getByRole('button', { name: say.confirm }).click();
    await expect(ticket.locator('[data-order-status]').first()).toBeVisible();
    // Focus went from Confirm to the outcome, never to the page body behind the dialog.
    await expect(ticket.getByTestId('ticket-outcome')).toBeFocused();
    await scan('order ticket outcome');

    // Below 1,440 px the ticket opens over the chain: closed, the desk shows the positions.
    await page.getByRole('dialog').getByRole('button', { name: say.close, exact: true }).click();
    await expect(ticket).toBeHidden();
    const position = page.locator('[data-position]').first();
    await expect(position).toBeVisible();
    for (const [name, action] of [
      ['target', say.target],
      ['stop-loss', say.stopLoss],
    ] as const) {
      await position.getByRole('button', { name: action, exact: true }).click();
      await dialogOpen(page);
      await scan(`${name} dialog`);
      await page.keyboard.press('Escape');
    }
    await page.getByRole('button', { name: say.squareOffAll }).click();
    await dialogOpen(page);
    await scan('square off all');
    await page.keyboard.press('Escape');

    // The order book's modify and cancel.
    await open('/app/order_book');
    const working = page.locator('[data-order-id]').filter({ has: page.getByRole('button', { name: say.modify, exact: true }) }).first();
    await working.getByRole('button', { name: say.modify, exact: true }).click();
    await dialogOpen(page);
    await scan('modify order');
    await page.keyboard.press('Escape');
    await working.getByRole('button', { name: say.cancel, exact: true }).click();
    await dialogOpen(page);
    await scan('cancel order');
    await page.keyboard.press('Escape');

    // Brokers: adding an account and logging out of the broker.
    await open('/app/broker');
    await settled(page);
    await page.getByRole('button', { name: say.addAccount }).first().click();
    await dialogOpen(page);
    await scan('add broker account');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: say.logOut }).first().click();
    await dialogOpen(page);
    await scan('broker log out');
    await page.keyboard.press('Escape');

    // Portfolios and bots.
    await open('/app/portfolio');
    await settled(page);
    for (const [name, opener] of [
      ['new portfolio', say.newPortfolio],
      ['edit portfolio', say.editPortfolio],
      ['new trading bot', say.newBot],
      ['bot history', say.history],
    ] as const) {
      await page.getByRole('button', { name: opener }).first().click();
      await dialogOpen(page);
      await scan(name);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);
    }

    // The strategy builder's basket confirmation, and a recommendation's basket review.
    await open('/app/strategy-builder');
    await settled(page);
    const preset = page.getByRole('button', { name: /^(Short straddle|Straddle vendeur)$/ });
    await expect(async () => {
      await preset.click();
      await expect(page.getByTestId('leg-card')).toHaveCount(2, { timeout: 1000 });
    }).toPass({ timeout: 20_000 });
    await page.getByRole('button', { name: say.tradeAll }).click();
    await dialogOpen(page);
    await scan('strategy builder basket');
    await page.keyboard.press('Escape');

    await open('/app/recommendations');
    await settled(page);
    await page.getByRole('button', { name: say.tradeBasket }).first().click();
    await dialogOpen(page);
    await scan('recommendation basket');
    await page.keyboard.press('Escape');

    await context.close();
    expect(found, `${found.length} serious or critical violations:\n${found.join('\n')}`).toEqual([]);
  });
}
