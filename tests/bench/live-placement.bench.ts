/**
 * The live order benchmark: what StrikeDesk adds on top of the broker's own answer when an order goes through
 * a live broker's adapter, one row a broker (Kite, Upstox; support/live-brokers.ts). MARKET buys of one NIFTY
 * lot through place_trades over HTTP, each to an account logged in at the broker's test server
 * (tests/kite-server, tests/upstox-server), which runs in its own process on loopback as the broker would on
 * its own machines.
 *
 *   npm run bench -- live-placement                                  PGlite, 300 orders a broker
 *   npm run bench -- live-placement --database-url postgres://…      and PostgreSQL too
 *   npm run bench -- live-placement --orders 400 --accounts 40 --concurrency 2 --broker upstox
 *
 * Per order, two clocks in the server's process: the request's time in the server (its HTTP request event to
 * the answer's last byte), and every broker call it made, timed around the adapter's fetch (buildServer's
 * kiteClient / upstoxClient fetch option) up to the answer's last byte, so it holds the test server's handling
 * and the loopback round trip. StrikeDesk adds the first minus the second (overlapping calls counted once).
 * The client's end-to-end time and the orders a second (a load generator in its own process,
 * support/http-load.ts) are printed beside it. Orders are spread over many accounts so neither broker's
 * per-account order limits nor StrikeDesk's own count of them make one wait. The brokers' answers on loopback
 * take about a millisecond; over the internet they take tens, and that part is the broker's, not StrikeDesk's.
 * A benchmark, not a test: it prints a table and passes nothing. (`kite-placement` runs it too: its old name.)
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import { parseArgs } from 'node:util';
import { buildServer, servicesDecorator } from '../../server/app.ts';
import type { Services } from '../../server/services/services.ts';
import { nearestAtmCall } from './support/atm-call.ts';
import type { LoadJob, LoadResult } from './support/http-load.ts';
import { liveAccount, liveBrokers, startTestServer, type LiveAccount, type LiveBroker, type TestServer } from './support/live-brokers.ts';
import { table } from './support/stats.ts';

const { values } = parseArgs({
  options: {
    orders: { type: 'string', default: '300' },
    accounts: { type: 'string', default: '30' },
    concurrency: { type: 'string', default: '1' },
    broker: { type: 'string', default: '' },
    'database-url': { type: 'string', default: process.env.BENCH_DATABASE_URL ?? '' },
  },
});
const orderCount = Number(values.orders);
const accountCount = Number(values.accounts);
const concurrency = Number(values.concurrency);

type Span = { start: number; end: number };
type BrokerCall = Span & { caller: string; call: string };
type Result = { client: number[]; ordersPerSecond: number; server: number[]; atBroker: number[]; placeCall: number[]; added: number[]; callsPerOrder: number[]; calls: Set<string>; refused: string };

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

/** The adapter's fetch, timed to the answer's last byte, each call under the account it was made for. */
function timedFetch(broker: LiveBroker, calls: BrokerCall[]): typeof fetch {
  return async (input, init) => {
    const start = performance.now();
    const response = await fetch(input, init);
    const body = await response.arrayBuffer();
    const end = performance.now();
    const url = new URL(input instanceof Request ? input.url : String(input));
    const caller = broker.callerOf(new Headers(init?.headers).get('authorization') ?? '');
    calls.push({ caller, call: `${init?.method ?? 'GET'} ${url.pathname.replace(/\/\d+/g, '/:id')}`, start, end });
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}

/** How long the spans cover within the window, overlaps counted once. */
function covered(spans: readonly Span[], window: Span): number {
  let total = 0;
  let reached = window.start;
  for (const span of [...spans].sort((a, b) => a.start - b.start)) {
    const start = Math.max(span.start, reached);
    const end = Math.min(span.end, window.end);
    if (end > start) total += end - start;
    reached = Math.max(reached, end);
  }
  return total;
}

async function generateLoad(job: LoadJob): Promise<LoadResult> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'support', 'http-load.ts')], { stdio: ['pipe', 'pipe', 'inherit'] });
  child.stdin.end(JSON.stringify(job));
  const [output, code] = await Promise.all([text(child.stdout), new Promise<number | null>((resolve) => child.on('close', resolve))]);
  if (code !== 0) throw new Error(`The load generator stopped with code ${code}`);
  return JSON.parse(output) as LoadResult;
}

