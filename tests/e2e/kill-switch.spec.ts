import { expect, test, type Page } from './support/test';
import { AppShell } from './pages/app-shell';
import { buyOneLot, signInReadyToTrade, type TradingUser } from './support/trading';

// The kill switch on the real server and its simulated market (demo mode): one tap from the header, one
// confirmation, each account's outcome in final terms, entries refused afterwards, and turning it off with
// the typed account number on its page. The home-screen shortcut only opens the confirmation.

/** The theme's danger colour, as the browser computes it. */
function dangerColour(page: Page): Promise<string> {
  return page.evaluate(() => {
    const probe = document.createElement('div');
    probe.style.backgroundColor = 'var(--color-danger)';
    document.body.append(probe);
    const colour = getComputedStyle(probe).backgroundColor;
    probe.remove();
    return colour;
  });
}

async function openPositions(page: Page, user: TradingUser): Promise<number> {
  const response = await page.request.get(`/api/position-book/position-book/${user.accountNumber}`, { headers: { authorization: `Bearer ${user.token}` } });
  const book = (await response.json()) as { position_book: { net: Array<{ quantity: number }> } };
  return book.position_book.net.filter((position) => position.quantity !== 0).length;
}

test('one tap from the header stops the account: the position is closed, entries are refused, and it is turned off with the typed account number', async ({ page }) => {
  test.setTimeout(120_000);
  const user = await signInReadyToTrade(page);
  expect(await buyOneLot(page, user)).toBe(200);
  expect(await openPositions(page, user)).toBe(1);

  await page.goto('/app/position');
  await page.getByRole('button', { name: 'Kill switch', exact: true }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Stop trading now?' });
  await expect(dialog).toContainText('cancels every working order');
  await dialog.getByLabel('Accounts').selectOption(user.accountNumber);
  await dialog.getByRole('button', { name: 'Stop trading' }).click();

  const result = page.getByTestId('kill-switch-result');
  await expect(result).toContainText('New orders blocked; 0 working orders cancelled; 1 exit filled');
  await expect(result.getByRole('listitem')).toContainText(/^Sell \u2068?65\u2069? \u2068?NIFTY .+ CE\u2069?: filled at/);
  await page.getByRole('alertdialog').getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('button', { name: `Kill switch · 1 armed: Paper desk (${user.accountNumber})` })).toBeVisible();

  expect(await openPositions(page, user)).toBe(0);
  expect(await buyOneLot(page, user)).toBe(403);

  await page.goto('/app/kill-switch');
  const card = page.getByTestId('account-switch');
  await expect(card.getByTestId('switch-state')).toContainText('On since');
  await card.getByLabel(`Type ${user.accountNumber} to turn it off`).fill(user.accountNumber.toLowerCase());
  await card.getByRole('button', { name: 'Turn off' }).click();
  await expect(card.getByTestId('switch-state')).toHaveText('Off: orders are allowed.');
  await card.getByText('History').click();
  await expect(card.getByRole('listitem')).toHaveCount(2);
  await expect(card.getByRole('listitem').first()).toContainText('turned off from this page: New orders allowed again');
  await expect(card.getByRole('listitem').last()).toContainText('turned on from the header: New orders blocked');
  expect(await buyOneLot(page, user)).toBe(200);
});

