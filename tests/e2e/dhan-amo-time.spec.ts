import { expect, test } from '@playwright/test';
import { startClockedServer, type ClockedServer } from './support/clocked';
import { dhanOrderWrites, dhanPin, linkFirstDhanAccount } from './support/dhan';
import { usePreferences } from './support/preferences';
import { screenshotAt } from './support/screenshots';

// A live Dhan account out of the exchange's hours (issue 64, session 81), on a server of its own whose clock stands
// on Saturday 21 November 2026, 10:00 IST, beside a Dhan test server on the same clock: the ticket asks for the
// after-market order (AMO), and once it is ticked for Dhan's AMO time (`amoTime`); the time chosen is what reaches
// Dhan. 360 px, French then English; screenshots in test-results/dhan-amo-time/.

const shots = 'test-results/dhan-amo-time';
const dhanPort = Number(process.env.E2E_PORT ?? '4780') + 8;

let server: ClockedServer;
test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startClockedServer(new Date('2026-11-21T10:00:00+05:30'), { dhanPort });
});
test.afterAll(async () => {
  await server.stop();
});

test('a Dhan ticket out of hours: the AMO and its time are the trader’s, at 360 px in fr and en', async ({ browser }) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
  await context.clock.install({ time: server.now() });
  const page = await context.newPage();
  const { app, brokers } = await linkFirstDhanAccount(page, 'Dhan AMO');
  await brokers.logInToDhan('Dhan AMO', app.clientId, dhanPin);
  await expect(brokers.row('Dhan AMO')).toContainText('Logged in until');

  // French first: the English run ends by sending the order.
  for (const locale of ['fr', 'en'] as const) {
    const words =
      locale === 'en'
        ? { choice: 'After market order (AMO)', time: 'AMO time', open: 'At the open', later: '30 minutes after the open' }
        : { choice: 'Ordre hors séance (AMO)', time: 'Moment de l’AMO', open: 'À l’ouverture', later: '30 minutes après l’ouverture' };
    await usePreferences(page, { locale, theme: 'light', direction: 'ltr' });
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto('/app/dashboards/live-trade');
    const atmRow = page.locator('tbody tr[aria-current="true"]');
    await expect(atmRow).toHaveCount(1);
    await atmRow.getByRole('button', { name: /, (trade|négocier) NIFTY.*CE$/ }).click();
    const ticket = page.getByTestId('order-ticket');
    await expect(ticket).toBeVisible();

    // No time is asked until the AMO is chosen; then the open, as Dhan's own form, until the trader picks another.
    const choice = ticket.getByRole('checkbox', { name: words.choice });
    await expect(choice).not.toBeChecked();
    await expect(ticket.getByRole('combobox', { name: words.time })).toHaveCount(0);
    await choice.check();
    const time = ticket.getByRole('combobox', { name: words.time });
    await expect(time.locator('option:checked')).toHaveText(words.open);
    await time.selectOption({ label: words.later });
    const send = ticket.locator('button[type="submit"]');
    await expect(send).toBeEnabled();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshotAt(page, 360, `${shots}/time-${locale}-360.png`, time);
    if (locale === 'fr') continue;

    await send.click();
    await ticket.getByRole('button', { name: 'Confirm' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Send with real money' }).click();
    // At Dhan: one AMO, to go 30 minutes after Monday's open, as chosen.
    await expect
      .poll(async () => (await dhanOrderWrites(page.request)).filter((write) => write.path === '/v2/orders').map((write) => [write.body.afterMarketOrder, write.body.amoTime]))
      .toEqual([[true, 'OPEN_30']]);
    // The ticket tells the order's outcome. (The Dhan test server books an AMO as any order and fills it: it holds
    // nothing for the open, so what this proves is what reached Dhan, not Dhan's hold.)
    // (Formatted values sit between invisible isolates, hence \W+.)
    await expect(ticket.getByRole('listitem').filter({ hasText: /^Buy\W+65\W+NIFTY .*CE\W*: / })).toBeVisible();
    await screenshotAt(page, 360, `${shots}/sent-${locale}-360.png`, ticket);
  }
  await context.close();
});
