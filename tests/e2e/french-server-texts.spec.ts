import { expect, test, type Page } from './support/test';
import { AppShell } from './pages/app-shell';
import { browserSubscription } from '../server/alerts/local-push-service';
import { scriptedPushEndpoint } from './support/kite';
import { openInApp } from './support/in-app';
import { usePreferences } from './support/preferences';
import { loginToken, registerAccount, storeSessionToken } from './support/session';
import { signInReadyToTrade, type TradingUser } from './support/trading';

// French everywhere (issue 24): what the server writes for a trader (an order's rejection, the alerts feed,
// a recommendation) reads in French in the French interface, and the trading-day fields show DD/MM/YYYY
// in French even on a browser whose own language is US English.
test.use({ locale: 'en-US' });

/** An order the exchange refuses: 5 units more than one lot of NIFTY's at-the-money call. */
async function placeRefusedOrder(page: Page, user: TradingUser): Promise<{ symbol: string; quantity: number; lotSize: number }> {
  const auth = { authorization: `Bearer ${user.token}` };
  const expiries = (await (await page.request.get('/api/market/expiries/?index=NIFTY', { headers: auth })).json()) as { expiries: Array<{ date: string }> };
  const listed = (await (await page.request.get(`/api/market/instruments/?index=NIFTY&expiry=${expiries.expiries[0]!.date}`, { headers: auth })).json()) as {
    instruments: Array<{ tradingsymbol: string; instrument_type: string }>;
    lot_size: number;
  };
  const call = listed.instruments.find((instrument) => instrument.instrument_type === 'CE')!;
  const quantity = listed.lot_size + 5;
  const placed = await page.request.post('/api/order-book/order-book/place_trades/', {
    headers: { ...auth, 'idempotency-key': crypto.randomUUID() },
    data: {
      account_number: user.accountNumber,
      orders: [{ tradingsymbol: call.tradingsymbol, exchange: 'NFO', transaction_type: 'BUY', order_type: 'MARKET', product: 'NRML', quantity }],
    },
  });
  expect(placed.status()).toBe(200);
  const order = ((await placed.json()) as { orders: Array<{ status: string }> }).orders[0]!;
  expect(order.status).toBe('REJECTED');
  return { symbol: call.tradingsymbol, quantity, lotSize: listed.lot_size };
}

/** The order book, switched to French in the layout settings (a page load only if the app is not open yet). */
async function inFrench(page: Page): Promise<void> {
  const shell = new AppShell(page);
  const at = new URL(page.url()).pathname;
  if (!at.startsWith('/app/')) await shell.open('/app/order_book');
  else if (at !== '/app/order_book') await openInApp(page, '/app/order_book', { title: 'Order book' });
  await shell.useLayout({ language: /français/i });
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr-FR');
}

test('in French, a rejected order’s reason, its alert and a recommendation read in French', async ({ page }) => {
  test.setTimeout(120_000);
  const user = await signInReadyToTrade(page);
  const refused = await placeRefusedOrder(page, user);
  await inFrench(page);

  // The order book (as switched to French, without a page load): the status and the exchange's reason, both
  // in French.
  await page.setViewportSize({ width: 1280, height: 800 });
  const status = page.getByRole('table').locator('[data-field="status"]').first();
  await expect(status).toContainText('Rejeté');
  await expect(status).toContainText(
    `La quantité ${refused.quantity} n’est pas un multiple de la taille de lot ${refused.lotSize}. Saisissez des lots entiers`,
  );
  await expect(status).not.toContainText('is not a multiple');

  // The alerts feed: the same rejection, title and body in French, the reason nested in the body (opened
  // inside the app, as a trader moves).
  await openInApp(page, '/app/strategy_alerts', { title: 'Alertes' });
  const alert = page.getByTestId('alert-item').filter({ hasText: refused.symbol }).first();
  await expect(alert).toBeVisible({ timeout: 30_000 });
  await expect(alert.getByRole('heading')).toHaveText(`Ordre rejeté : achat ${refused.quantity} ${refused.symbol}`);
  await expect(alert).toContainText(`n’est pas un multiple de la taille de lot ${refused.lotSize}`);
  await expect(alert).toContainText(`(${user.accountNumber}, ordre `);
  await expect(alert).not.toContainText('Order rejected');

  // A recommendation: its title and rationale in French, its expiry as DD/MM/YYYY.
  await openInApp(page, '/app/recommendations', { title: 'Recommandations' });
  const card = page.getByRole('article').first();
  await expect(card).toBeVisible();
  await expect(card.getByRole('heading', { level: 2 })).toHaveText(/^(\w+ en dynamique : bull call spread|\w+ sous pression : bear put spread|\w+ dans un range : iron condor) /);
  await expect(card).toContainText(/est en (hausse|baisse) de \d+,\d{2} % aujourd’hui/);
  await expect(card).toContainText(/sur l’échéance du \d{2}\/\d{2}\/\d{4}, un jeu de lots/);
  await expect(card).not.toContainText(' today');
});

