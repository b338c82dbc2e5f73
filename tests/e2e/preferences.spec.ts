import { expect, test } from './support/test';
import { AppShell } from './pages/app-shell';
import { signInAsNewUser } from './support/session';

test.use({ viewport: { width: 1280, height: 800 } });

test('theme, language and direction change the page and survive a reload', async ({ page }) => {
  await signInAsNewUser(page);
  const shell = new AppShell(page);
  await shell.open('/app/position');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await expect(page.locator('body')).toHaveAttribute('dir', 'ltr');
  const lightBackground = await page.locator('body').evaluate((body) => getComputedStyle(body).backgroundColor);

  const panel = await shell.openSettings();
  await shell.choose(panel, /^theme$/i, /^dark$/i);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await shell.choose(panel, /^text direction$/i, /right to left/i);
  await expect(page.locator('body')).toHaveAttribute('dir', 'rtl');
  await shell.choose(panel, /^language$/i, /français/i);
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr-FR');
  await expect(panel.getByRole('group', { name: /^thème$/i })).toBeVisible();
  await shell.closeSettings(panel);

  const darkBackground = await page.locator('body').evaluate((body) => getComputedStyle(body).backgroundColor);
  expect(darkBackground).not.toBe(lightBackground);
  await expect(shell.mainMenu.getByRole('link', { name: 'Carnet d’ordres' })).toBeVisible();
  // Right to left: the side navigation now stands on the right.
  const nav = await shell.mainMenu.boundingBox();
  expect(nav && nav.x).toBeGreaterThan(640);

  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr-FR');
  await expect(page.locator('body')).toHaveAttribute('dir', 'rtl');
  await expect(shell.mainMenu.getByRole('link', { name: 'Carnet d’ordres' })).toBeVisible();
});

test('navigation type and collapsed navigation apply and persist', async ({ page }) => {
  await signInAsNewUser(page);
  const shell = new AppShell(page);
  await shell.open('/app/order_book');
  const expanded = await shell.mainMenu.boundingBox();
  expect(expanded?.width).toBe(250);

  await page.getByRole('button', { name: 'Collapse menu' }).click();
  await expect.poll(async () => (await shell.mainMenu.boundingBox())?.width).toBe(80);

  const panel = await shell.openSettings();
  await shell.choose(panel, /^navigation$/i, /^top$/i);
  await shell.closeSettings(panel);
  const bar = await shell.mainMenu.boundingBox();
  expect(bar && bar.width).toBeGreaterThan(1000);
  expect(bar && bar.y).toBe(70);

  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const afterReload = await shell.mainMenu.boundingBox();
  expect(afterReload && afterReload.width).toBeGreaterThan(1000);
});

test('a signed-out visitor can switch language and theme on the login page', async ({ page }) => {
  await page.goto('/auth/login');
  await page.getByRole('combobox', { name: 'Language' }).selectOption('fr');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr-FR');
  await page.getByRole('button', { name: /thème sombre/i }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr-FR');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
});

test('"As the device" follows the phone’s dark setting, survives a reload, and the default stays light', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await signInAsNewUser(page);
  const shell = new AppShell(page);
  await shell.open('/app/position');
  // The spec's default theme is light, whatever the device says.
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  const panel = await shell.openSettings();
  await shell.choose(panel, /^theme$/i, /^as the device$/i);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  // The phone turns light (its evening schedule ends): the app follows without a tap.
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await shell.closeSettings(panel);
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#0f1420');
});
