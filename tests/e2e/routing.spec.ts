import { expect, test } from './support/test';
import { AppShell } from './pages/app-shell';
import { openInApp } from './support/in-app';
import { signInAsNewUser } from './support/session';

/** Every protected screen, with its name in the tab (src/app/router/screen-names.ts). */
const protectedScreens = [
  { path: '/app/dashboards/default', title: 'Dashboard' },
  { path: '/app/login-1', title: 'Sign in' },
  { path: '/app/register', title: 'Create an account' },
  { path: '/app/error-page-1', title: 'Error' },
  { path: '/app/pages/setting/profile', title: 'Profile and settings' },
  { path: '/app/position', title: 'Positions' },
  { path: '/app/strategy_alerts', title: 'Alerts' },
  { path: '/app/broker/paper/callback', title: 'Broker login' },
  { path: '/app/broker', title: 'Broker accounts' },
  { path: '/app/portfolio', title: 'Portfolios' },
  { path: '/app/position_book', title: 'Position book' },
  { path: '/app/order_book', title: 'Order book' },
  { path: '/app/trading_view_chart', title: 'Charts' },
  { path: '/app/tv_chart', title: 'Charts' },
  { path: '/app/screener_ticker', title: 'Screener' },
  { path: '/app/strategies', title: 'Strategies' },
  { path: '/app/recommendations', title: 'Recommendations' },
  { path: '/app/market_view', title: 'Market view' },
  { path: '/app/heat_map', title: 'Heat map' },
  { path: '/app/dashboards/live-trade', title: 'Live trade' },
  { path: '/app/strategy-builder', title: 'Strategy builder' },
  { path: '/app/participants', title: 'Participants' },
  { path: '/app/volatility', title: 'Volatility' },
  { path: '/app/market_facts', title: 'Market facts' },
];
const protectedPaths = protectedScreens.map((screen) => screen.path);
const blankLayout = /login-1|register|error-page-1/;

function redirectOf(url: string): string | null {
  return new URL(url).searchParams.get('redirect');
}

test.describe('signed out', () => {
  test('every protected route leads to the login page with the requested path and query', async ({ page }) => {
    for (const path of protectedPaths) {
      const requested = `${path}?start_date=2026-11-20`;
      await page.goto(requested);
      await expect(page).toHaveURL(/\/auth\/login\?/);
      expect(redirectOf(page.url()), path).toBe(requested);
    }
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('the root and unknown paths go through the default home to the login page', async ({ page }) => {
    for (const path of ['/', '/no/such/page', '/auth/nope']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/auth\/login\?/);
      expect(redirectOf(page.url()), path).toBe('/app/dashboards/default');
    }
    // Under /app the guard speaks first; after sign-in the unknown screen then leads home.
    await page.goto('/app/no-such-screen');
    await expect(page).toHaveURL(/\/auth\/login\?/);
    expect(redirectOf(page.url())).toBe('/app/no-such-screen');
  });

  test('the public pages open', async ({ page }) => {
    await page.goto('/auth/login');
    await expect(page).toHaveURL('/auth/login');
    await expect(page).toHaveTitle('Sign in · StrikeDesk');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The others inside the app: registration beside sign-in, the error page through the router.
    await openInApp(page, '/auth/register', { title: 'Create an account' });
    await openInApp(page, '/auth/error-page-1', { title: 'Error' });
  });
});

test.describe('signed in', () => {
  test.beforeEach(async ({ page }) => {
    await signInAsNewUser(page);
  });

  test('the root and unknown paths land on the default home', async ({ page }) => {
    for (const path of ['/', '/no/such/page', '/app/no-such-screen', '/app']) {
      await page.goto(path);
      await expect(page).toHaveURL('/app/dashboards/default');
    }
  });

  test('public pages send a signed-in visitor home, or to the page they asked for before signing in', async ({ page }) => {
    await page.goto('/auth/register');
    await expect(page).toHaveURL('/app/dashboards/default');

    await page.goto(`/auth/login?redirect=${encodeURIComponent('/app/order_book?start_date=2026-11-20')}`);
    await expect(page).toHaveURL('/app/order_book?start_date=2026-11-20');

    await page.goto(`/auth/login?redirect=${encodeURIComponent('https://evil.example/steal')}`);
    await expect(page).toHaveURL('/app/dashboards/default');
    await page.goto(`/auth/login?redirect=${encodeURIComponent('//evil.example/steal')}`);
    await expect(page).toHaveURL('/app/dashboards/default');
  });

  // The first screen is a page load (the app reads the stored session as it starts); the others are opened
  // inside the app, as a trader moves (openInApp fails if a move became a page load).
  test('every protected screen opens inside the shell with its title', async ({ page }) => {
    const shell = new AppShell(page);
    const [first, ...others] = protectedScreens.filter((screen) => !blankLayout.test(screen.path));
    await shell.open(first!.path);
    await expect(page).toHaveTitle(`${first!.title} · StrikeDesk`);
    await expect(shell.mainMenu, first!.path).toBeVisible();
    for (const { path, title } of others) {
      await openInApp(page, path, { title });
      await expect(shell.mainMenu, path).toBeVisible();
    }
  });

  test('blank-layout routes hide the menu and the header', async ({ page }) => {
    const shell = new AppShell(page);
    const [first, ...others] = protectedScreens.filter((screen) => blankLayout.test(screen.path));
    await shell.open(first!.path);
    await expect(page).toHaveTitle(`${first!.title} · StrikeDesk`);
    await expect(shell.mainMenu, first!.path).toHaveCount(0);
    await expect(shell.header, first!.path).toHaveCount(0);
    for (const { path, title } of others) {
      await openInApp(page, path, { title });
      await expect(shell.mainMenu, path).toHaveCount(0);
      await expect(shell.header, path).toHaveCount(0);
    }
    await openInApp(page, '/app/position', { title: 'Positions' });
    await expect(shell.mainMenu).toBeVisible();
    await expect(shell.header).toBeVisible();
  });

  test('signing out clears the stored token and returns to the login page', async ({ page }) => {
    const shell = new AppShell(page);
    await shell.open('/app/position');
    await page.getByRole('button', { name: 'Account' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page).toHaveURL('/auth/login');
    await page.goto('/app/position');
    await expect(page).toHaveURL(/\/auth\/login\?redirect=%2Fapp%2Fposition$/);
  });
});

test.describe('screen chunks', () => {
  test.use({ serviceWorkers: 'block' });

  test('a chunk that cannot be fetched reloads once, then says which chunk failed and retries on demand', async ({ page }) => {
    await signInAsNewUser(page);
    let blocked = true;
    let requests = 0;
    await page.route(/\/assets\/order-book-screen-[^/]+\.js$/, async (route) => {
      requests += 1;
      if (blocked) await route.abort('failed');
      else await route.continue();
    });

    await page.goto('/app/order_book');
    await expect(page.getByRole('alert')).toContainText('Loading chunk order-book failed');
    expect(requests).toBe(2); // the first attempt, then once more after the single guarded reload

    blocked = false;
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Order book' })).toBeVisible();
  });
});
