import { expect, test } from '@playwright/test';
import { startClockedServer, type ClockedServer } from './support/clocked';
import { linkAndLogInNoren, norenOrders } from './support/noren';
import { usePreferences } from './support/preferences';
import { screenshotAt } from './support/screenshots';

// A live Shoonya account out of the exchange's hours (issue 64, session 78), on a server of its own whose clock
// stands on Saturday 21 November 2026, 10:00 IST, beside a Noren test server on the same clock: the ticket asks
// for the after-market order (AMO) Noren makes a choice, sends nothing until it is ticked, then sends it as one
// (`amo: "Yes"` at the broker). 360 px, English and French; screenshots in test-results/noren-amo-choice/.

const shots = 'test-results/noren-amo-choice';
const shoonyaPort = Number(process.env.E2E_PORT ?? '4780') + 7;

let server: ClockedServer;
test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startClockedServer(new Date('2026-11-21T10:00:00+05:30'), { shoonyaPort });
});
test.afterAll(async () => {
  await server.stop();
});

test('a Shoonya ticket out of hours: the AMO is the trader’s choice, at 360 px in en and fr', async ({ browser }) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
  await context.clock.install({ time: server.now() });
  const page = await context.newPage();
  const { app } = await linkAndLogInNoren(page, 'shoonya', 'Shoonya AMO', server.url.replace(/\/$/, ''));

  // French first: the English run ends by sending the order.
  for (const locale of ['fr', 'en'] as const) {
    await usePreferences(page, { locale, theme: 'light', direction: 'ltr' });
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto('/app/dashboards/live-trade');
    // The chain's at-the-money row (OptionChainPage names the table in English only).
    const atmRow = page.locator('tbody tr[aria-current="true"]');
    await expect(atmRow).toHaveCount(1);
    await atmRow.getByRole('button', { name: /, (trade|négocier) NIFTY.*CE$/ }).click();
    const ticket = page.getByTestId('order-ticket');
    await expect(ticket).toBeVisible();
    const choice = ticket.getByRole('checkbox', { name: locale === 'en' ? 'After market order (AMO)' : 'Ordre hors séance (AMO)' });
    await expect(choice).not.toBeChecked();
    const send = ticket.locator('button[type="submit"]');
    await expect(send).toBeDisabled();
    await expect(ticket).toContainText(locale === 'en' ? 'The market is closed: tick “After market order (AMO)”' : 'Le marché est fermé : cochez « Ordre hors séance (AMO) »');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshotAt(page, 360, `${shots}/unticked-${locale}-360.png`, choice);
    await choice.check();
    await expect(send).toBeEnabled();
    await expect(send).toHaveText(locale === 'en' ? /as AMO$/ : /en AMO$/);
    await expect(ticket.getByTestId('after-market-notice')).toBeVisible();
    await screenshotAt(page, 360, `${shots}/ticked-${locale}-360.png`, send);
    if (locale === 'fr') continue;
    await send.click();
    await ticket.getByRole('button', { name: 'Confirm' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Send with real money' }).click();
    // At the broker, held for the open: Noren's order carries the AMO flag only because it was ticked.
    await expect.poll(async () => (await norenOrders(page.request, app)).length).toBe(1);
    await expect(ticket.getByRole('status').filter({ hasText: /open/ })).toBeVisible();
    await screenshotAt(page, 360, `${shots}/sent-${locale}-360.png`, ticket);
  }
  await context.close();
});
