import { expect, test } from './support/test';
import { AppShell } from './pages/app-shell';
import { signInAsNewUser } from './support/session';

test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

test('at 360 px the menu is a drawer that navigates and closes', async ({ page }) => {
  await signInAsNewUser(page);
  const shell = new AppShell(page);
  await shell.open('/app/dashboards/default');
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeHidden();
  // One menu button on a phone: collapsing the side navigation is a desktop control.
  await expect(page.getByRole('button', { name: /collapse menu|expand menu/i })).toBeHidden();

  await page.getByRole('button', { name: 'Open menu' }).click();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await expect(drawer).toBeVisible();
  await drawer.getByRole('link', { name: 'Order book' }).click();
  await expect(page).toHaveURL('/app/order_book');
  await expect(drawer).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Order book' })).toBeVisible();
});

test('nothing overflows sideways at 360 px', async ({ page }) => {
  await signInAsNewUser(page);
  const shell = new AppShell(page);
  for (const path of ['/app/dashboards/default', '/app/position', '/app/pages/setting/profile', '/app/broker']) {
    await shell.open(path);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
});

test('the login page fits a 360 px phone', async ({ page }) => {
  await page.goto('/auth/login');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
