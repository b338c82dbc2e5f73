import { expect, test, type Locator } from './support/test';
import { OptionChainPage, plain } from './pages/option-chain-page';
import { OrderBookPage } from './pages/order-book-page';
import { usePreferences } from './support/preferences';
import { placeWorkingOrder, signInReadyToTrade } from './support/trading';

// The live desk on a 360 × 740 phone, as a trader met it on a first day (issue 36): the strikes at the money
// on the first screen, the order ticket's action always in view, modify and cancel without a "Done", and an
// account picker that always says in full whether the account is paper or live.

test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

/**
 * Room left in a select once its chosen option's text is drawn up to the end of `word` (padding aside, the
 * arrow inside the padding): negative when the word is cut ("Paper desk (PT…) · Pa"), or missing.
 */
function roomAfterWord(select: Locator, word: string): Promise<number> {
  return select.evaluate((element: HTMLSelectElement, shown) => {
    const text = element.selectedOptions[0]?.text ?? '';
    const end = text.indexOf(shown);
    if (end === -1) return Number.NEGATIVE_INFINITY;
    const style = getComputedStyle(element);
    const context = document.createElement('canvas').getContext('2d')!;
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const width = context.measureText(text.slice(0, end + shown.length)).width;
    return element.clientWidth - parseFloat(style.paddingInlineStart) - parseFloat(style.paddingInlineEnd) - width;
  }, word);
}

test('the desk opens on the strikes at the money: the account and the chain’s choices fold into one line that opens a sheet', async ({ page }) => {
  await signInReadyToTrade(page);
  const chain = new OptionChainPage(page);
  await chain.open();
  // First paint, nothing scrolled: the at-the-money row is on screen, inside the chain's own box too.
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await expect(chain.atmRow).toBeInViewport({ ratio: 1 });
  const digits = (text: string) => plain(text).replace(/\D/g, '');
  const atm = digits(await chain.atmRow.getByRole('rowheader').innerText());
  expect((await chain.strikesOnScreen()).map(digits)).toContain(atm);

  const fold = page.getByTestId('desk-fold');
  await expect(fold).toContainText('Paper');
  await expect(fold).toContainText(/NIFTY · \u2068?\d{1,2} \w{3}\u2069? · ±\u2068?10\u2069? strikes$/);
  await page.screenshot({ path: 'test-results/phone-desk/desk-360.png' });

  await fold.click();
  const sheet = page.getByRole('dialog', { name: 'Account and chain' });
  await expect(sheet.getByLabel('Broker account')).toBeVisible();
  await expect(sheet.getByLabel('Portfolio')).toHaveValue(/\d+/);
  expect(await roomAfterWord(sheet.getByLabel('Broker account'), 'Paper')).toBeGreaterThanOrEqual(0);
  await page.screenshot({ path: 'test-results/phone-desk/desk-sheet-360.png' });
  // A choice applies at once; the line says it when the sheet closes.
  await sheet.getByLabel('Strikes').selectOption('25');
  await sheet.getByRole('button', { name: 'Done' }).click();
  await expect(sheet).toBeHidden();
  await expect(fold).toContainText(/±\u2068?25\u2069? strikes$/);
  await expect(chain.table.getByRole('rowheader')).toHaveCount(51);
  // Centred in the chain's box again (a row of the long ladder may sit a fraction of a pixel off).
  await expect(chain.atmRow).toBeInViewport({ ratio: 0.95 });
});

