import type { Page, Route } from '@playwright/test';
import { expect, test } from './support/test';
import { AppShell } from './pages/app-shell';
import { waitForControl } from './support/service-worker';
import { signInReadyToTrade } from './support/trading';

// The shell's menus and dialogs come in files of their own after a screen's first drawing (issue 61,
// app/layouts/shell-parts.tsx). What opens them is there at once and works on the first tap whatever has loaded:
// here their files are held back while the trader taps, as on a slow phone, and the tap is kept (the button
// says it waits) until the code arrives. Session 69's split lost such taps under load and was taken back.

/** Holds every request for the built files named `names` until `release()` is called. */
async function holdFiles(page: Page, names: string[]): Promise<{ asked: () => number; release: () => void }> {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  let asked = 0;
  const pattern = new RegExp(`/assets/(?:${names.join('|')})-[\\w-]+\\.js$`);
  await page.route(pattern, async (route: Route) => {
    asked += 1;
    await gate;
    await route.continue();
  });
  return { asked: () => asked, release };
}

test('the kill switch tapped before its confirmation\'s code is here: the button waits, the confirmation opens as the code arrives, and it stops the account', async ({ page }) => {
  test.setTimeout(120_000);
  const user = await signInReadyToTrade(page);
  const held = await holdFiles(page, ['kill-switch-dialog']);
  await page.goto('/app/position');
  const button = page.getByRole('button', { name: 'Kill switch', exact: true });
  await button.click();
  await expect(button).toHaveAttribute('aria-busy', 'true');
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  expect(held.asked()).toBeGreaterThan(0);

  held.release();
  const dialog = page.getByRole('alertdialog', { name: 'Stop trading now?' });
  await expect(dialog).toContainText('cancels every working order');
  // The open dialog hides the rest of the page from the accessibility tree: the button is found without it.
  await expect(page.getByRole('button', { name: 'Kill switch', exact: true, includeHidden: true })).not.toHaveAttribute('aria-busy', 'true');
  await dialog.getByLabel('Accounts').selectOption(user.accountNumber);
  await dialog.getByRole('button', { name: 'Stop trading' }).click();
  await expect(page.getByTestId('kill-switch-result')).toContainText('New orders blocked');
});

test('the layout settings and the account menu tapped before their code is here open as it arrives', async ({ page }) => {
  test.setTimeout(120_000);
  await signInReadyToTrade(page);
  const settingsCode = await holdFiles(page, ['settings-panel']);
  const menuCode = await holdFiles(page, ['user-menu']);
  await page.goto('/app/position');
  const shell = new AppShell(page);
  const settings = page.getByRole('button', { name: 'Layout settings' });
  await settings.click();
  await expect(settings).toHaveAttribute('aria-busy', 'true');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  settingsCode.release();
  const panel = page.getByRole('dialog');
  await expect(panel).toBeVisible();
  await shell.choose(panel, /^theme$/i, /^dark$/i);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await shell.closeSettings(panel);

  const account = page.getByRole('button', { name: 'Account' });
  await account.click();
  await expect(account).toHaveAttribute('aria-busy', 'true');
  menuCode.release();
  await expect(page.getByRole('menuitem', { name: 'Sign out' })).toBeVisible();
});

test.describe('offline, from the service worker\'s precache', () => {
  test.use({ serviceWorkers: 'allow' });

  test('after one visit, the settings panel and the kill switch\'s confirmation open on the first tap offline', async ({ page, context }) => {
    test.setTimeout(120_000);
    await signInReadyToTrade(page);
    await page.goto('/app/position');
    await waitForControl(page);
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Layout settings' }).click();
    const panel = page.getByRole('dialog');
    await expect(panel).toBeVisible();
    await panel.getByRole('button', { name: /close settings/i }).click();
    await page.getByRole('button', { name: 'Kill switch', exact: true }).click();
    await expect(page.getByRole('alertdialog', { name: 'Stop trading now?' })).toBeVisible();
    await context.setOffline(false);
  });
});
