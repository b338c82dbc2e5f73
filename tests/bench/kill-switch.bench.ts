/**
 * The kill switch benchmark: from the trader's tap on "Stop trading" to flat books, on a phone-sized page of
 * the real app served by the real server, in two cases: 40 open option positions on one account (its exits
 * paced at the broker's 10 orders a second, so about four seconds by design), and 40 over five accounts (8
 * each, the accounts flattened side by side: goal ≤ 1 s). Also the server's own share: the arm call alone,
 * for another trader with the same books. With `--before <git ref>`, the server of that code runs beside
 * this checkout's (same app build, alternated run by run). A benchmark, not a test: it prints a table.
 *
 *   npm run bench -- kill-switch                       3 runs
 *   npm run bench -- kill-switch --runs 5 --before main
 *
 * Builds the app when its sources changed (as `npm start` does), serves it with the real server on
 * 127.0.0.1 with a throw-away database (demo mode: the market is open at any hour) and uses the system
 * Chromium. "Flat" is read from the server after the result shows: every position's quantity is zero.
 */
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Browser, type Page } from '@playwright/test';
import { repoRoot } from '../../server/paths.ts';
import { signInReadyToTrade, type TradingUser } from '../e2e/support/trading.ts';
import { codeBefore, codeNow, type Code } from './support/code-before.ts';
import { linkAccount, openBooks, openPositions } from './support/kill-switch-book.ts';
import { CHROME_FLAGS, CHROME_PATH } from './support/lighthouse-runs.ts';
import { buildIfChanged, serve } from './support/serve.ts';
import { spread, table, type Spread } from './support/stats.ts';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' }, positions: { type: 'string', default: '40' }, before: { type: 'string', default: '' } } });
const runs = Number(values.runs);
const positionCount = Number(values.positions);
if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs takes a whole number of runs, 1 or more');
if (!Number.isInteger(positionCount) || positionCount < 10 || positionCount % 10 !== 0) throw new Error('--positions takes a multiple of 10');

const cases = [
  { name: `${positionCount} positions on one account`, accounts: 1 },
  { name: `${positionCount} positions over 5 accounts`, accounts: 5 },
];

/** A trader with `accounts` paper accounts holding `positionCount` positions between them. */
async function traderWithBooks(page: Page, accounts: number): Promise<TradingUser[]> {
  const first = await signInReadyToTrade(page, 100_000_000);
  const users = [first];
  while (users.length < accounts) users.push(await linkAccount(page.request, first, 100_000_000));
  await openBooks(page, users, positionCount / accounts);
  return users;
}

async function allFlat(page: Page, users: readonly TradingUser[]): Promise<void> {
  for (const user of users) if ((await openPositions(page, user)) !== 0) throw new Error(`${user.accountNumber} is not flat after the kill switch`);
}

/** Tap to flat in the app: the header's kill switch, the account (or all of them), its one confirmation, until the outcome is shown. */
async function tapToFlat(page: Page, users: readonly TradingUser[]): Promise<number> {
  await page.goto('/app/position');
  await page.getByRole('button', { name: 'Kill switch', exact: true }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Stop trading now?' });
  await dialog.getByLabel('Accounts').selectOption(users.length === 1 ? users[0]!.accountNumber : '');
  const started = performance.now();
  await dialog.getByRole('button', { name: 'Stop trading' }).click();
  await page.getByTestId('kill-switch-result').getByText(`${positionCount / users.length} exits filled`).first().waitFor({ timeout: 60_000 });
  const ms = performance.now() - started;
  await allFlat(page, users);
  return ms;
}

/** The server's share: the arm call alone (one account, or every account of the trader). */
async function armCall(page: Page, users: readonly TradingUser[]): Promise<number> {
  const started = performance.now();
  const response = await page.request.post('/api/kill-switch/arm/', {
    headers: { authorization: `Bearer ${users[0]!.token}`, 'idempotency-key': crypto.randomUUID() },
    data: { source: 'settings', ...(users.length === 1 ? { account_number: users[0]!.accountNumber } : {}) },
  });
  const ms = performance.now() - started;
  const body = (await response.json()) as { accounts: Array<{ flat: boolean; exits: unknown[] }> };
  const exits = body.accounts?.reduce((sum, account) => sum + account.exits.length, 0);
  if (!response.ok() || body.accounts.length !== users.length || body.accounts.some((account) => !account.flat) || exits !== positionCount) throw new Error(`arm answered ${response.status()}`);
  await allFlat(page, users);
  return ms;
}

type Times = { tap: number[]; arm: number[]; load: number[] };

async function measure(browser: Browser, url: string, times: Map<string, Times>, code: Code): Promise<void> {
  for (const each of cases) {
    const context = await browser.newContext({ baseURL: url, viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true, serviceWorkers: 'block' });
    try {
      const page = await context.newPage();
      const key = `${each.name}\t${code.name}`;
      const into = times.get(key) ?? { tap: [], arm: [], load: [] };
      times.set(key, into);
      into.load.push(loadavg()[0]!);
      into.arm.push(await armCall(page, await traderWithBooks(page, each.accounts)));
      into.tap.push(await tapToFlat(page, await traderWithBooks(page, each.accounts)));
    } finally {
      await context.close();
    }
  }
}

async function main(): Promise<void> {
  await buildIfChanged();
  const before = values.before === '' ? null : codeBefore(values.before);
  const codes = before === null ? [codeNow] : [before, codeNow];
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_FLAGS.filter((flag) => !flag.startsWith('--headless')) });
  const times = new Map<string, Times>();
  try {
    for (let run = 0; run < runs; run += 1) {
      // Alternated: the code before first on even runs, after first on odd ones.
      for (const code of run % 2 === 0 ? codes : [...codes].reverse()) {
        const served = await serve(code.root, join(repoRoot, 'dist'));
        try {
          await measure(browser, served.url, times, code);
        } finally {
          await served.stop();
        }
      }
    }
  } finally {
    await browser.close();
    before?.remove();
  }
  const show = (s: Spread) => `${s.median.toFixed(0)} ms (${s.min.toFixed(0)}–${s.max.toFixed(0)})`;
  const rows = [...times].map(([key, t]) => [...key.split('\t'), show(spread(t.tap)), show(spread(t.arm)), `${Math.min(...t.load).toFixed(1)}–${Math.max(...t.load).toFixed(1)}`]);
  console.log(`Kill switch (cancel + flatten, shorts bought back first, paced at 10 exits a second per account), median (min–max) of ${runs}:`);
  console.log(table(['books', 'code', 'tap on "Stop trading" to the outcome shown, flat (412 px page)', 'the arm call alone (server)', 'load average'], rows));
}

await main();
