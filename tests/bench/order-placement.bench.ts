/**
 * The order benchmark: how many orders a second the reference server's paper broker takes over HTTP, and
 * how long each waits, on the embedded PGlite and (given a URL) on PostgreSQL.
 *
 *   npm run bench -- order-placement                                   PGlite, 2,000 orders
 *   npm run bench -- order-placement --database-url postgres://…       and PostgreSQL too
 *   npm run bench -- order-placement --orders 5000 --concurrency 32    (8 requests in flight by default)
 *
 * Each order is a MARKET buy of one NIFTY lot through place_trades, with its own Idempotency-Key, spread
 * over many paper accounts (Kite's limit is 10 orders a second per account, so one account could never
 * show the server's own limit). It fills at once: the figure includes the margin check, the fill, its
 * charges and the idempotency record, all in one transaction. Server and clients share 127.0.0.1 and the
 * machine's cores; the requests come from a load generator in its own process (support/http-load.ts), so
 * the server's event loop serves only the server. `--runs 5` repeats each database's run and adds the
 * median. A benchmark, not a test: it prints a table and passes or fails nothing.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import { parseArgs } from 'node:util';
import { buildServer, servicesDecorator } from '../../server/app.ts';
import type { Services } from '../../server/services/services.ts';
import type { LoadJob, LoadResult } from './support/http-load.ts';
import { tradingAccount } from './support/trading-account.ts';
import { median, table } from './support/stats.ts';

const { values } = parseArgs({
  options: {
    orders: { type: 'string', default: '2000' },
    accounts: { type: 'string', default: '60' },
    concurrency: { type: 'string', default: '8' },
    runs: { type: 'string', default: '1' },
    'database-url': { type: 'string', default: process.env.BENCH_DATABASE_URL ?? '' },
  },
});
const orderCount = Number(values.orders);
const accountCount = Number(values.accounts);
const concurrency = Number(values.concurrency);
const runs = Number(values.runs);

type Result = { backend: string; orders: number; seconds: number; latencies: number[]; refused: Map<number, number> };

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

/** Runs the requests from a load generator in its own process (support/http-load.ts). */
async function generateLoad(job: LoadJob): Promise<LoadResult> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'support', 'http-load.ts')], { stdio: ['pipe', 'pipe', 'inherit'] });
  child.stdin.end(JSON.stringify(job));
  const [output, code] = await Promise.all([text(child.stdout), new Promise<number | null>((resolve) => child.on('close', resolve))]);
  if (code !== 0) throw new Error(`The load generator stopped with code ${code}`);
  return JSON.parse(output) as LoadResult;
}

async function run(backend: string, databaseUrl: string | undefined): Promise<Result> {
  const dataDir = mkdtempSync(join(tmpdir(), 'strikedesk-order-bench-'));
  const app = await buildServer({
    distDir: join(dataDir, 'dist'),
    dataDir,
    databaseUrl,
    scryptCost: { N: 2 ** 10, r: 8, p: 1 },
  });
  try {
    const services = app.getDecorator<Services>(servicesDecorator);
    await services.market.tick();
    const expiry = (await services.market.expiries('NIFTY')).expiries[0]!.date;
    const chain = await services.market.instruments('NIFTY', expiry);
    const spot = (await services.market.states()).get('NIFTY')!.spotPaise / 100;
    const atm = chain.instruments.reduce((best, item) => (Math.abs(item.strike - spot) < Math.abs(best.strike - spot) ? item : best));
    const symbol = chain.instruments.find((item) => item.strike === atm.strike && item.instrument_type === 'CE')!.tradingsymbol;
    const accounts: Array<{ token: string; accountNumber: string }> = [];
    for (let i = 0; i < accountCount; i += 1) accounts.push(await tradingAccount(app, i));
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const url = `http://127.0.0.1:${port}/api/order-book/order-book/place_trades/`;

    const order = { tradingsymbol: symbol, exchange: 'NFO', transaction_type: 'BUY', order_type: 'MARKET', product: 'NRML', quantity: chain.lot_size };
    const requests = Array.from({ length: orderCount }, (_, i) => {
      const account = accounts[i % accounts.length]!;
      return {
        headers: { authorization: `Bearer ${account.token}`, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
        body: JSON.stringify({ account_number: account.accountNumber, orders: [order] }),
      };
    });
    const { seconds, latencies, statuses } = await generateLoad({ url, concurrency, requests });
    const refused = new Map(Object.entries(statuses).filter(([status]) => status !== '200').map(([status, count]) => [Number(status), count]));
    return { backend, orders: orderCount, seconds, latencies, refused };
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const backends: Array<[string, string | undefined]> = [['PGlite (embedded)', undefined]];
  const databaseUrl = values['database-url'];
  if (databaseUrl !== '') backends.push(['PostgreSQL', databaseUrl]);
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  const rows: string[][] = [];
  for (const [backend, url] of backends) {
    const figures: Array<{ rate: number; p99: number }> = [];
    for (let i = 1; i <= runs; i += 1) {
      const result = await run(backend, url);
      const sorted = [...result.latencies].sort((a, b) => a - b);
      const refusedText = result.refused.size === 0 ? 'none' : [...result.refused].map(([status, count]) => `${count} × ${status}`).join(', ');
      const rate = result.orders / result.seconds;
      figures.push({ rate, p99: percentile(sorted, 99) });
      rows.push([runs === 1 ? backend : `${backend}, run ${i}`, String(result.orders), rate.toFixed(0), ms(percentile(sorted, 50)), ms(percentile(sorted, 99)), refusedText]);
    }
    if (runs > 1) rows.push([`${backend}, median`, '', median(figures.map((f) => f.rate)).toFixed(0), '', ms(median(figures.map((f) => f.p99))), '']);
  }
  console.log(table(['database', 'orders', 'orders/s', 'p50', 'p99', 'refused'], rows));
  console.log(`\n${accountCount} paper accounts, ${concurrency} requests in flight, MARKET buys that fill at once; goal ≥ 300 orders/s with p99 < 100 ms on PostgreSQL.`);
  if (databaseUrl === '') console.log('PostgreSQL not measured: pass --database-url (or BENCH_DATABASE_URL).');
}

await main();
