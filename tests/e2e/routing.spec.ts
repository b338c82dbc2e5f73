import { expect, test } from './support/test';
import { AppShell } from './pages/app-shell';
import { signInAsNewUser } from './support/session';

const protectedPaths = [
  '/app/dashboards/default',
  '/app/login-1',
  '/app/register',
  '/app/error-page-1',
  '/app/pages/setting/profile',
  '/app/position',
  '/app/strategy_alerts',
  '/app/broker/paper/callback',
  '/app/broker',
  '/app/portfolio',
  '/app/position_book',
  '/app/order_book',
  '/app/trading_view_chart',
  '/app/tv_chart',
  '/app/screener_ticker',
  '/app/strategies',
  '/app/recommendations',
  '/app/market_view',
  '/app/heat_map',
  '/app/dashboards/live-trade',
  '/app/strategy-builder',
  '/app/participants',
  '/app/volatility',
];

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
    for (const path of ['/auth/login', '/auth/register', '/auth/error-page-1']) {
      await page.goto(path);
      await expect(page).toHaveURL(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    }
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

  test('every protected screen opens inside the shell with its title', async ({ page }) => {
    const shell = new AppShell(page);
    for (const path of protectedPaths.filter((p) => !/login-1|register|error-page-1/.test(p))) {
      await shell.open(path);
      await expect(shell.mainMenu, path).toBeVisible();
    }
  });

  test('blank-layout routes hide the menu and the header', async ({ page }) => {
    const shell = new AppShell(page);
    for (const path of ['/app/login-1', '/app/register', '/app/error-page-1']) {
      await shell.open(path);
      await expect(shell.mainMenu, path).toHaveCount(0);
      await expect(shell.header, path).toHaveCount(0);
    }
    await shell.open('/app/position');
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