test('at 360 px in French, another device whose last push failed says why in French', async ({ page }) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 360, height: 780 });
  const token = await loginToken(page.request, await registerAccount(page.request));
  const auth = { authorization: `Bearer ${token}` };
  // The trader's phone, subscribed earlier; its push service now refuses what is sent to it (a 500, as a push
  // service under trouble answers). The server's real sender encrypts, signs and posts to it on 127.0.0.1.
  const endpoint = await scriptedPushEndpoint(page.request, `phone-${crypto.randomUUID()}`, 500);
  const saved = await page.request.put('/api/push/devices/', { headers: auth, data: { endpoint, keys: browserSubscription().keys, label: 'Pixel 8, Chrome', topics: [] } });
  expect(saved.ok(), await saved.text()).toBe(true);
  const tested = await page.request.post('/api/push/test/', { headers: auth, data: { endpoint } });
  expect(tested.ok(), await tested.text()).toBe(true);

  await storeSessionToken(page, token);
  await usePreferences(page, { locale: 'fr', theme: 'dark', direction: 'ltr' });
  await page.goto('/app/pages/setting/notifications');
  const phone = page.getByRole('listitem', { name: 'Pixel 8, Chrome' });
  await expect(phone).toContainText('Échec du dernier envoi : Le service de notifications push a répondu 500.');
  await expect(phone).not.toContainText('answered');
  await phone.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/french/push-device-error-fr-360.png' });
});

test('the trading-day fields show and read DD/MM/YYYY in French, not the browser’s US order', async ({ page }) => {
  test.setTimeout(90_000);
  await signInReadyToTrade(page);
  await inFrench(page);
  // The order book as switched to French; the positions opened inside the app.
  for (const path of ['/app/order_book', '/app/position']) {
    if (path === '/app/position') await openInApp(page, path, { title: 'Positions' });
    const day = page.getByRole('textbox', { name: 'Jour de bourse' });
    // Empty, it shows today's book, and says so (issue 62).
    await expect(day).toHaveAttribute('placeholder', 'Aujourd’hui, ou JJ/MM/AAAA');
    // 5 January, typed day first: read as the 5th of January, shown back as 05/01/2026.
    await day.fill('5/1/2026');
    await day.press('Enter');
    await expect(day).toHaveValue('05/01/2026');
    await expect(page.getByText('Saisissez un jour au format JJ/MM/AAAA')).toHaveCount(0);
    // A month-first US day is not a day here, and says so in French.
    await day.fill('12/31/2026');
    await day.press('Enter');
    await expect(page.getByText('Saisissez un jour au format JJ/MM/AAAA, par exemple 05/01/2026.')).toBeVisible();
  }
});

test('screenshots: the order book, the alerts feed and a recommendation in en and fr at 360 and 1280 px', async ({ page }) => {
  test.setTimeout(180_000);
  const user = await signInReadyToTrade(page);
  await placeRefusedOrder(page, user);
  const screens = [
    { name: 'order-book', path: '/app/order_book', en: 'Order book', fr: 'Carnet d’ordres' },
    { name: 'alerts', path: '/app/strategy_alerts', en: 'Alerts', fr: 'Alertes' },
    { name: 'recommendations', path: '/app/recommendations', en: 'Recommendations', fr: 'Recommandations' },
    { name: 'market-view', path: '/app/market_view', en: 'Market view', fr: 'Vue du marché' },
  ] as const;
  // One page load starts the session; every other screen is opened inside the app, as a trader moves (the
  // switch to French leaves the order book open, in French).
  await page.goto(screens[0].path);
  for (const language of ['en', 'fr'] as const) {
    if (language === 'fr') await inFrench(page);
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      for (const { name, path, ...titles } of screens) {
        if (new URL(page.url()).pathname !== path) await openInApp(page, path, { title: titles[language] });
        await expect(page).toHaveTitle(`${titles[language]} · StrikeDesk`);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        if (name === 'alerts') await expect(page.getByTestId('alert-item').first()).toBeVisible({ timeout: 30_000 });
        if (name === 'recommendations' || name === 'market-view') await expect(page.getByRole('article').first()).toBeVisible();
        if (name === 'order-book') await expect(page.getByText(language === 'en' ? /is not a multiple/ : /n’est pas un multiple/).first()).toBeVisible();
        await page.screenshot({ path: `test-results/french/${name}-${language}-${width}.png` });
        if (name === 'market-view') await page.getByRole('article').first().screenshot({ path: `test-results/french/commentary-${language}-${width}.png` });
      }
    }
  }
});
