/**
 * One sample of the backtest benchmark (backtest.bench.ts) on one tree of the code (`--root`): `--days` weekdays
 * of synthetic NIFTY history stored in a PGlite as the server's (not timed), then a year's daily iron condor run
 * as the server runs a backtest job: since issue 61 in a thread of its own (the root's thread runner, its entry
 * the services root's backtest-thread.ts), before that in this thread with the book's database in a worker
 * (createHistoryRunner). Prints one JSON line: the run's wall and CPU time (every thread of the process), this
 * thread's longest stall during it (the request thread's, in the server: its orders would wait that long), and
 * the report's figures and digest.
 */
import { createHash } from 'node:crypto';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type * as MigrateModule from '../../../server/db/migrate.ts';
import type * as PgliteModule from '../../../server/db/pglite-database.ts';
import type * as ThreadRunnerModule from '../../../server/services/analysis/backtests/thread-runner.ts';
import type * as CalendarModule from '../../../server/services/market/trading-calendar.ts';
import type * as FixtureModule from '../../server/backtests/history-fixture.ts';
import { benchWalk } from './bench-walk.ts';

const { values } = parseArgs({ options: { root: { type: 'string' }, days: { type: 'string', default: '250' }, out: { type: 'string' } } });
const root = values.root!;
const load = async <T>(path: string): Promise<T> => (await import(pathToFileURL(join(root, path)).href)) as T;
const { migrate } = await load<typeof MigrateModule>('server/db/migrate.ts');
const { openPgliteDatabase } = await load<typeof PgliteModule>('server/db/pglite-database.ts');
const { addDays, isoWeekday } = await load<typeof CalendarModule>('server/services/market/trading-calendar.ts');
const { importHistory, syntheticRows } = await load<typeof FixtureModule>('tests/server/backtests/history-fixture.ts');

const { underlying, days, expiries } = benchWalk(Number(values.days), { addDays, isoWeekday });

const db = await openPgliteDatabase();
await migrate(db);
await importHistory(db, 'NIFTY', underlying, syntheticRows(underlying, expiries, { around: 20 }), 75);

type Run = (job: object, report: (share: number) => Promise<void>) => Promise<{ summary: { trades: number; net_pnl: number; modelled_share: number } }>;
let run: Run;
const threadRunner = 'server/services/analysis/backtests/thread-runner.ts';
if (existsSync(join(root, threadRunner))) {
  const { createThreadRunner } = await load<typeof ThreadRunnerModule>(threadRunner);
  run = createThreadRunner({ history: db, entry: pathToFileURL(join(root, 'server/services/backtest-thread.ts')) }) as unknown as Run;
} else {
  // The code before issue 61's thread: the runner where that tree kept it.
  const runner = existsSync(join(root, 'server/services/analysis/backtests/backtest-runner.ts')) ? 'server/services/analysis/backtests/backtest-runner.ts' : 'server/services/backtests/backtest-runner.ts';
  const { createHistoryRunner } = await load<{ createHistoryRunner: (db: unknown, services?: unknown) => Run }>(runner);
  const { bookServices } = await load<{ bookServices?: unknown }>('server/services/services.ts');
  run = createHistoryRunner(db, bookServices);
}
const job = {
  id: 1,
  userId: 1,
  portfolioId: 0,
  entryUntil: '15:10',
  from: days[0]!,
  to: days.at(-1)!,
  capitalPaise: 50_000_000,
  bot: { kind: 'daily', id: null, name: 'Bench iron condor', underlying: 'NIFTY', strategy: 'iron_condor', lots: 1, stop_loss_pct: 50, target_pct: 50, params: {}, entry_time: '09:20', exit_time: '15:10', weekdays: [1, 2, 3, 4, 5] },
};
const cpu = process.cpuUsage();
const stalls = monitorEventLoopDelay({ resolution: 10 });
stalls.enable();
const started = performance.now();
const report = await run(job, async () => {});
const wallMs = performance.now() - started;
const used = process.cpuUsage(cpu);
stalls.disable();
const stallMs = stalls.max / 1e6;
await db.close();
const text = `${JSON.stringify(report, null, 1)}\n`;
if (values.out !== undefined) writeFileSync(values.out, text);
const { trades, net_pnl: net, modelled_share: modelled } = report.summary;
console.log(JSON.stringify({ days: days.length, trades, net, modelled, wallMs, cpuMs: (used.user + used.system) / 1000, stallMs, digest: createHash('sha256').update(text).digest('hex').slice(0, 12) }));