test('armed from its page, the account card behind the result and the header say it is on at the answer, at 360 and 1280 px, in English and French', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 360, height: 740 });
  const user = await signInReadyToTrade(page);
  await page.goto('/app/kill-switch');
  const card = page.getByTestId('account-switch');
  await expect(card.getByTestId('switch-state')).toHaveText('Off: orders are allowed.');
  const shell = new AppShell(page);
  const header = shell.header.getByRole('button', { name: 'Kill switch', exact: true });
  await expect(header).toBeVisible();

  await page.getByRole('button', { name: 'Stop all accounts' }).click();
  await page.getByRole('alertdialog', { name: 'Stop trading now?' }).getByRole('button', { name: 'Stop trading' }).click();
  const result = page.getByRole('alertdialog', { name: 'Kill switch on' });
  await expect(result).toBeVisible();
  // Behind the result, still open: the card and the header already say so (the page reads the switches only
  // when it opens and when the dialog closes, so this is the answer's word). The dialog hides the page from
  // screen readers, so the header's button is found among hidden elements.
  await expect(card.getByTestId('switch-state')).toContainText('On since');
  const armed = page.getByRole('banner', { includeHidden: true }).getByRole('button', { name: `Kill switch · 1 armed: Paper desk (${user.accountNumber})`, includeHidden: true });
  await expect(armed).toHaveAttribute('data-armed', 'true');
  await result.getByRole('button', { name: 'Done' }).click();

  // In words and colour, the count alone on a phone, inside the screen.
  await expect(armed).toHaveText('1 armed', { useInnerText: true });
  await expect(armed).toHaveCSS('background-color', await dangerColour(page));
  expect(await armed.evaluate((button) => button.getBoundingClientRect().right)).toBeLessThanOrEqual(360);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.screenshot({ path: 'test-results/kill-switch/armed-header-en-360.png' });
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(armed).toHaveText('Kill switch · 1 armed', { useInnerText: true });
  await page.screenshot({ path: 'test-results/kill-switch/armed-header-en-1280.png' });

  await shell.useLayout({ theme: /^dark$/i, direction: /right to left/i, language: /français/i });
  const armedFr = shell.header.getByRole('button', { name: `Coupe-circuit · 1 activé : Paper desk (${user.accountNumber})` });
  await expect(armedFr).toHaveText('Coupe-circuit · 1 activé', { useInnerText: true });
  await expect(armedFr).toHaveCSS('background-color', await dangerColour(page));
  await page.screenshot({ path: 'test-results/kill-switch/armed-header-fr-dark-rtl-1280.png' });
  await page.setViewportSize({ width: 360, height: 740 });
  await expect(armedFr).toHaveText('1 activé', { useInnerText: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.screenshot({ path: 'test-results/kill-switch/armed-header-fr-dark-rtl-360.png' });
});

test('the home-screen shortcut opens the confirmation and arms nothing by itself', async ({ page }) => {
  const user = await signInReadyToTrade(page);
  await page.goto('/app/dashboards/default?kill-switch=arm');
  const dialog = page.getByRole('alertdialog', { name: 'Stop trading now?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/app\/dashboards\/default$/);
  const response = await page.request.get('/api/kill-switch/', { headers: { authorization: `Bearer ${user.token}` } });
  expect(((await response.json()) as { kill_switches: Array<{ armed: boolean }> }).kill_switches).toEqual([expect.objectContaining({ armed: false })]);
});

test('risk limits are set on the kill switch page and show their use, in French, dark and right to left on a 360 px phone', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const user = await signInReadyToTrade(page);
  await page.goto('/app/kill-switch');
  const card = page.getByTestId('account-switch');
  await card.getByLabel('Maximum loss today (₹)').fill('10000');
  await card.getByLabel('Maximum trades today').fill('0');
  await card.getByRole('button', { name: 'Save limits' }).click();
  await expect(card.getByText('Enter a whole number of 1 or more, or leave it empty.')).toBeVisible();
  await card.getByLabel('Maximum trades today').fill('20');
  await card.getByRole('button', { name: 'Save limits' }).click();
  await expect(card.getByRole('status').filter({ hasText: 'Limits saved.' })).toBeVisible();
  await expect(card.getByText(/of \u2068?₹10,000\.00\u2069? loss/)).toBeVisible();
  await expect(card.getByText(/^\u2068?0\u2069? of \u2068?20\u2069?$/)).toBeVisible();
  const saved = await page.request.get(`/api/risk-limits/${user.accountNumber}/`, { headers: { authorization: `Bearer ${user.token}` } });
  expect(((await saved.json()) as { limits: { max_loss_today: number; max_trades_today: number } }).limits).toMatchObject({ max_loss_today: 10000, max_trades_today: 20 });

  // French, dark, right to left: the page fits the phone and names things in French.
  await new AppShell(page).useLayout({ theme: /^dark$/i, direction: /right to left/i, language: /français/i });
  await expect(page.locator('body')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Coupe-circuit et limites de risque');
  await expect(page.getByRole('button', { name: 'Coupe-circuit', exact: true })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: 'test-results/kill-switch/fr-dark-rtl-360.png', fullPage: true });
});
