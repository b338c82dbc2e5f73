/**
 * The backtest benchmark: a year (250 trading days) of a daily NIFTY iron condor (enter 09:20, exit 15:10,
 * stop-loss and target on, looked at every 30 minutes on the daily path) run by the engine over synthetic
 * history (a seeded random walk of the index, three expiries a day, 41 strikes each, settled by Black-76),
 * through the real runner: its isolated book, the bot engine, the paper broker and the report. The goal: under
 * 30 s on 2 cores. Generating and storing the history is not timed; the run is, including the book's start.
 *
 *   npm run bench -- backtest              250 days
 *   npm run bench -- backtest --days 60
 *   npm run bench -- backtest --out /tmp/report.json   also writes the report (summary, trades, equity) as JSON,
 *                                                     to check that a speed-up left the figures unchanged
 */
import { writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { migrate } from '../../server/db/migrate.ts';
import { openPgliteDatabase } from '../../server/db/pglite-database.ts';
import { createHistoryRunner } from '../../server/services/analysis/backtests/backtest-runner.ts';
import { bookServices } from '../../server/services/services.ts';
import { addDays, isoWeekday } from '../../server/services/market/trading-calendar.ts';
import { importHistory, syntheticRows } from '../server/backtests/history-fixture.ts';
import { table } from './support/stats.ts';

const { values } = parseArgs({ options: { days: { type: 'string', default: '250' }, out: { type: 'string' } } });
const dayCount = Number(values.days);
if (!Number.isInteger(dayCount) || dayCount < 2) throw new Error('--days takes a whole number, 2 or more');

// 2025: no holiday list in the calendar, so every weekday trades; NIFTY's weekly expiry was on Thursdays.
const underlying: Record<string, number> = {};
let spot = 23_500;
let seed = 42;
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
};
for (let day = '2025-01-06'; Object.keys(underlying).length < dayCount; day = addDays(day, 1)) {
  if (isoWeekday(day) > 5) continue;
  spot = Math.round(spot * (1 + (random() - 0.5) * 0.025) * 100) / 100;
  underlying[day] = spot;
}
const days = Object.keys(underlying);
const expiries: string[] = [];
for (let day = days[0]!; day <= addDays(days.at(-1)!, 40); day = addDays(day, 1)) if (isoWeekday(day) === 4) expiries.push(day);

const db = await openPgliteDatabase();
await migrate(db);
await importHistory(db, 'NIFTY', underlying, syntheticRows(underlying, expiries, { around: 20 }), 75);

const run = createHistoryRunner(db, bookServices);
const job = {
  id: 1,
  userId: 1,
  portfolioId: 0,
  entryUntil: '15:10',
  from: days[0]!,
  to: days.at(-1)!,
  capitalPaise: 50_000_000,
  bot: {
    kind: 'daily' as const,
    id: null,
    name: 'Bench iron condor',
    underlying: 'NIFTY' as const,
    strategy: 'iron_condor',
    lots: 1,
    stop_loss_pct: 50,
    target_pct: 50,
    params: {},
    entry_time: '09:20',
    exit_time: '15:10',
    weekdays: [1, 2, 3, 4, 5],
  },
};
const cpu = process.cpuUsage();
const started = performance.now();
const report = await run(job, async () => {});
const wallMs = performance.now() - started;
const cpuMs = (process.cpuUsage(cpu).user + process.cpuUsage(cpu).system) / 1000;
await db.close();
if (values.out !== undefined) writeFileSync(values.out, `${JSON.stringify(report, null, 1)}\n`);
console.log(
  table(
    ['days', 'trades', 'net P&L (₹)', 'modelled share', 'wall (s)', 'CPU (s)', 'cores', 'load (1 min)'],
    [[String(days.length), String(report.summary.trades), report.summary.net_pnl.toFixed(2), report.summary.modelled_share.toFixed(2), (wallMs / 1000).toFixed(1), (cpuMs / 1000).toFixed(1), String(availableParallelism()), loadavg()[0]!.toFixed(1)]],
  ),
);
