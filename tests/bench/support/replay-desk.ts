/**
 * One sample of the replay benchmark (replay.bench.ts) on one tree of the code (`--root`: this checkout, or the
 * code before a change, archived by code-before.ts): a server on PGlite with NIFTY's day imported (its
 * bhavcopy, 3 weekly expiries of ±20 strikes, and its 375 index minutes), a trader's replay with a position and
 * a limit order working all day in its book (the fill engine's pass must be ready at any minute), then what the desk asks: the first
 * chain read of the new replay (its book opening), seeks to minutes across the day each followed by the index
 * and the chain (the desk shown), one seek over the whole day (09:15 to 15:29), and the desk's reads at 60×. Prints one JSON line of timings in milliseconds.
 * The first read is timed as the trader waits for it: from starting the replay (after the picker listed the days
 * and `--pick` ms of choosing, 2 s by default) to the index and chain answered.
 */
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type * as FixtureModule from '../../server/backtests/history-fixture.ts';
import type * as TestServerModule from '../../server/support/test-server.ts';
import type * as AccountModule from './trading-account.ts';

const { values } = parseArgs({ options: { root: { type: 'string' }, seeks: { type: 'string', default: '12' }, pick: { type: 'string', default: '2000' } } });
const root = values.root!;
const load = async <T>(path: string): Promise<T> => (await import(pathToFileURL(join(root, path)).href)) as T;

const { startTestServer, manualClock } = await load<typeof TestServerModule>('tests/server/support/test-server.ts');
const { importHistory, importMinutes, syntheticRows } = await load<typeof FixtureModule>('tests/server/backtests/history-fixture.ts');
const { tradingAccount } = await load<typeof AccountModule>('tests/bench/support/trading-account.ts');

const day = '2026-10-05';
const expiries = ['2026-10-06', '2026-10-13', '2026-10-20'];
const expiry = expiries[1]!;
const clock = manualClock(new Date('2026-11-27T04:00:00Z'));
const server = await startTestServer({ clock });
const time = async (work: () => Promise<unknown>) => {
  const start = performance.now();
  await work();
  return performance.now() - start;
};
try {
  const underlying = { [day]: 25_000 };
  await importHistory(server.db, 'NIFTY', underlying, syntheticRows(underlying, expiries, { around: 20 }));
  await importMinutes(server.db, 'NIFTY', day, (minute) => 25_000 + 40 * Math.sin(minute / 30));
  const traders = [(await tradingAccount(server.app, 1)).token, (await tradingAccount(server.app, 2)).token];
  let token = traders[0]!;
  const call = async (method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>, headers: Record<string, string> = {}) => {
    const res = await server.app.inject({ method, url, headers: { authorization: `Bearer ${token}`, ...headers }, ...(payload === undefined ? {} : { payload }) });
    if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
    return res.json<Record<string, unknown>>();
  };
  // The desk's way in: the picker lists the days, the trader picks one (`--pick` ms), then the replay starts and
  // the desk reads its index and chain. The first read is timed from the start (the create call included).
  await call('GET', '/api/replays/days/?index=NIFTY');
  await new Promise((resolve) => setTimeout(resolve, Number(values.pick)));
  let id = 0;
  const desk = async () => {
    await call('GET', `/api/replays/${id}/index/`);
    await call('GET', `/api/replays/${id}/chain/?expiry=${expiry}`);
  };
  const firstChain = await time(async () => {
    id = ((await call('POST', '/api/replays/', { index: 'NIFTY', day, start: '09:15' })).replay as { id: number }).id;
    await desk();
  });
  // A position and a limit order working all day (a buy at 5 paise never fills) in the book: before the fill
  // engine's pass learned to jump to the minute a working order can fill, a seek ran it at every minute passed.
  const symbol = 'NIFTY26O1325000CE';
  await call('POST', `/api/replays/${id}/orders/`, { orders: [{ tradingsymbol: symbol, exchange: 'NFO', transaction_type: 'SELL', order_type: 'MARKET', product: 'NRML', quantity: 75 }] }, { 'idempotency-key': 'bench-sell' });
  await call('POST', `/api/replays/${id}/orders/`, { orders: [{ tradingsymbol: symbol, exchange: 'NFO', transaction_type: 'BUY', order_type: 'LIMIT', price: 0.05, product: 'NRML', quantity: 75 }] }, { 'idempotency-key': 'bench-limit' });
  const seeks: number[] = [];
  const count = Number(values.seeks);
  for (let n = 1; n <= count; n += 1) {
    const minutes = 9 * 60 + 15 + Math.round((n * 374) / count);
    const minute = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
    seeks.push(await time(async () => {
      await call('POST', `/api/replays/${id}/seek/`, { minute });
      await desk();
    }));
  }
  // The whole day in one seek (another trader's replay, its book already open): 09:15 to 15:29.
  token = traders[1]!;
  id = ((await call('POST', '/api/replays/', { index: 'NIFTY', day, start: '09:15' })).replay as { id: number }).id;
  await desk();
  await call('POST', `/api/replays/${id}/orders/`, { orders: [{ tradingsymbol: symbol, exchange: 'NFO', transaction_type: 'SELL', order_type: 'MARKET', product: 'NRML', quantity: 75 }] }, { 'idempotency-key': 'bench-sell' });
  await call('POST', `/api/replays/${id}/orders/`, { orders: [{ tradingsymbol: symbol, exchange: 'NFO', transaction_type: 'BUY', order_type: 'LIMIT', price: 0.05, product: 'NRML', quantity: 75 }] }, { 'idempotency-key': 'bench-limit' });
  const wholeDay = await time(async () => {
    await call('POST', `/api/replays/${id}/seek/`, { minute: '15:29' });
    await desk();
  });
  // 60×: a replayed minute a server second; the desk reads the index and the chain on each.
  await call('POST', `/api/replays/${id}/reset/`);
  await call('POST', `/api/replays/${id}/speed/`, { speed: 60 });
  await desk();
  const steps: number[] = [];
  for (let n = 0; n < 10; n += 1) {
    clock.advance(1000);
    steps.push(await time(desk));
  }
  console.log(JSON.stringify({ firstChain, seeks, wholeDay, steps }));
} finally {
  await server.close();
}
// The server's background loops would keep the process up.
process.exit(0);