test('the order ticket is a bottom sheet titled once, its action button in view without scrolling', async ({ page }) => {
  await signInReadyToTrade(page);
  const chain = new OptionChainPage(page);
  await chain.open();
  await chain.atmRow.getByRole('button', { name: /, trade NIFTY.*CE$/ }).click();
  const sheet = page.getByRole('dialog', { name: /^Order ticket: NIFTY\S+CE$/ });
  await expect(sheet).toBeVisible();
  // The title once: the sheet's is the ticket's.
  await expect(page.getByText(/^Order ticket:/)).toHaveCount(1);
  const buy = sheet.getByRole('button', { name: /^Buy \u2068?65\u2069?$/ });
  await expect(buy).toBeEnabled();
  await expect(buy).toBeInViewport({ ratio: 1 });
  // No screen-reader preference stands before it any more: it lives in Settings › Accessibility.
  await expect(sheet.getByRole('checkbox')).toHaveCount(0);
  await page.screenshot({ path: 'test-results/phone-desk/ticket-360.png' });

  // A longer ticket (a stop-loss order: its price and trigger) scrolls its fields, never its button.
  await sheet.getByLabel('Order type').selectOption('SL');
  await expect(sheet.getByLabel('Trigger price (₹)')).toBeVisible();
  expect(await sheet.locator('[data-ticket-body]').evaluate((body) => body.scrollHeight > body.clientHeight)).toBe(true);
  await expect(buy).toBeInViewport({ ratio: 1 });

  await sheet.getByLabel('Order type').selectOption('MARKET');
  await buy.click();
  await sheet.getByRole('button', { name: 'Confirm' }).click();
  const outcome = sheet.getByTestId('ticket-outcome');
  await expect(outcome).toContainText(/filled at/);
  await expect(outcome).toBeInViewport();
});

test('modify and cancel in the order book close by themselves and say the outcome once: no "Done" to tap', async ({ page }) => {
  const user = await signInReadyToTrade(page);
  expect((await placeWorkingOrder(page, user)).ok()).toBe(true);
  await new OrderBookPage(page).open();
  const card = page.getByRole('list', { name: 'Orders' }).getByRole('listitem').first();
  const notices = page.getByRole('region', { name: 'Notifications' });

  await card.getByRole('button', { name: 'Modify' }).click();
  const modify = page.getByRole('dialog');
  await modify.getByRole('button', { name: 'Price ₹0.05 higher' }).click();
  await modify.getByRole('button', { name: 'Modify order' }).click();
  await expect(modify).toBeHidden();
  await expect(notices.getByText(/^Order for \u2068?NIFTY \d{2} \S+ \d+ CE\u2069? modified$/)).toHaveCount(1);
  await expect(notices).toContainText(/open, waiting at \u2068?₹0\.10/);

  await card.getByRole('button', { name: 'Cancel' }).click();
  const cancel = page.getByRole('alertdialog');
  await cancel.getByRole('button', { name: 'Cancel order' }).click();
  await expect(cancel).toBeHidden();
  await expect(notices.getByText(/^Order for \u2068?NIFTY \d{2} \S+ \d+ CE\u2069? cancelled$/)).toHaveCount(1);
  await expect(card).toContainText('Cancelled');
});

test('the account picker always says paper or live in full, at 360 and 1280 px, in English and French', async ({ page }) => {
  await signInReadyToTrade(page);
  const cases = [
    { width: 1280, locale: 'en', mode: 'Paper', label: 'Broker account' },
    { width: 360, locale: 'fr', mode: 'Simulé', label: 'Compte courtier' },
  ] as const;
  for (const { width, locale, mode, label } of cases) {
    await page.setViewportSize({ width, height: 740 });
    await usePreferences(page, { locale, theme: 'light', direction: 'ltr' });
    for (const path of ['/app/order_book', '/app/position_book', '/app/dashboards/live-trade']) {
      await page.goto(path);
      if (width < 768 && path.endsWith('live-trade')) await page.getByTestId('desk-fold').click();
      const select = page.getByLabel(label, { exact: true });
      await expect(select).toHaveValue(/\d+/);
      expect(await roomAfterWord(select, mode), `${path} at ${width} px`).toBeGreaterThanOrEqual(0);
    }
  }
});

test('Settings › Accessibility turns on the ticket’s spoken price, which the ticket honours', async ({ page }) => {
  await signInReadyToTrade(page);
  await page.goto('/app/pages/setting/accessibility');
  const box = page.getByRole('checkbox', { name: 'Announce the order ticket’s price to screen readers' });
  await expect(box).not.toBeChecked();
  await box.check();
  // A device preference: kept across a reload.
  await page.reload();
  await expect(box).toBeChecked();

  const chain = new OptionChainPage(page);
  await chain.open();
  await chain.atmRow.getByRole('button', { name: /, trade NIFTY.*CE$/ }).click();
  await expect(page.getByTestId('price-announcement')).toHaveText(/^NIFTY\S+CE: \u2068?\d+\.\d{2}/);
});
