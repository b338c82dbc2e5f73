import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, expect, test } from './support/test';
import { waitForControl } from './support/service-worker';
import { chromiumArgs, chromiumExecutable } from './support/chromium';
import { loginToken, readStoredValue, registerAccount, signInAsNewUser, storeSessionToken } from './support/session';

// The app's service worker runs here (the suite blocks it elsewhere, playwright.config.ts): this spec goes
// offline, waits for it to control the page, or meets its precache or push.
test.use({ serviceWorkers: 'allow' });
// Workbox installs the precache one file after another (317 of them): 27–50 s of these tests under the suite's
// load on two cores (28 November), one run of 60 s when the machine was busier still.
test.describe.configure({ timeout: 120_000 });

const distAssets = join(process.cwd(), 'dist', 'assets');

test('a first visit that only sees the sign-in page installs no service worker and precaches nothing', async ({ page }) => {
  await page.goto('/auth/login');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  // Every screen for offline use is about 1.5 MB: not on a visit that may never sign in (mobile data).
  expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0);
  expect(await page.evaluate(async () => (await caches.keys()).length)).toBe(0);
});

test('once signed in, the service worker controls the page and precaches every screen chunk', async ({ page }) => {
  await signInAsNewUser(page);
  await page.goto('/auth/login');
  await waitForControl(page);
  const scriptUrl = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);
  expect(scriptUrl).toMatch(/\/sw\.js$/);

  const precached = await page.evaluate(async () => {
    const names = await caches.keys();
    const urls: string[] = [];
    for (const name of names.filter((n) => n.startsWith('workbox-precache'))) {
      const cache = await caches.open(name);
      urls.push(...(await cache.keys()).map((request) => new URL(request.url).pathname));
    }
    return urls;
  });
  const builtChunks = readdirSync(distAssets).filter((file) => file.endsWith('.js') || file.endsWith('.css'));
  expect(builtChunks.length).toBeGreaterThan(20);
  const missing = builtChunks.filter((file) => !precached.includes(`/assets/${file}`));
  expect(missing).toEqual([]);
  expect(precached).toContain('/index.html');
});

test('the login screen opens offline after one signed-in visit', async ({ page, context }) => {
  await signInAsNewUser(page);
  await page.goto('/app/dashboards/default');
  await waitForControl(page);
  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL('/auth/login');
  await expect.poll(() => readStoredValue(page, 'auth_token')).toBeUndefined();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  await context.setOffline(true);
  const response = await page.reload();
  expect(response?.fromServiceWorker()).toBe(true);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByLabel(/email/i)).toBeVisible();
  const apiReachable = await page.evaluate(() => fetch('/api/health/').then(() => true, () => false));
  expect(apiReachable).toBe(false);

  // Another screen that was never opened comes from the precache too.
  await page.goto('/auth/register');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await context.setOffline(false);
});

test('Chromium reports no installability errors', async ({ baseURL, request }) => {
  const profile = mkdtempSync(join(tmpdir(), 'strikedesk-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumExecutable,
    args: chromiumArgs,
    headless: true,
  });
  try {
    const page = await context.newPage();
    await page.goto(`${baseURL}/auth/login`);
    // Signed in: a first visit installs the service worker only then.
    await storeSessionToken(page, await loginToken(request, await registerAccount(request)));
    await page.goto(`${baseURL}/auth/login`);
    await waitForControl(page);
    const cdp = await context.newCDPSession(page);
    await expect
      .poll(async () => (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors, { timeout: 15_000 })
      .toEqual([]);
    const manifest = await cdp.send('Page.getAppManifest');
    expect(manifest.errors).toEqual([]);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});