async function run(broker: LiveBroker, testServer: TestServer, databaseUrl: string | undefined): Promise<Result> {
  const dataDir = mkdtempSync(join(tmpdir(), 'strikedesk-live-bench-'));
  const calls: BrokerCall[] = [];
  const app = await buildServer({ distDir: join(dataDir, 'dist'), dataDir, databaseUrl, scryptCost: { N: 2 ** 10, r: 8, p: 1 }, ...broker.serverOptions(testServer, timedFetch(broker, calls)) });
  try {
    const services = app.getDecorator<Services>(servicesDecorator);
    await services.market.tick();
    const desk = await nearestAtmCall(services.market);
    await broker.list(testServer, desk);
    const accounts: LiveAccount[] = [];
    for (let i = 0; i < accountCount; i += 1) accounts.push(await liveAccount(app, broker, testServer, i));

    // Each place_trades request's time in the server, by its Idempotency-Key.
    const windows = new Map<string, Span>();
    app.server.on('request', (request: IncomingMessage, response) => {
      const key = request.headers['idempotency-key'];
      if (typeof key !== 'string') return;
      const start = performance.now();
      response.on('finish', () => windows.set(key, { start, end: performance.now() }));
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    calls.length = 0;

    const order = { tradingsymbol: desk.contract.tradingsymbol, exchange: 'NFO', transaction_type: 'BUY', order_type: 'MARKET', product: 'NRML', quantity: desk.lotSize };
    const sent = Array.from({ length: orderCount }, (_, i) => ({ account: accounts[i % accounts.length]!, key: randomUUID() }));
    const requests = sent.map(({ account, key }) => ({
      headers: { authorization: `Bearer ${account.token}`, 'content-type': 'application/json', 'idempotency-key': key },
      body: JSON.stringify({ account_number: account.accountNumber, orders: [order] }),
    }));
    const started = performance.now();
    const load = await generateLoad({ url: `http://127.0.0.1:${port}/api/order-book/order-book/place_trades/`, concurrency, requests });
    const ordersPerSecond = (orderCount * 1000) / (performance.now() - started);

    const result: Result = { client: load.latencies, ordersPerSecond, server: [], atBroker: [], placeCall: [], added: [], callsPerOrder: [], calls: new Set(calls.map((call) => call.call)), refused: '' };
    for (const { account, key } of sent) {
      const window = windows.get(key);
      if (window === undefined) continue;
      const own = calls.filter((call) => call.caller === account.caller && call.end > window.start && call.start < window.end);
      const brokerTime = covered(own, window);
      result.server.push(window.end - window.start);
      result.atBroker.push(brokerTime);
      for (const call of own) if (broker.isPlacement(call.call)) result.placeCall.push(call.end - call.start);
      result.added.push(window.end - window.start - brokerTime);
      result.callsPerOrder.push(own.length);
    }
    const refused = Object.entries(load.statuses).filter(([status]) => status !== '200');
    result.refused = refused.length === 0 ? 'none' : refused.map(([status, count]) => `${count} × ${status}`).join(', ');
    return result;
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const brokers = liveBrokers.filter((broker) => values.broker === '' || broker.slug === values.broker);
  const backends: Array<[string, string | undefined]> = [['PGlite (embedded)', undefined]];
  const databaseUrl = values['database-url'];
  if (databaseUrl !== '') backends.push(['PostgreSQL', databaseUrl]);
  const ms = (list: readonly number[]) => {
    const sorted = [...list].sort((a, b) => a - b);
    return `${percentile(sorted, 50).toFixed(1)} / ${percentile(sorted, 99).toFixed(1)} ms`;
  };
  const rows: string[][] = [];
  const made: string[] = [];
  // Database by database, the brokers one after the other, so each pair of rows ran under the same load.
  for (const [backend, url] of backends) {
    for (const broker of brokers) {
      const testServer = await startTestServer(broker);
      try {
        const result = await run(broker, testServer, url);
        const callCount = [...result.callsPerOrder].sort((a, b) => a - b);
        rows.push([broker.name, backend, String(result.server.length), result.ordersPerSecond.toFixed(0), ms(result.client), ms(result.server), ms(result.placeCall), ms(result.atBroker), ms(result.added), String(percentile(callCount, 50)), result.refused]);
        made.push(`${broker.name}: ${[...result.calls].sort().join(', ')}`);
      } finally {
        testServer.child.kill('SIGTERM');
      }
    }
  }
  console.log(table(['broker', 'database', 'orders', 'orders/s', 'end to end (client)', 'in the server', 'the place call', 'all broker calls', 'StrikeDesk adds', 'calls/order', 'refused'], rows));
  console.log(`\np50 / p99. ${accountCount} accounts a broker, ${concurrency} request(s) in flight, MARKET buys of one lot that the broker fills at once. Load average ${loadavg().map((value) => value.toFixed(2)).join(' ')}.`);
  console.log(`Calls made:\n${made.join('\n')}`);
  if (databaseUrl === '') console.log('PostgreSQL not measured: pass --database-url (or BENCH_DATABASE_URL).');
}

await main();
