import { expect, test } from './support/test';
import { usePreferences } from './support/preferences';
import { signInReadyToTrade } from './support/trading';

// The demo market's MIS (issue 60), on the shared server (demo mode, the real clock): the ticket says the demo's
// one MIS rule where MIS is chosen, and an MIS order fills at whatever hour the test runs (before issue 60 the
// demo refused fresh MIS from 15:25 to midnight IST). The ticket at 360 px in French in dark theme, with the rule,
// in test-results/demo-mis/.

test('in the demo market the ticket says the MIS rule and an MIS order fills at any hour, at 360 px in French in dark theme', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 360, height: 800 });
  const user = await signInReadyToTrade(page);
  await page.goto('/app');
  await usePreferences(page, { locale: 'fr', theme: 'dark', direction: 'ltr' });
  await page.goto('/app/dashboards/live-trade');
  const current = page.locator('tr[aria-current="true"]');
  await expect(current).toHaveCount(1);
  await current.getByRole('button', { name: /, négocier NIFTY\w+CE$/ }).click();
  const ticket = page.getByTestId('order-ticket');
  await ticket.getByLabel('Produit', { exact: true }).selectOption('MIS');
  const rule = ticket.getByTestId('mis-note');
  await expect(rule).toHaveText(/^Marché de démonstration : le MIS à toute heure\. Les positions MIS sont soldées à \d\d:\d\d IST chaque jour ; une position ouverte après \d\d:\d\d, à \d\d:\d\d le lendemain\.$/);
  await rule.scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.screenshot({ path: 'test-results/demo-mis/ticket-fr-dark-360.png' });

  await ticket.getByRole('button', { name: /^Acheter \u2068?\d/ }).click();
  await ticket.getByRole('button', { name: 'Confirmer' }).click();
  const auth = { authorization: `Bearer ${user.token}` };
  await expect
    .poll(async () => {
      const book = (await (await page.request.get(`/api/order-book/order-book/${user.accountNumber}`, { headers: auth })).json()) as { order_book: { product: string; status: string }[] };
      return book.order_book.map((order) => `${order.product} ${order.status}`);
    })
    .toEqual(['MIS COMPLETE']);
});
