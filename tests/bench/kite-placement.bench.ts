/**
 * The live order benchmark: what StrikeDesk adds on top of the broker's own answer when an order goes through
 * the Kite adapter. MARKET buys of one NIFTY lot through place_trades over HTTP, each to a Kite account logged
 * in at the Kite test server (tests/kite-server), which runs in its own process on loopback as Kite would on
 * its own machines.
 *
 *   npm run bench -- kite-placement                                  PGlite, 300 orders
 *   npm run bench -- kite-placement --database-url postgres://…      and PostgreSQL too
 *   npm run bench -- kite-placement --orders 400 --accounts 40 --concurrency 2
 *
 * Per order, two clocks in the server's process: the request's time in the server (its HTTP request event to
 * the answer's last byte), and every Kite call it made, timed around the adapter's fetch (the kiteClient fetch
 * option) up to the answer's last byte, so it holds the test server's handling and the loopback round trip.
 * StrikeDesk adds the first minus the second (overlapping calls counted once). The client's end-to-end time
 * (a load generator in its own process, support/http-load.ts) is printed beside it. Orders are spread over
 * many accounts so neither Kite's 10 orders a second per app nor StrikeDesk's own count of it makes one wait.
 * Kite's answers on loopback take about a millisecond; Zerodha's take tens of them over the internet, and
 * that part is Kite's, not StrikeDesk's. A benchmark, not a test: it prints a table and passes nothing.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { text } from 'node:stream/consumers';
import { parseArgs } from 'node:util';
import { buildServer, servicesDecorator } from '../../server/app.ts';
import type { Services } from '../../server/services/services.ts';
import { nearestAtmCall } from './support/atm-call.ts';
import type { LoadJob, LoadResult } from './support/http-load.ts';
import { kiteControl, kiteTradingAccount, type KiteAccount, type KiteEndpoints } from './support/kite-account.ts';
import { table } from './support/stats.ts';

const { values } = parseArgs({
  options: {
    orders: { type: 'string', default: '300' },
    accounts: { type: 'string', default: '30' },
    concurrency: { type: 'string', default: '1' },
    'database-url': { type: 'string', default: process.env.BENCH_DATABASE_URL ?? '' },
  },
});
const orderCount = Number(values.orders);
const accountCount = Number(values.accounts);
const concurrency = Number(values.concurrency);

type Span = { start: number; end: number };
type KiteCall = Span & { apiKey: string; call: string };
type Result = { backend: string; client: number[]; server: number[]; atKite: number[]; placeCall: number[]; added: number[]; callsPerOrder: number[]; calls: Set<string>; refused: string };

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

/** The Kite test server in a process of its own (its CLI prints its URL, then the three variables). */
async function startKite(): Promise<{ kite: KiteEndpoints; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, '..', 'kite-server', 'main.ts'), '--port', '0', '--heartbeat-ms', '0'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines: string[] = [];
  for await (const line of createInterface({ input: child.stdout! })) {
    lines.push(line);
    if (lines.length === 4) break;
  }
  const variable = (name: string) => lines.find((line) => line.startsWith(`${name}=`))?.slice(name.length + 1) ?? '';
  return { kite: { url: lines[0] ?? '', apiRoot: variable('KITE_API_ROOT'), loginUrl: variable('KITE_LOGIN_URL'), tickerUrl: variable('KITE_TICKER_URL') }, child };
}

