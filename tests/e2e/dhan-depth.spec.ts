import { expect, test } from './support/test';
import { OptionChainPage, plain } from './pages/option-chain-page';
import { atmCallOf } from './support/desk-contracts';
import { dhanPin, linkFirstDhanAccount, setDhanLast, silenceDhanDepth } from './support/dhan';

// Dhan's 20-level market depth in the order ticket (issue 64), against the Dhan test server's /twentydepth socket,
// whose levels stand a tick (0.05) apart from the contract's last price, 65 more contracts and one more order each
// level down: the ladder shows Dhan's levels as sent, follows a price move, and says "prices delayed" when the
// depth socket goes silent (nothing for 15 s, not even Dhan's ping), then comes back with the book it missed.

test('a Dhan account’s order ticket: the 20-level depth as Dhan sends it, a price move, delayed when the socket is silent', async ({ page }) => {
  test.setTimeout(120_000);
  const { token, app, brokers } = await linkFirstDhanAccount(page, 'Dhan depth');
  await brokers.logInToDhan('Dhan depth', app.clientId, dhanPin);
  await expect(brokers.row('Dhan depth')).toContainText('Logged in until');

  const chain = new OptionChainPage(page);
  await chain.open();
  const securityId = String((await atmCallOf(chain, page.request, token)).instrument_token);
  const ticket = await chain.openAtmCallTicket();

  // Folded until opened: only then is the contract followed on Dhan's depth socket. Every contract is at 100 at Dhan.
  await ticket.getByText('Market depth (Dhan, 20 levels)').click();
  const ladder = ticket.getByTestId('depth-ladder');
  // A level's cells as read (orders, quantity, bid | offer, quantity, orders), without the figures' isolates.
  const level = async (index: number) => (await ladder.locator('tbody tr').nth(index).locator('td').allTextContents()).map(plain);
  await expect(ladder.locator('tbody tr')).toHaveCount(20);
  await expect.poll(() => level(0)).toEqual(['1', '65', '99.95', '100.05', '65', '1']);
  await expect.poll(() => level(19)).toEqual(['20', '1,300', '99.00', '101.00', '1,300', '20']);

  // A price move at Dhan: the ladder follows within its one-second read.
  await setDhanLast(page.request, securityId, 150);
  await expect.poll(() => level(0)).toEqual(['1', '65', '149.95', '150.05', '65', '1']);
  const delayed = ticket.getByText('Prices delayed: the market depth from Dhan has gone quiet.');
  await expect(delayed).toHaveCount(0);

  // Silent (no packet, no ping) past 15 s: the ladder says so and keeps the last book it had.
  await silenceDhanDepth(page.request, true);
  await expect(delayed).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => level(0)).toEqual(['1', '65', '149.95', '150.05', '65', '1']);

  // Heard again (the reopened socket subscribes anew): the book moved meanwhile, and the warning goes.
  await setDhanLast(page.request, securityId, 120);
  await silenceDhanDepth(page.request, false);
  await expect.poll(() => level(0), { timeout: 30_000 }).toEqual(['1', '65', '119.95', '120.05', '65', '1']);
  await expect(delayed).toHaveCount(0);
});
