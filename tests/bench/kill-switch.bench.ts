/**
 * The kill switch benchmark: from the trader's tap on "Stop trading" to a flat book, for a paper account
 * holding 40 open option positions (20 strikes, calls and puts, bought and sold), on a phone-sized page of
 * the real app served by the real server. Also the server's own share: the arm call alone, measured on a
 * second account with the same book. A benchmark, not a test: it prints a table.
 *
 *   npm run bench -- kill-switch              3 runs
 *   npm run bench -- kill-switch --runs 5
 *
 * Builds the app when its sources changed (as `npm start` does), serves it with the real server on
 * 127.0.0.1 with a throw-away database (demo mode: the market is open at any hour) and uses the system
 * Chromium. "Flat" is read from the server after the result shows: every position's quantity is zero.
 */
import { parseArgs } from 'node:util';
import { chromium, type Page } from '@playwright/test';
import { signInReadyToTrade, type TradingUser } from '../e2e/support/trading.ts';
import { CHROME_FLAGS, CHROME_PATH } from './support/lighthouse-runs.ts';
import { serveBuiltApp } from './support/serve.ts';
import { spread, table, type Spread } from './support/stats.ts';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' }, positions: { type: 'string', default: '40' } } });
const runs = Number(values.runs);
const positionCount = Number(values.positions);
if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs takes a whole number of runs, 1 or more');
if (!Number.isInteger(positionCount) || positionCount < 2 || positionCount % 2 !== 0) throw new Error('--positions takes an even number, 2 or more');

/** Kite's limit is 10 orders a second per account: the book is built 10 orders at a time, a second apart. */
const ordersPerSecond = 10;

type Instrument = { tradingsymbol: string; strike: number; instrument_type: 'CE' | 'PE' };

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Opens `positionCount` positions: calls and puts on the strikes around the money, bought and sold in turn. */
async function openBook(page: Page, user: TradingUser): Promise<void> {
  const auth = { authorization: `Bearer ${user.token}` };
  const expiries = (await (await page.request.get('/api/market/expiries/?index=NIFTY', { headers: auth })).json()) as { expiries: Array<{ date: string }> };
  const listed = (await (await page.request.get(`/api/market/instruments/?index=NIFTY&expiry=${expiries.expiries[0]!.date}`, { headers: auth })).json()) as {
    instruments: Instrument[];
    lot_size: number;
  };
  const strikes = [...new Set(listed.instruments.map((instrument) => instrument.strike))].sort((a, b) => a - b);
  const middle = Math.floor(strikes.length / 2);
  const chosen = strikes.slice(middle - positionCount / 4, middle - positionCount / 4 + positionCount / 2);
  const orders = chosen.flatMap((strike, i) =>
    (['CE', 'PE'] as const).map((kind, j) => {
      const instrument = listed.instruments.find((item) => item.strike === strike && item.instrument_type === kind)!;
      // Hedged: every sold option sits next to a bought one, so the margin stays believable.
      const side = (i + j) % 2 === 0 ? 'BUY' : 'SELL';
      return { tradingsymbol: instrument.tradingsymbol, exchange: 'NFO', transaction_type: side, order_type: 'MARKET', product: 'NRML', quantity: listed.lot_size };
    }),
  );
  // Buys first, so every sell finds its hedge already held.
  orders.sort((a, b) => (a.transaction_type === b.transaction_type ? 0 : a.transaction_type === 'BUY' ? -1 : 1));
  for (let start = 0; start < orders.length; start += ordersPerSecond) {
    const placed = await page.request.post('/api/order-book/order-book/place_trades/', {
      headers: { ...auth, 'idempotency-key': crypto.randomUUID() },
      data: { account_number: user.accountNumber, portfolio_id: user.portfolioId, orders: orders.slice(start, start + ordersPerSecond) },
    });
    const body = (await placed.json()) as { orders?: Array<{ status: string; status_message: string | null }> };
    const refused = body.orders?.find((order) => order.status !== 'COMPLETE');
    if (!placed.ok() || refused !== undefined) throw new Error(`building the book: ${placed.status()} ${refused?.status_message ?? JSON.stringify(body)}`);
    await wait(1100);
  }
  if ((await openPositions(page, user)) !== positionCount) throw new Error(`expected ${positionCount} open positions`);
}

async function openPositions(page: Page, user: TradingUser): Promise<number> {
  const response = await page.request.get(`/api/position-book/position-book/${user.accountNumber}`, { headers: { authorization: `Bearer ${user.token}` } });
  const book = (await response.json()) as { position_book: { net: Array<{ quantity: number }> } };
  return book.position_book.net.filter((position) => position.quantity !== 0).length;
}

/** Tap to flat in the app: the header's kill switch, its one confirmation, until the outcome is shown. */
async function tapToFlat(page: Page, user: TradingUser): Promise<number> {
  await page.goto('/app/position');
  await page.getByRole('button', { name: 'Kill switch', exact: true }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Stop trading now?' });
  await dialog.getByLabel('Accounts').selectOption(user.accountNumber);
  const started = performance.now();
  await dialog.getByRole('button', { name: 'Stop trading' }).click();
  await page.getByTestId('kill-switch-result').getByText(`${positionCount} exits filled`).waitFor({ timeout: 60_000 });
  const ms = performance.now() - started;
  if ((await openPositions(page, user)) !== 0) throw new Error('the book is not flat after the kill switch');
  return ms;
}

/** The server's share: the arm call alone, for another account holding the same book. */
async function armCall(page: Page, user: TradingUser): Promise<number> {
  const started = performance.now();
  const response = await page.request.post('/api/kill-switch/arm/', {
    headers: { authorization: `Bearer ${user.token}`, 'idempotency-key': crypto.randomUUID() },
    data: { account_number: user.accountNumber, source: 'settings' },
  });
  const ms = performance.now() - started;
  const body = (await response.json()) as { accounts: Array<{ flat: boolean; exits: unknown[] }> };
  if (!response.ok() || body.accounts[0]?.flat !== true || body.accounts[0].exits.length !== positionCount) throw new Error(`arm answered ${response.status()}`);
  return ms;
}

async function main(): Promise<void> {
  const served = await serveBuiltApp();
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_FLAGS.filter((flag) => !flag.startsWith('--headless')) });
  const tap: number[] = [];
  const server: number[] = [];
  try {
    for (let run = 0; run < runs; run += 1) {
      const context = await browser.newContext({ baseURL: served.url, viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true, serviceWorkers: 'block' });
      try {
        const page = await context.newPage();
        const viaApi = await signInReadyToTrade(page, 100_000_000);
        await openBook(page, viaApi);
        server.push(await armCall(page, viaApi));
        const trader = await signInReadyToTrade(page, 100_000_000);
        await openBook(page, trader);
        tap.push(await tapToFlat(page, trader));
      } finally {
        await context.close();
      }
    }
  } finally {
    await browser.close();
    await served.stop();
  }
  const show = (s: Spread) => `${s.median.toFixed(0)} ms (${s.min.toFixed(0)}–${s.max.toFixed(0)})`;
  console.log(`Kill switch on an account with ${positionCount} open positions (cancel + flatten, shorts bought back first), median (min–max) of ${runs}:`);
  console.log(
    table(
      ['measured', 'time'],
      [
        ['tap on "Stop trading" to the outcome shown, flat (412 px page)', show(spread(tap))],
        ['the arm call alone (server: block, cancel, 40 exits, audit)', show(spread(server))],
      ],
    ),
  );
}

await main();
