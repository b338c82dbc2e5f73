import { expect, test } from './support/test';
import { AppShell } from './pages/app-shell';
import { LoginPage, RegisterPage } from './pages/auth-pages';
import { newAccount, readStoredValue, registerAccount } from './support/session';

test('register, sign in, land on the requested page, keep the session, change password, sign out', async ({ page }) => {
  const account = newAccount();
  const requested = '/app/order_book?start_date=2026-11-20';

  // A signed-out trader follows a link to the order book and is asked to sign in first.
  await page.goto(requested);
  await expect(page).toHaveURL(/\/auth\/login\?redirect=/);
  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page).toHaveURL(/\/auth\/register\?redirect=/);
  // Back and Forward move between the two public pages, which a first visit shows without the app's router.
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to StrikeDesk' })).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/login\?redirect=/);
  await page.goForward();
  await expect(page.getByRole('heading', { level: 1, name: 'Create your StrikeDesk account' })).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/register\?redirect=/);

  // Bad input is refused on the client with the shared messages, and nothing typed is lost.
  await page.getByLabel('Mobile number').fill('12345');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Full name is required')).toBeVisible();
  await expect(page.getByText(/Mobile number must be a 10-digit Indian mobile number/)).toBeVisible();
  await expect(page.getByLabel('Mobile number')).toHaveValue('12345');

  await new RegisterPage(page).register(account);
  await expect(page.getByText('Account created')).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/login\?redirect=/);
  await expect(page.getByLabel('Email')).toHaveValue(account.email);

  // A wrong password is refused with the server's message.
  const login = new LoginPage(page);
  await login.signIn(account.email, 'not-my-password');
  await login.expectError('Invalid email or password.');

  await login.signIn(account.email, account.password);
  await expect(page).toHaveURL(requested);
  await expect(page.getByRole('heading', { level: 1, name: 'Order book' })).toBeVisible();
  expect(await readStoredValue(page, 'auth_token')).toEqual(expect.any(String));

  await page.reload();
  await expect(page).toHaveURL(requested);
  await expect(page.getByRole('heading', { level: 1, name: 'Order book' })).toBeVisible();

  // Change the password from the settings.
  const newPassword = `${account.password}-2`;
  await page.goto('/app/pages/setting/password');
  await page.getByLabel('Current password').fill(account.password);
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password').fill(newPassword);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Password changed')).toBeVisible();

  // Something the user's session cached, to see sign-out remove it.
  await page.evaluate(async () => {
    const cache = await caches.open('strikedesk-analytics-test');
    await cache.put('/analytics/rest/v1/bots', new Response('[]'));
  });

  const shell = new AppShell(page);
  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL('/auth/login');
  await expect.poll(() => readStoredValue(page, 'auth_token')).toBeUndefined();
  expect(await readStoredValue(page, 'root')).toBeUndefined();
  expect(await page.evaluate(() => caches.keys())).not.toContain('strikedesk-analytics-test');
  await page.goto('/app/order_book');
  await expect(page).toHaveURL(/\/auth\/login\?redirect=%2Fapp%2Forder_book$/);
  await expect(shell.mainMenu).toHaveCount(0);

  // The old password no longer works; the new one does.
  await login.signIn(account.email, account.password);
  await login.expectError('Invalid email or password.');
  await login.signIn(account.email, newPassword);
  await expect(page).toHaveURL('/app/order_book');
});

test('registering an email twice is refused under the email, with a link to sign in instead', async ({ page }) => {
  const account = await registerAccount(page.request);
  await page.goto('/auth/register?redirect=%2Fapp%2Fportfolio');
  await new RegisterPage(page).register(account);
  const email = page.getByLabel('Email');
  await expect(email).toHaveAccessibleDescription('An account with this email already exists. Sign in instead');
  await expect(email).toBeFocused();
  await expect(page).toHaveURL('/auth/register?redirect=%2Fapp%2Fportfolio');
  await page.getByRole('link', { name: 'Sign in instead' }).click();
  await expect(page).toHaveURL('/auth/login?redirect=%2Fapp%2Fportfolio');
  await expect(page.getByLabel('Email')).toHaveValue(account.email);
});

test('the blank-layout sign-in and registration pages work while signed in', async ({ page }) => {
  const account = await registerAccount(page.request);
  await page.goto('/auth/login');
  await new LoginPage(page).signIn(account.email, account.password);
  await expect(page).toHaveURL('/app/dashboards/default');

  await page.goto('/app/login-1');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to StrikeDesk' })).toBeVisible();
  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page).toHaveURL('/app/register');
  await expect(page.getByRole('heading', { level: 1, name: 'Create your StrikeDesk account' })).toBeVisible();
});
