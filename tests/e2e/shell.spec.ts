import { expect, test, type Page } from './support/test';
import { AppShell } from './pages/app-shell';
import { PortfolioPage } from './pages/portfolio-page';
import { loginToken, signInAsNewUser } from './support/session';

const SHOTS = 'test-results/shell';

/** A paper account of ₹5,00,000 holding one portfolio of ₹2,00,000, made through the API. */
async function seedAllocation(page: Page, token: string): Promise<void> {
  const headers = { Authorization: `Bearer ${token}` };
  const number = `PA${Date.now().toString().slice(-6)}`;
  const account = await page.request.post('/api/accounts/accounts/', {
    headers,
    data: { broker: 'paper', name: 'Main paper', account_number: number, api_key: `key-${number}`, api_secret: 'secret-paper-1234', capital: 500000 },
  });
  expect(account.status()).toBe(201);
  const { broker_accounts: created } = (await account.json()) as { broker_accounts: { id: number } };
  const portfolio = await page.request.post('/api/portfolios/portfolios/', {
    headers,
    data: { broker_account: created.id, name: 'Weekly expiry', capital: 200000 },
  });
  expect(portfolio.status()).toBe(201);
}

/** Where each of `parts` starts on screen, left to right, inside the element's text. */
async function startsOf(page: Page, selector: string, parts: string[]): Promise<number[]> {
  return page.locator(selector).evaluate((element, wanted) => {
    const text = element.firstChild?.textContent ?? '';
    return wanted.map((part) => {
      const range = document.createRange();
      const start = text.indexOf(part);
      range.setStart(element.firstChild as Text, start);
      range.setEnd(element.firstChild as Text, start + part.length);
      return range.getBoundingClientRect().left;
    });
  }, parts);
}

test.describe('top bar at desktop widths', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('items that do not fit go under More, following the width, the language and the direction', async ({ page }) => {
    await signInAsNewUser(page);
    const shell = new AppShell(page);
    await shell.open('/app/order_book');
    await shell.useLayout({ navigation: /^top$/i });

    // Nothing scrolls sideways out of sight; the row and More hold the 22 items between them.
    const bar = shell.mainMenu;
    expect(await bar.evaluate((nav) => nav.scrollWidth <= nav.clientWidth)).toBe(true);
    await expect(shell.moreButton()).toBeVisible();
    const wide = await shell.rowLinks().count();
    expect(wide).toBeGreaterThan(4);
    expect(wide).toBeLessThan(22);
    const lastLink = await shell.rowLinks().last().boundingBox();
    const more = await shell.moreButton().boundingBox();
    expect(lastLink!.x + lastLink!.width).toBeLessThanOrEqual(more!.x);
    await page.screenshot({ path: `${SHOTS}/top-bar-1280-en.png` });

    // Keyboard: open More, walk to an item, follow it.
    await shell.moreButton().focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('menuitem')).toHaveCount(22 - wide);
    await page.screenshot({ path: `${SHOTS}/top-bar-more-open-1280-en.png` });
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/app\/market_facts$/);
    await expect(menu).toBeHidden();

    // A narrower desktop keeps fewer items in the row.
    await page.setViewportSize({ width: 1000, height: 800 });
    await expect.poll(() => shell.rowLinks().count()).toBeLessThan(wide);

    // French labels are longer: fewer fit at the same width; right to left puts More at the left end.
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect.poll(() => shell.rowLinks().count()).toBe(wide);
    await shell.useLayout({ direction: /right to left/i, language: /français/i });
    await expect(shell.moreButton()).toHaveText('Plus');
    await expect.poll(() => shell.rowLinks().count()).toBeLessThan(wide);
    const rtlMore = await shell.moreButton().boundingBox();
    const rtlLast = await shell.rowLinks().last().boundingBox();
    expect(rtlMore!.x + rtlMore!.width).toBeLessThanOrEqual(rtlLast!.x);
    expect(await bar.evaluate((nav) => nav.scrollWidth <= nav.clientWidth)).toBe(true);
    await page.screenshot({ path: `${SHOTS}/top-bar-1280-fr-rtl.png` });
  });
});

for (const width of [360, 1280]) {
  test(`right to left keeps amounts and sentences in reading order at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    const account = await signInAsNewUser(page);
    await seedAllocation(page, await loginToken(page.request, account));
    const shell = new AppShell(page);
    await shell.open('/app/portfolio');
    await shell.useLayout({ theme: /^dark$/i, direction: /right to left/i, language: /français/i });
    await expect(page.locator('body')).toHaveAttribute('dir', 'rtl');

    const summary = page.getByText(/alloués sur/);
    await expect(summary).toBeVisible();
    // Each amount is isolated (FSI … PDI) in the text itself.
    expect(await summary.textContent()).toMatch(/^\u2068200\s000\s₹\u2069 alloués sur \u2068500\s000\s₹\u2069$/);
    // And the sentence reads left to right on screen: the allocated amount, the words, then the capital.
    await summary.evaluate((element) => element.setAttribute('data-probe', 'allocation'));
    const [allocated, words, capital] = await startsOf(page, '[data-probe=allocation]', ['200', 'alloués', '500']);
    expect(allocated).toBeLessThan(words!);
    expect(words).toBeLessThan(capital!);

    // A sentence ending in a full stop keeps it at its end.
    const description = page.getByText(/^Regroupez vos bots/);
    await description.evaluate((element) => element.setAttribute('data-probe', 'sentence'));
    const text = (await description.textContent()) ?? '';
    const [first, stop] = await startsOf(page, '[data-probe=sentence]', [text.slice(0, 4), text.slice(-1)]);
    expect(first).toBeLessThan(stop!);
    await page.screenshot({ path: `${SHOTS}/portfolio-rtl-dark-fr-${width}.png`, fullPage: true });
  });
}

test.describe('notifications on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('sit at the bottom, clear of the page title', async ({ page }) => {
    const account = await signInAsNewUser(page);
    await seedAllocation(page, await loginToken(page.request, account));
    const portfolios = new PortfolioPage(page);
    await portfolios.open();
    await portfolios.createPortfolio('Monthly', '100000');
    const toast = await page.getByRole('region', { name: 'Notifications' }).getByRole('status').boundingBox();
    const title = await page.getByRole('heading', { level: 1 }).boundingBox();
    expect(toast!.y).toBeGreaterThan(title!.y + title!.height);
    expect(toast!.y + toast!.height).toBeGreaterThan(740 - 24);
    await page.screenshot({ path: `${SHOTS}/notification-360.png` });
  });
});

test('each screen names the tab, in the trader’s language, and a route change is announced with focus on its heading', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAsNewUser(page);
  const shell = new AppShell(page);
  await shell.open('/app/order_book');
  await expect(page).toHaveTitle('Order book · StrikeDesk');

  await shell.mainMenu.getByRole('link', { name: 'Portfolios' }).click();
  await expect(page).toHaveTitle('Portfolios · StrikeDesk');
  await expect(page.locator('[aria-live=polite][role=status]').filter({ hasText: 'Portfolios · StrikeDesk' })).toBeAttached();
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();

  await shell.useLayout({ language: /français/i });
  await expect(page).toHaveTitle('Portefeuilles · StrikeDesk');
});
