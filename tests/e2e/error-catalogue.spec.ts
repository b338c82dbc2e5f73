import { expect, test, type Page, type Route } from './support/test';
import { signInAsNewUser } from './support/session';

// Requests are intercepted in the page, so the service worker must not stand in between.
test.use({ serviceWorkers: 'block' });

const PROFILE = '**/api/profile/user/';

/** The app shell asks for the profile on every start: a failure there is one a trader really meets. */
async function openWithProfileAnswer(page: Page, answer: (route: Route) => Promise<void>) {
  await page.route(PROFILE, answer, { times: 1 });
  await page.goto('/app/position');
}

function notification(page: Page, title: string) {
  return page.getByRole('alert').filter({ hasText: title });
}

async function expectAppStillWorks(page: Page) {
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Order book' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Order book' })).toBeVisible();
}

test.beforeEach(async ({ page }) => {
  await signInAsNewUser(page);
});

for (const [status, title] of [
  [404, 'Not Found'],
  [500, 'Internal Server Error'],
  [508, 'Time Out'],
] as const) {
  test(`${status} shows "${title}" and the app keeps working`, async ({ page }) => {
    await openWithProfileAnswer(page, (route) => route.fulfill({ status, json: { message: 'x', code: 'x' } }));
    await expect(notification(page, title)).toBeVisible();
    await expect(page).toHaveURL('/app/position');
    await expectAppStillWorks(page);
  });
}

test('401 shows "Authentication Fail / Please login again" and signs the user out', async ({ page }) => {
  await openWithProfileAnswer(page, (route) =>
    route.fulfill({ status: 401, json: { message: 'Authentication required', code: 'unauthenticated' } }),
  );
  await expect(notification(page, 'Authentication Fail')).toContainText('Please login again');
  await expect(page).toHaveURL(/\/auth\/login\?redirect=%2Fapp%2Fposition$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to StrikeDesk' })).toBeVisible();
});

test('a network failure shows "Error" and the app keeps working', async ({ page }) => {
  await openWithProfileAnswer(page, (route) => route.abort('internetdisconnected'));
  await expect(notification(page, 'Error')).toContainText('could not be reached');
  await expectAppStillWorks(page);
});

test('an answer without its expected field fails with the answer\'s message', async ({ page }) => {
  await openWithProfileAnswer(page, (route) => route.fulfill({ status: 200, json: { message: 'Profile is being migrated' } }));
  await expect(notification(page, 'Error')).toContainText('Profile is being migrated');
  await expectAppStillWorks(page);
});
