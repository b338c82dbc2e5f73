/**
 * One sample of the heavy-work benchmark (heavy-work.bench.ts) on one tree of the code (`--root`): a server on
 * PGlite in a data folder (in this process, as `npm start` runs it) with NIFTY's day of history imported for replays and `--days`
 * weekdays of bhavcopies for a backtest; then `--replays` traders each start a replay and read its chain (their
 * books opening) while a daily iron condor backtests over those days, and meanwhile, every 250 ms, a trader arms
 * the kill switch, another places an order and the health check is read, each timed from the instant it was due
 * (so a blocked thread counts in full). Prints one JSON line: each call's times in ms, the server's peak RSS in MB.
 *
 * The full load of issue 61 (`--replays 8 --backtests 2 --imports 4 --speed 60`): `--backtests` backtests at once,
 * `--imports` traders each uploading a day's bhavcopy (bhavcopy-days.ts, ~8 MB), and once its book is open each
 * replay plays at `--speed`: the server's clock moves with real time, the trader's desk reads its chain every
 * second and seeks a few minutes on every fourth (each seek timed). The timed calls run while any of that work
 * is under way (at least 10 s), and RSS is sampled every 250 ms until all of it is done.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type * as AppModule from '../../../server/app.ts';
import type * as ServicesModule from '../../../server/services/services.ts';
import type { Services } from '../../../server/services/services.ts';
import type * as RunnerModule from '../../../server/services/analysis/backtests/backtest-runner.ts';
import type * as ThreadRunnerModule from '../../../server/services/analysis/backtests/thread-runner.ts';
import type * as FixtureModule from '../../server/backtests/history-fixture.ts';
import type * as TestServerModule from '../../server/support/test-server.ts';
import type * as OpenDatabaseModule from '../../../server/db/open-database.ts';
import type * as AccountModule from './trading-account.ts';
import type * as AtmModule from './atm-call.ts';

const { values } = parseArgs({
  options: {
    root: { type: 'string' },
    replays: { type: 'string', default: '4' },
    days: { type: 'string', default: '20' },
    backtests: { type: 'string', default: '1' },
    imports: { type: 'string', default: '0' },
    speed: { type: 'string', default: '0' },
  },
});
const speed = Number(values.speed);
const root = values.root!;
const load = async <T>(path: string): Promise<T> => (await import(pathToFileURL(join(root, path)).href)) as T;
const { startTestServer, manualClock } = await load<typeof TestServerModule>('tests/server/support/test-server.ts');
const { openDatabase } = await load<typeof OpenDatabaseModule>('server/db/open-database.ts');
const { importHistory, importMinutes, syntheticRows } = await load<typeof FixtureModule>('tests/server/backtests/history-fixture.ts');
const { tradingAccount } = await load<typeof AccountModule>('tests/bench/support/trading-account.ts');
const { nearestAtmCall } = await load<typeof AtmModule>('tests/bench/support/atm-call.ts');
// The bhavcopies are this checkout's (the same files for either code).
const { bhavcopy, tradingDays } = await import('./bhavcopy-days.ts');
const { servicesDecorator } = await load<typeof AppModule>('server/app.ts');
// The runner where the tree keeps it (analysis/ since issue 61's seam; a tree before, services/backtests/), and
// the services root's bookServices it takes since (undefined before: that runner builds its own).
const { createHistoryRunner } = await load<typeof RunnerModule>('server/services/analysis/backtests/backtest-runner.ts').catch(async () => load<typeof RunnerModule>('server/services/backtests/backtest-runner.ts'));
const { bookServices } = await load<typeof ServicesModule>('server/services/services.ts');
// A backtest runs as the server's job worker runs it: the engine in a thread of its own (thread-runner.ts),
// not on the request thread; a tree from before that move runs the engine here.
const threadRunner = await load<typeof ThreadRunnerModule>('server/services/analysis/backtests/thread-runner.ts').catch(() => null);
const backtestEntry = pathToFileURL(join(root, 'server/services/backtest-thread.ts'));

const day = '2026-10-05';
const expiries = ['2026-10-06', '2026-10-13', '2026-10-20'];
const clock = manualClock(new Date('2026-11-27T04:00:00Z'));
// The database as `npm start` opens it (open-database.ts, as each tree has it): PGlite on files in a data folder.
// The tests' in-memory PGlite grows a file by copying it whole into a larger buffer, which under this load stalled
// the server 0.3-1.5 s at a time: a cost no trader's server pays.
const dataDir = mkdtempSync(join(tmpdir(), 'strikedesk-heavy-work-'));
const database = await openDatabase({ dataDir });
const server = await startTestServer({ clock, database });
const ms = (since: number) => performance.now() - since;
try {
  await importHistory(server.db, 'NIFTY', { [day]: 25_000 }, syntheticRows({ [day]: 25_000 }, expiries, { around: 20 }));
  await importMinutes(server.db, 'NIFTY', day, (minute) => 25_000 + 40 * Math.sin(minute / 30));
  // A backtest's weekdays of January 2025, their Thursdays' weekly expiries.
  const underlying: Record<string, number> = {};
  for (let date = new Date('2025-01-06T00:00:00Z'); Object.keys(underlying).length < Number(values.days); date = new Date(date.getTime() + 86_400_000)) {
    if (date.getUTCDay() >= 1 && date.getUTCDay() <= 5) underlying[date.toISOString().slice(0, 10)] = 23_500 + Object.keys(underlying).length * 10;
  }
  const thursdays = Object.keys(underlying).filter((date) => new Date(`${date}T00:00:00Z`).getUTCDay() === 4);
  await importHistory(server.db, 'NIFTY', underlying, syntheticRows(underlying, [...thursdays, '2025-02-06', '2025-02-13'], { around: 20 }), 75);

  const inject = (token: string, method: 'GET' | 'POST', url: string, payload?: object, headers: Record<string, string> = {}) =>
    server.app.inject({ method, url, headers: { authorization: `Bearer ${token}`, ...headers }, ...(payload === undefined ? {} : { payload }) });
  const { contract, lotSize } = await nearestAtmCall(server.app.getDecorator<Services>(servicesDecorator).market);
  const buyer = await tradingAccount(server.app, 1);
  const order = () => inject(buyer.token, 'POST', '/api/order-book/order-book/place_trades/', { account_number: buyer.accountNumber, orders: [{ tradingsymbol: contract.tradingsymbol, exchange: 'NFO', transaction_type: 'BUY', order_type: 'MARKET', product: 'NRML', quantity: lotSize }] }, { 'idempotency-key': randomUUID() });
  const arms: Array<Awaited<ReturnType<typeof tradingAccount>>> = [];
  for (let n = 0; n < 40; n += 1) arms.push(await tradingAccount(server.app, 100 + n));
  const traders = [];
  for (let n = 0; n < Number(values.replays); n += 1) traders.push(await tradingAccount(server.app, 10 + n));
  const importers = [];
  for (let n = 0; n < Number(values.imports); n += 1) importers.push(await tradingAccount(server.app, 60 + n));
  const files = tradingDays(importers.length).map((date, n) => ({ date, bytes: bhavcopy(date, n) }));
  /**
   * Every 250 ms while `more(round)`: a kill switch armed, an order placed and health read, each timed from the
   * instant it was due (so a blocked thread counts in full); answers once every call has answered.
   */
  const timedCalls = async (into: { arm: number[]; order: number[]; health: number[] }, more: (round: number) => boolean) => {
    const calls: Promise<unknown>[] = [];
    let due = performance.now();
    for (let n = 0; more(n); n += 1) {
      const at = due;
      const desk = arms[n % arms.length]!;
      calls.push(inject(desk.token, 'POST', '/api/kill-switch/arm/', { source: 'settings', account_number: desk.accountNumber }, { 'idempotency-key': randomUUID() }).then(() => into.arm.push(ms(at))));
      calls.push(order().then(() => into.order.push(ms(at))));
      calls.push(server.app.inject({ method: 'GET', url: '/api/health/' }).then(() => into.health.push(ms(at))));
      due += 250;
      // The replays' clock moves with real time (the server's clock is the test's manual one).
      clock.advance(250);
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
    }
    await Promise.all(calls);
  };
  // First calls (validators compiled) before the clock starts.
  await order();
  await inject(arms[39]!.token, 'POST', '/api/kill-switch/arm/', { source: 'settings', account_number: arms[39]!.accountNumber }, { 'idempotency-key': randomUUID() });
  await server.app.inject({ method: 'GET', url: '/api/health/' });

  // The same calls on the idle server first (the goal's order p99 is "within 1.5× of the same bench on an idle
  // server"): 40 rounds, 10 s, nothing else under way.
  const idle = { arm: [] as number[], order: [] as number[], health: [] as number[] };
  await timedCalls(idle, (n) => n < 40);
  const idleMb = Math.round(process.memoryUsage().rss / 1e6);

  let rss = process.memoryUsage().rss;
  const sampling = setInterval(() => (rss = Math.max(rss, process.memoryUsage().rss)), 250);
  let done = false;
  const seeks: number[] = [];
  /** A replay played at `speed` until the rest is done: its chain read each second, a seek every fourth. */
  const play = async (trader: { token: string }, id: number) => {
    if (speed === 0) return;
    const speedSet = await inject(trader.token, 'POST', `/api/replays/${id}/speed/`, { speed });
    if (speedSet.statusCode !== 200) throw new Error(`replay speed: ${speedSet.statusCode} ${speedSet.body.slice(0, 300)}`);
    for (let second = 0, minute = 9 * 60 + 30; !done; second += 1) {
      if (second % 4 === 3 && minute < 15 * 60) {
        minute += 5;
        const at = performance.now();
        const seek = await inject(trader.token, 'POST', `/api/replays/${id}/seek/`, { minute: `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}` });
        seeks.push(ms(at));
        if (seek.statusCode !== 200) throw new Error(`replay seek: ${seek.statusCode} ${seek.body.slice(0, 300)}`);
      }
      const chain = await inject(trader.token, 'GET', `/api/replays/${id}/chain/?expiry=${expiries[1]}`);
      if (chain.statusCode !== 200) throw new Error(`replay chain: ${chain.statusCode}`);
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  };
  const playing: Promise<void>[] = [];
  const backtest = (n: number) =>
    (threadRunner === null ? createHistoryRunner(server.db, bookServices) : threadRunner.createThreadRunner({ history: server.db, entry: backtestEntry }))(
      { id: n + 1, userId: 1, portfolioId: 0, entryUntil: '15:10', from: Object.keys(underlying)[0]!, to: Object.keys(underlying).at(-1)!, capitalPaise: 50_000_000,
        bot: { kind: 'daily', id: null, name: 'Bench iron condor', underlying: 'NIFTY', strategy: 'iron_condor', lots: 1, stop_loss_pct: 50, target_pct: 50, params: {}, entry_time: '09:20', exit_time: '15:10', weekdays: [1, 2, 3, 4, 5] } },
      async () => {},
    );
  const heavy = Promise.all([
    ...traders.map(async (trader) => {
      const created = await inject(trader.token, 'POST', '/api/replays/', { index: 'NIFTY', day, start: '09:15' });
      const id = created.json<{ replay: { id: number } }>().replay.id;
      const chain = await inject(trader.token, 'GET', `/api/replays/${id}/chain/?expiry=${expiries[1]}`);
      if (chain.statusCode !== 200) throw new Error(`replay chain: ${chain.statusCode}`);
      playing.push(play(trader, id));
    }),
    ...Array.from({ length: Number(values.backtests) }, (_, n) => backtest(n)),
    ...importers.map(async (importer, n) => {
      const { date, bytes } = files[n]!;
      const res = await inject(importer.token, 'POST', `/api/market-history/imports/?file_name=BhavCopy_NSE_FO_0_0_0_${date.replaceAll('-', '')}_F_0000.csv`, bytes as never, { 'content-type': 'application/octet-stream' });
      if (res.statusCode >= 300) throw new Error(`import: ${res.statusCode} ${res.body.slice(0, 300)}`);
    }),
  ]);
  void heavy.finally(() => (done = true));
  const times = { arm: [] as number[], order: [] as number[], health: [] as number[] };
  const started = performance.now();
  // At least 10 s (39 rounds) of timed calls, and on while the heavy work runs (an hour at most).
  await timedCalls(times, (n) => (!done || n < 39) && n < 14_400);
  done = true;
  await heavy;
  await Promise.all(playing);
  clearInterval(sampling);
  console.log(JSON.stringify({ ...times, idle, idleMb, seek: seeks, heavyS: Math.round((performance.now() - started) / 100) / 10, rssMb: Math.round(Math.max(rss, process.memoryUsage().rss) / 1e6) }));
} finally {
  await server.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(0);