/** The adapter's fetch, timed to the answer's last byte, each call under the api_key it was made with. */
function timedFetch(calls: KiteCall[]): typeof fetch {
  return async (input, init) => {
    const start = performance.now();
    const response = await fetch(input, init);
    const body = await response.arrayBuffer();
    const end = performance.now();
    const url = new URL(input instanceof Request ? input.url : String(input));
    const authorization = new Headers(init?.headers).get('authorization') ?? '';
    const apiKey = /^token ([^:]+):/.exec(authorization)?.[1] ?? '';
    calls.push({ apiKey, call: `${init?.method ?? 'GET'} ${url.pathname.replace(/\/\d+/g, '/:id')}`, start, end });
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

async function run(backend: string, databaseUrl: string | undefined, kite: KiteEndpoints): Promise<Result> {
  const dataDir = mkdtempSync(join(tmpdir(), 'strikedesk-kite-bench-'));
  const calls: KiteCall[] = [];
  const app = await buildServer({
    distDir: join(dataDir, 'dist'),
    dataDir,
    databaseUrl,
    scryptCost: { N: 2 ** 10, r: 8, p: 1 },
    kite: { apiRoot: kite.apiRoot, loginUrl: kite.loginUrl, tickerUrl: kite.tickerUrl },
    kiteClient: { fetch: timedFetch(calls) },
  });
  try {
    const services = app.getDecorator<Services>(servicesDecorator);
    await services.market.tick();
    const { expiry, lotSize, contract } = await nearestAtmCall(services.market);
    await kiteControl(kite, 'instruments', {
      instruments: [{ ...contract, exchange_token: contract.instrument_token >> 8, name: 'NIFTY', last_price: 100, expiry, tick_size: 0.05, lot_size: lotSize, segment: 'NFO-OPT', exchange: 'NFO', freeze_quantity: 1800 }],
    });
    const accounts: KiteAccount[] = [];
    for (let i = 0; i < accountCount; i += 1) accounts.push(await kiteTradingAccount(app, kite, i));

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

    const order = { tradingsymbol: contract.tradingsymbol, exchange: 'NFO', transaction_type: 'BUY', order_type: 'MARKET', product: 'NRML', quantity: lotSize };
    const sent = Array.from({ length: orderCount }, (_, i) => ({ account: accounts[i % accounts.length]!, key: randomUUID() }));
    const requests = sent.map(({ account, key }) => ({
      headers: { authorization: `Bearer ${account.token}`, 'content-type': 'application/json', 'idempotency-key': key },
      body: JSON.stringify({ account_number: account.accountNumber, orders: [order] }),
    }));
    const load = await generateLoad({ url: `http://127.0.0.1:${port}/api/order-book/order-book/place_trades/`, concurrency, requests });

    const server: number[] = [];
    const atKite: number[] = [];
    const placeCall: number[] = [];
    const added: number[] = [];
    const callsPerOrder: number[] = [];
    for (const { account, key } of sent) {
      const window = windows.get(key);
      if (window === undefined) continue;
      const own = calls.filter((call) => call.apiKey === account.apiKey && call.end > window.start && call.start < window.end);
      const kiteTime = covered(own, window);
      server.push(window.end - window.start);
      atKite.push(kiteTime);
      for (const call of own) if (call.call.startsWith('POST /orders/')) placeCall.push(call.end - call.start);
      added.push(window.end - window.start - kiteTime);
      callsPerOrder.push(own.length);
    }
    const refused = Object.entries(load.statuses).filter(([status]) => status !== '200');
    return {
      backend,
      client: load.latencies,
      server,
      atKite,
      placeCall,
      added,
      callsPerOrder,
      calls: new Set(calls.map((call) => call.call)),
      refused: refused.length === 0 ? 'none' : refused.map(([status, count]) => `${count} × ${status}`).join(', '),
    };
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const { kite, child } = await startKite();
  try {
    const backends: Array<[string, string | undefined]> = [['PGlite (embedded)', undefined]];
    const databaseUrl = values['database-url'];
    if (databaseUrl !== '') backends.push(['PostgreSQL', databaseUrl]);
    const ms = (list: readonly number[]) => {
      const sorted = [...list].sort((a, b) => a - b);
      return `${percentile(sorted, 50).toFixed(1)} / ${percentile(sorted, 99).toFixed(1)} ms`;
    };
    const rows: string[][] = [];
    const seen = new Set<string>();
    for (const [backend, url] of backends) {
      const result = await run(backend, url, kite);
      for (const call of result.calls) seen.add(call);
      const callCount = [...result.callsPerOrder].sort((a, b) => a - b);
      rows.push([backend, String(result.server.length), ms(result.client), ms(result.server), ms(result.placeCall), ms(result.atKite), ms(result.added), String(percentile(callCount, 50)), result.refused]);
    }
    console.log(table(['database', 'orders', 'end to end (client)', 'in the server', 'the place call', 'all Kite calls', 'StrikeDesk adds', 'Kite calls/order', 'refused'], rows));
    console.log(`\np50 / p99. ${accountCount} Kite accounts, ${concurrency} request(s) in flight, MARKET buys of one lot that Kite fills at once.`);
    console.log(`Kite calls made: ${[...seen].sort().join(', ')}.`);
    if (databaseUrl === '') console.log('PostgreSQL not measured: pass --database-url (or BENCH_DATABASE_URL).');
  } finally {
    child.kill('SIGTERM');
  }
}

await main();
