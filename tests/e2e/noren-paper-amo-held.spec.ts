import { expect, test } from '@playwright/test';
import { BrokerAccountsPage } from './pages/broker-accounts-page';
import { putPaperOnFeed } from './pages/paper-feed-desk';
import { startClockedServer, type ClockedServer } from './support/clocked';
import { linkAndLogInNoren, norenOrders, silenceNorenFeed } from './support/noren';
import { usePreferences } from './support/preferences';
import { readStoredValue } from './support/session';
import { screenshotAt } from './support/screenshots';

// A paper account on a Shoonya account's feed out of the exchange's hours (issue 64, session 82's paper AMO), on a
// server of its own whose clock stands on Saturday 21 November 2026, 10:00 IST (the AMO window all day), beside a
// Noren test server on the same clock. The desk on the paper account subscribes the chain's contracts (the feed
// answers with their last price, ₹100 on the test server), then the feed goes quiet (the test server's `silence-feed`
// control) and the server's clock is moved past Noren's 5 s stale limit, which the feed's watchdog keeps on that
// clock: stale at once, no real time waited. A paper buy from the chain is held as an AMO checked on the feed's last price,
// and the order book says so (`order.amo_held_last_price`), nothing sent to Noren. 360 px, English and French;
// screenshots in test-results/noren-paper-amo-held/.

const shots = 'test-results/noren-paper-amo-held';
const shoonyaPort = Number(process.env.E2E_PORT ?? '4780') + 11;

const held = {
  en: /^Market closed: held as an after-market order \(AMO\) until the next open \(09:15 IST on \u2068?23 Nov 2026\u2069?\)\. Checked on the feed's last price \(\u2068?₹100\.00\u2069?\); it fills at the prices of the open\.$/,
  fr: /^Marché fermé\s:\sgardé comme ordre hors séance \(AMO\) jusqu’à la prochaine ouverture \(09:15 IST le \u2068?23\/11\/2026\u2069?\)\. Vérifié sur le dernier prix du flux \(\u2068?100,00\s₹\u2069?\)\s;\sil est exécuté aux prix de l’ouverture\.$/,
} as const;

let server: ClockedServer;
test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startClockedServer(new Date('2026-11-21T10:00:00+05:30'), { shoonyaPort });
});
test.afterAll(async () => {
  await server.stop();
});

test('a paper account on a quiet Shoonya feed out of hours: its order held as an AMO on the feed’s last price, the note in the order book at 360 px in en and fr', async ({ browser }) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
  await context.clock.install({ time: server.now() });
  const page = await context.newPage();
  const { app } = await linkAndLogInNoren(page, 'shoonya', 'Shoonya feed', server.url.replace(/\/$/, ''));
  const brokers = new BrokerAccountsPage(page);
  const paper = { name: 'Paper on Shoonya', accountNumber: `PS${app.userId.slice(-6)}` };
  const { onFeed } = await putPaperOnFeed(page, brokers, paper, { broker: 'Shoonya', clientId: app.userId, name: 'Shoonya feed' });

  // The desk on the paper account: its chain subscribes the contracts on the Shoonya feed, which answers their last price.
  await page.getByRole('button', { name: `Actions for ${paper.name}` }).click();
  await page.getByRole('menuitem', { name: 'Select' }).click();
  await expect.poll(async () => ((await readStoredValue(page, 'root')) as { selectedAccount: { name: string } | null } | undefined)?.selectedAccount?.name).toBe(paper.name);
  await page.goto('/app/dashboards/live-trade');
  await expect(page.getByRole('region', { name: 'Index prices' }).getByText(onFeed)).toBeVisible();
  const chain = page.getByRole('table', { name: /Option chain of NIFTY/ });
  const atmRow = chain.locator('tr[aria-current="true"]');
  await expect(atmRow).toContainText(/100\.00/);

  // The feed goes quiet, as out of hours: past Noren's 5 s limit the server holds it delayed. The limit is the feed's
  // watchdog on the server's clock (clocked-server.ts), so the clock is moved past it and no real time is waited.
  await silenceNorenFeed(page.request, 'shoonya', true);
  await server.setClock(new Date(server.now().getTime() + 6000));
  await page.clock.setSystemTime(server.now());

  await atmRow.getByRole('button', { name: /, trade NIFTY.*CE$/ }).click();
  const ticket = page.getByTestId('order-ticket');
  await expect(ticket.locator('[data-trading-mode="paper"]')).toHaveText('Paper');
  await ticket.getByLabel('Lots').fill('1');
  await ticket.getByRole('button', { name: /^Buy \u2068?\d/ }).click();
  await ticket.getByRole('button', { name: 'Confirm' }).click();
  await expect(ticket.getByRole('status')).toContainText(/open/i);
  // A paper order: nothing reached Noren.
  expect(await norenOrders(page.request, app)).toEqual([]);

  for (const locale of ['en', 'fr'] as const) {
    await usePreferences(page, { locale, theme: 'light', direction: 'ltr' });
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto('/app/order_book');
    // Held for the open (no exchange order yet), the note under its status: the feed's last price, the next open.
    await expect(page.locator('[data-after-market="held"]')).toBeVisible();
    const note = page.locator('[data-field="status-message"]').getByText(held[locale]);
    await expect(note).toBeVisible();
    // Drawn whole on the phone's card (no pointer to read a cut note from its title): not clipped, inside its card.
    expect(await note.evaluate((element) => element.scrollHeight <= element.clientHeight + 1)).toBe(true);
    const card = page.getByRole('listitem').filter({ has: note });
    expect((await note.boundingBox())!.y + (await note.boundingBox())!.height).toBeLessThanOrEqual((await card.boundingBox())!.y + (await card.boundingBox())!.height);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshotAt(page, 360, `${shots}/order-book-${locale}-360.png`, note);
  }
  await context.close();
});
