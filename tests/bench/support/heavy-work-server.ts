/**
 * The server of one heavy-work sample (heavy-work-desk.ts), in a process of its own so that what the desk measures of
 * it (its RSS, threads included) is the server's alone, not the desk's files, uploads and answers as well. It runs
 * `--root`'s code as the desk did before: PGlite in a data folder (open-database.ts, as `npm start` opens it), the
 * test server on a manual clock, NIFTY's day of history for the replays and `--days` weekdays for the backtests,
 * the traders' accounts made through the real endpoints; then it listens on 127.0.0.1 and tells the desk (IPC)
 * where, and who the traders are. The desk moves its clock (`advance`) and starts its backtests (`backtest`: run as
 * the server's job worker runs them, the engine in a thread of its own) by message; `close` ends it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type { AddressInfo } from 'node:net';
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

/** What the desk is told once the server listens. */
export type HeavyWorkServer = {
  port: number;
  /** The replays' day and its expiries. */
  day: string;
  expiries: string[];
  contract: { tradingsymbol: string };
  lotSize: number;
  buyer: Trader;
  arms: Trader[];
  traders: Trader[];
  importers: Trader[];
};
export type Trader = { token: string; accountNumber: string };
export type ToServer = { type: 'advance'; ms: number } | { type: 'backtest'; n: number } | { type: 'close' };
export type FromServer = { type: 'ready'; server: HeavyWorkServer } | { type: 'backtest-done'; n: number; error?: string };

const { values } = parseArgs({
  options: {
    root: { type: 'string' },
    replays: { type: 'string', default: '4' },
    days: { type: 'string', default: '20' },
    imports: { type: 'string', default: '0' },
  },
});
const root = values.root!;
const load = async <T>(path: string): Promise<T> => (await import(pathToFileURL(join(root, path)).href)) as T;
const { startTestServer, manualClock } = await load<typeof TestServerModule>('tests/server/support/test-server.ts');
const { openDatabase } = await load<typeof OpenDatabaseModule>('server/db/open-database.ts');
const { importHistory, importMinutes, syntheticRows } = await load<typeof FixtureModule>('tests/server/backtests/history-fixture.ts');
const { tradingAccount } = await load<typeof AccountModule>('tests/bench/support/trading-account.ts');
const { nearestAtmCall } = await load<typeof AtmModule>('tests/bench/support/atm-call.ts');
const { servicesDecorator } = await load<typeof AppModule>('server/app.ts');
// The runner where the tree keeps it (analysis/ since issue 61's seam; a tree before, services/backtests/), and
// the services root's bookServices it takes since (undefined before: that runner builds its own).
const { createHistoryRunner } = await load<typeof RunnerModule>('server/services/analysis/backtests/backtest-runner.ts').catch(async () => load<typeof RunnerModule>('server/services/backtests/backtest-runner.ts'));
const { bookServices } = await load<typeof ServicesModule>('server/services/services.ts');
// A backtest runs as the server's job worker runs it: the engine in a thread of its own (thread-runner.ts),
// not on the request thread; a tree from before that move runs the engine here.
const threadRunner = await load<typeof ThreadRunnerModule>('server/services/analysis/backtests/thread-runner.ts').catch(() => null);
const backtestEntry = pathToFileURL(join(root, 'server/services/backtest-thread.ts'));

const send = (message: FromServer) => process.send!(message);
const replayDay = '2026-10-05';
const replayExpiries = ['2026-10-06', '2026-10-13', '2026-10-20'];

const clock = manualClock(new Date('2026-11-27T04:00:00Z'));
// PGlite on files in a data folder: the tests' in-memory PGlite grows a file by copying it whole into a larger
// buffer, which under this load stalled the server 0.3-1.5 s at a time, a cost no trader's server pays.
const dataDir = mkdtempSync(join(tmpdir(), 'strikedesk-heavy-work-'));
const database = await openDatabase({ dataDir });
const server = await startTestServer({ clock, database });
await importHistory(server.db, 'NIFTY', { [replayDay]: 25_000 }, syntheticRows({ [replayDay]: 25_000 }, replayExpiries, { around: 20 }));
await importMinutes(server.db, 'NIFTY', replayDay, (minute) => 25_000 + 40 * Math.sin(minute / 30));
// A backtest's weekdays of January 2025, their Thursdays' weekly expiries.
const underlying: Record<string, number> = {};
for (let date = new Date('2025-01-06T00:00:00Z'); Object.keys(underlying).length < Number(values.days); date = new Date(date.getTime() + 86_400_000)) {
  if (date.getUTCDay() >= 1 && date.getUTCDay() <= 5) underlying[date.toISOString().slice(0, 10)] = 23_500 + Object.keys(underlying).length * 10;
}
const thursdays = Object.keys(underlying).filter((date) => new Date(`${date}T00:00:00Z`).getUTCDay() === 4);
await importHistory(server.db, 'NIFTY', underlying, syntheticRows(underlying, [...thursdays, '2025-02-06', '2025-02-13'], { around: 20 }), 75);

const { contract, lotSize } = await nearestAtmCall(server.app.getDecorator<Services>(servicesDecorator).market);
const trader = async (i: number): Promise<Trader> => {
  const { token, accountNumber } = await tradingAccount(server.app, i);
  return { token, accountNumber };
};
const buyer = await trader(1);
const arms: Trader[] = [];
for (let n = 0; n < 40; n += 1) arms.push(await trader(100 + n));
const traders: Trader[] = [];
for (let n = 0; n < Number(values.replays); n += 1) traders.push(await trader(10 + n));
const importers: Trader[] = [];
for (let n = 0; n < Number(values.imports); n += 1) importers.push(await trader(60 + n));

const backtest = (n: number) =>
  (threadRunner === null ? createHistoryRunner(server.db, bookServices) : threadRunner.createThreadRunner({ history: server.db, entry: backtestEntry }))(
    { id: n + 1, userId: 1, portfolioId: 0, entryUntil: '15:10', from: Object.keys(underlying)[0]!, to: Object.keys(underlying).at(-1)!, capitalPaise: 50_000_000,
      bot: { kind: 'daily', id: null, name: 'Bench iron condor', underlying: 'NIFTY', strategy: 'iron_condor', lots: 1, stop_loss_pct: 50, target_pct: 50, params: {}, entry_time: '09:20', exit_time: '15:10', weekdays: [1, 2, 3, 4, 5] } },
    async () => {},
  );

const close = async () => {
  await server.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
};
process.on('message', (message: ToServer) => {
  if (message.type === 'advance') clock.advance(message.ms);
  else if (message.type === 'backtest') {
    backtest(message.n).then(
      () => send({ type: 'backtest-done', n: message.n }),
      (error: unknown) => send({ type: 'backtest-done', n: message.n, error: String(error) }),
    );
  } else void close();
});

await server.app.listen({ host: '127.0.0.1', port: 0 });
const { port } = server.app.server.address() as AddressInfo;
send({ type: 'ready', server: { port, day: replayDay, expiries: replayExpiries, contract: { tradingsymbol: contract.tradingsymbol }, lotSize, buyer, arms, traders, importers } });
