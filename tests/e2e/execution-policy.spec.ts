import { expect, test, type Page } from '@playwright/test';
import { startClockedServer, type ClockedServer } from './support/clocked';
import { BrokerAccountsPage } from './pages/broker-accounts-page';
import { OrderBookPage } from './pages/order-book-page';
import { buyOneCall, signInReadyToTrade, type TradingUser } from './support/trading';

// An account's execution policy (issue 60), as a trader sets it: on the brokers screen, LIMIT and re-price (one
// tick past the touch, every 120 s, two tries, then an entry to the protected market); it is still there after a
// reload. The trader then squares off a call nobody bids (the farthest strike listed): the app's exit goes out
// as LIMIT at the last price less a tick and rests, and the order book says what the re-pricer does with it
// step by step, past its limit of two tries, never given up. On a server of its own on the exchange's hours and a
// clock the spec moves (support/clocked-server.ts): each re-pricing is the clock passing the interval, no wait.

const shots = 'test-results/execution-policy';
const ist = (text: string) => new Date(`${text}+05:30`);
const interval = 120;

let server: ClockedServer;
test.beforeAll(async () => {
  // A server of its own starts slowly on a busy machine (its database, the calendar, the market's first state).
  test.setTimeout(180_000);
  // Wednesday 25 November 2026 (a trading day), 11:00 IST: the session is open.
  server = await startClockedServer(ist('2026-11-25T11:00:00'));
});
test.afterAll(async () => {
  await server.stop();
});

type Repricing = { state: string; tries: number; over_limit: boolean; steps: { at: string }[] };

/** The re-pricing of the account's working LIMIT sell on `symbol`, from the server (undefined before there is one). */
async function repricingOf(page: Page, user: TradingUser, symbol: string): Promise<Repricing | undefined> {
  const auth = { authorization: `Bearer ${user.token}` };
  const book = (await (await page.request.get(`/api/order-book/order-book/${user.accountNumber}`, { headers: auth })).json()) as {
    order_book: { tradingsymbol: string; transaction_type: string; status: string; repricing?: Repricing }[];
  };
  return book.order_book.find((order) => order.tradingsymbol === symbol && order.transaction_type === 'SELL')?.repricing;
}

/** Moves the server's clock (and the browser's) a second past the interval after the order's last step: its next step is due. */
async function passInterval(page: Page, repricing: Repricing | undefined): Promise<void> {
  const last = Date.parse(repricing?.steps.at(-1)?.at ?? '');
  expect(last).not.toBeNaN();
  await server.setClock(new Date(Math.max(server.now().getTime(), last + (interval + 1) * 1000)));
  await page.clock.setSystemTime(server.now());
}

test('a trader sets LIMIT and re-price on the brokers screen, and the order book shows a square-off re-priced past its limit', async ({ browser }) => {
  test.setTimeout(180_000);
  // The spec's clock and the server's agree from here: forward from its start (it ran on from 11:00 meanwhile,
  // for less than beforeAll's three minutes), never back under the market's last tick.
  await server.setClock(ist('2026-11-25T11:05:00'));
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
  // The browser reads the time on the server's clock, as a trader's device does on the real one.
  await context.clock.install({ time: server.now() });
  const page = await context.newPage();
  const user = await signInReadyToTrade(page);

  // The policy, chosen on the brokers screen.
  const brokers = new BrokerAccountsPage(page);
  await brokers.open();
  const panel = brokers.executionPolicy('Paper desk');
  await expect(panel).toContainText('MARKET with protection');
  await brokers.setLimitReprice('Paper desk', { unit: 'ticks', buffer: '1', interval: String(interval), tries: '2', seconds: '3600', entryFallback: 'market' });
  const summary = 'LIMIT 1 tick past the touch, re-priced every 120 s up to 2 tries or 3600 s; then an entry is sent to the protected market, an exit keeps re-pricing until it fills';
  await expect(panel).toContainText(summary);
  await panel.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${shots}/policy-1280.png` });
  // Kept: after a reload the screen reads it back from the server, set by the trader (not chosen by the rules).
  await page.reload();
  await expect(panel).toContainText(summary);
  await expect(panel).not.toContainText("Chosen from the broker's rules");

  // A call nobody bids, bought at its offer for the desk's portfolio.
  const bought = await buyOneCall(page, user, { strike: 'highest', portfolioId: user.portfolioId });
  expect(bought.status).toBe(200);
  const symbol = bought.tradingsymbol;
  await expect
    .poll(async () => {
      const auth = { authorization: `Bearer ${user.token}` };
      const book = (await (await page.request.get(`/api/order-book/order-book/${user.accountNumber}`, { headers: auth })).json()) as { order_book: { status: string }[] };
      return book.order_book.map((order) => order.status);
    })
    .toEqual(['COMPLETE']);

  // The trader squares it off: the app's exit goes out as LIMIT (the policy), and rests.
  await page.goto('/app/dashboards/live-trade');
  const positions = page.getByRole('region', { name: 'Positions' });
  const squareOff = positions.getByRole('button', { name: 'Square off', exact: true });
  // The desk reads the positions after the chain: slow on a busy machine.
  await expect(squareOff).toBeVisible({ timeout: 30_000 });
  await squareOff.click();
  const dialog = page.getByRole('alertdialog');
  await dialog.getByRole('button', { name: 'Square off', exact: true }).click();
  await dialog.getByRole('button', { name: /^(Done|Close)$/ }).first().click();
  await expect.poll(() => repricingOf(page, user, symbol)).toMatchObject({ state: 'working', tries: 1, over_limit: false });

  const orderBook = new OrderBookPage(page);
  await orderBook.open();
  const exit = orderBook.ordersOn(symbol, 'Limit');
  await expect(exit).toHaveCount(1);
  await expect(orderBook.repricing(exit)).toContainText('Exit re-pricing, try 1 of 2');

  // The interval passes: the re-pricer prices it again at the touch (still nobody bids: kept where it is).
  await passInterval(page, await repricingOf(page, user, symbol));
  await expect.poll(() => repricingOf(page, user, symbol)).toMatchObject({ state: 'working', tries: 2 });
  await page.reload();
  await expect(orderBook.repricing(exit)).toContainText('Exit re-pricing, try 2 of 2');

  // Past its two tries an exit is not given up: it keeps being re-priced, and the book says so, step by step.
  await passInterval(page, await repricingOf(page, user, symbol));
  await expect.poll(() => repricingOf(page, user, symbol)).toMatchObject({ state: 'working', tries: 3, over_limit: true });
  await page.reload();
  const note = orderBook.repricing(exit);
  await expect(note).toContainText('Exit re-pricing, try 3 (past its limit of 2: never given up)');
  const steps = await orderBook.repricingSteps(exit);
  // Each at the last price less the tick (nobody bids), kept there or moved with the last price.
  const again = /^\d\d:\d\d:\d\d · try [23]: (kept at ₹[\d.]+|moved ₹[\d.]+ → ₹[\d.]+) \(bid —, offer ₹[\d.]+\)$/;
  await expect(steps).toHaveText([/^\d\d:\d\d:\d\d · try 1: placed at ₹[\d.]+ \(bid —, offer ₹[\d.]+\)$/, again, /^\d\d:\d\d:\d\d · try 3: past the limit, still re-pricing/, again]);
  await expect(exit.getByRole('cell', { name: /^Open/ })).toBeVisible();
  await note.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${shots}/order-book-1280.png` });
  await context.close();
});
