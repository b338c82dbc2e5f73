/**
 * Counts the calls into a backtest book's PGlite (`execProtocol`: each costs 0.3–0.5 ms of CPU whatever its
 * statement) over `--days` of the backtest bench's history (backtest-run.ts's walk, job and bot), the engine run
 * in this thread on the tree at `--root`. Deterministic: the same code counts the same calls. Prints one JSON
 * line (the calls, the run's CPU, the report's digest) and, with `--top`, the statements called most, by text.
 *
 *   node --import tsx tests/bench/support/backtest-calls.ts --root . --days 40 --top 40
 *
 * With `--time`, the top statements are those taking the most CPU in their calls (each call's synchronous work in
 * PGlite, the process's CPU time around it: the engine runs in this thread), with their count and their mean.
 */
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import type * as MigrateModule from '../../../server/db/migrate.ts';
import type * as PgliteModule from '../../../server/db/pglite-database.ts';
import type * as RunnerModule from '../../../server/services/analysis/backtests/backtest-runner.ts';
import type * as PreparedModule from '../../../server/services/analysis/backtests/prepared-pglite.ts';
import type * as TemplateModule from '../../../server/services/analysis/backtests/book-template.ts';
import type * as ServicesModule from '../../../server/services/services.ts';
import type * as CalendarModule from '../../../server/services/market/trading-calendar.ts';
import type * as FixtureModule from '../../server/backtests/history-fixture.ts';
import { benchWalk } from './bench-walk.ts';

const { values } = parseArgs({ options: { root: { type: 'string', default: '.' }, days: { type: 'string', default: '40' }, top: { type: 'string', default: '0' }, from: { type: 'string' }, trace: { type: 'boolean', default: false }, time: { type: 'boolean', default: false } } });
const root = values.root!;
const load = async <T>(path: string): Promise<T> => (await import(pathToFileURL(join(root, path)).href)) as T;
const { migrate } = await load<typeof MigrateModule>('server/db/migrate.ts');
const { openPgliteDatabase } = await load<typeof PgliteModule>('server/db/pglite-database.ts');
const { addDays, isoWeekday } = await load<typeof CalendarModule>('server/services/market/trading-calendar.ts');
const { importHistory, syntheticRows } = await load<typeof FixtureModule>('tests/server/backtests/history-fixture.ts');
const { createHistoryRunner } = await load<typeof RunnerModule>('server/services/analysis/backtests/backtest-runner.ts');
const { openPreparedPglite } = await load<typeof PreparedModule>('server/services/analysis/backtests/prepared-pglite.ts');
const { bookTemplate } = await load<typeof TemplateModule>('server/services/analysis/backtests/book-template.ts');
const { bookServices } = await load<typeof ServicesModule>('server/services/services.ts');

const { underlying, days, expiries } = benchWalk(Number(values.days), { addDays, isoWeekday });
const history = await openPgliteDatabase();
await migrate(history);
await importHistory(history, 'NIFTY', underlying, syntheticRows(underlying, expiries, { around: 20 }), 75);
const template = await bookTemplate();

// Each call's first message named: a query's or parse's text, a bind's statement (its text from its parse).
const names = new Map<string, string>();
const byText = new Map<string, number>();
const msByText = new Map<string, number>();
const bytesByText = new Map<string, number>();
let calls = 0;
// With --trace: where the service asked its statement (the book's queue breaks the stack at the call into PGlite).
let lastStack = '';
const traced = <Q extends { query: (...args: never[]) => unknown }>(target: Q): Q => {
  const query = target.query.bind(target);
  return Object.assign(Object.create(target) as Q, { query: (...args: never[]) => ((lastStack = new Error().stack ?? ''), query(...args)) });
};
if (values.trace) Error.stackTraceLimit = 80;
let counting = false;
const cstring = (bytes: Uint8Array, at: number) => {
  const end = bytes.indexOf(0, at);
  return [new TextDecoder().decode(bytes.subarray(at, end)), end + 1] as const;
};
/** Counts a call into the book and names it by its first statement (see above). */
function counted(whole: Uint8Array): string {
  let message = whole;
  calls += 1;
  // A COMMIT or a transaction's BEGIN (and SET TRANSACTION) goes with the next statement: that one names the call.
  let at = 0;
  for (;;) {
    const [sql] = String.fromCharCode(message[at]!) === 'Q' ? cstring(message, at + 5) : [''];
    if (!/^(COMMIT|BEGIN|SET TRANSACTION)/.test(sql)) break;
    const next = at + 1 + new DataView(message.buffer, message.byteOffset + at + 1, 4).getInt32(0);
    if (next >= message.length) break;
    at = next;
  }
  const prefix = at > 0 ? '[ahead] ' : '';
  message = message.subarray(at);
  const kind = String.fromCharCode(message[0]!);
  let text = kind;
  if (kind === 'Q') text = cstring(message, 5)[0];
  else if (kind === 'P') {
    const [name, next] = cstring(message, 5);
    text = cstring(message, next)[0];
    names.set(name, text);
    text = `(parse) ${text}`;
  } else if (kind === 'B') {
    const [, next] = cstring(message, 5);
    text = names.get(cstring(message, next)[0]) ?? 'bind ?';
  }
  const key = prefix + text.replace(/\s+/g, ' ').slice(0, 160);
  byText.set(key, (byText.get(key) ?? 0) + 1);
  if (values.trace) {
    const frames = lastStack.split('\n').filter((line) => line.includes('/server/services/') && !line.includes('prepared-pglite') && !line.includes('book-read-cache')).slice(0, 3).map((line) => line.trim().replace(/^at /, '').replace(/\(?file:\/\/[^)]*\/server\/services\//, '').replace(/\)$/, ''));
    console.log(`#${calls} ${key.slice(0, 110)}  <- ${frames.join(' < ')}`);
  }
  return key;
}
/** With --time: the call's CPU (PGlite does a call's work before it returns its promise) and the bytes it answered. */
function timed<T>(key: string, call: (answered: (bytes: number) => void) => T): T {
  const answered = (bytes: number) => bytesByText.set(key, (bytesByText.get(key) ?? 0) + bytes);
  if (!values.time) return call(() => {});
  const started = process.cpuUsage();
  try {
    return call(answered);
  } finally {
    const used = process.cpuUsage(started);
    msByText.set(key, (msByText.get(key) ?? 0) + (used.user + used.system) / 1000);
  }
}
// The book calls PGlite through execProtocol (its answer parsed by PGlite) or execProtocolRawStream (its raw bytes).
const original = PGlite.prototype.execProtocol;
PGlite.prototype.execProtocol = function (this: PGlite, whole: Uint8Array, options?: object) {
  if (!counting) return original.call(this, whole, options as never);
  return timed(counted(whole), (answered) => {
    const answer = original.call(this, whole, options as never);
    void answer.then(({ data }) => answered(data.length)).catch(() => {});
    return answer;
  });
} as typeof original;
const originalStream = PGlite.prototype.execProtocolRawStream;
PGlite.prototype.execProtocolRawStream = function (this: PGlite, whole: Uint8Array, options: Parameters<typeof originalStream>[1]) {
  if (!counting) return originalStream.call(this, whole, options);
  return timed(counted(whole), (answered) =>
    originalStream.call(this, whole, { ...options, onRawData: (chunk: Uint8Array) => (answered(chunk.length), options!.onRawData(chunk)) }),
  );
} as typeof originalStream;

const job = {
  id: 1,
  userId: 1,
  portfolioId: 0,
  entryUntil: '15:10',
  from: values.from ?? days[0]!,
  to: days.at(-1)!,
  capitalPaise: 50_000_000,
  bot: { kind: 'daily', id: null, name: 'Bench iron condor', underlying: 'NIFTY', strategy: 'iron_condor', lots: 1, stop_loss_pct: 50, target_pct: 50, params: {}, entry_time: '09:20', exit_time: '15:10', weekdays: [1, 2, 3, 4, 5] },
};
const run = createHistoryRunner(history, bookServices, {
  openDatabase: async () => {
    const db = await openPreparedPglite(template);
    counting = true;
    if (!values.trace) return db;
    const outer = traced(db);
    const transaction = db.transaction.bind(db);
    return Object.assign(outer, { transaction: (fn: (tx: never) => Promise<unknown>) => transaction((tx) => fn(traced(tx) as never)) }) as typeof db;
  },
});
const cpu = process.cpuUsage();
const report = await run(job as never, async () => {});
const used = process.cpuUsage(cpu);
counting = false;
await history.close();
const text = `${JSON.stringify(report, null, 1)}\n`;
const summary = (report as unknown as { summary: { trades: number; net_pnl: number } }).summary;
console.log(JSON.stringify({ days: days.length, calls, trades: summary.trades, net: summary.net_pnl, cpuMs: (used.user + used.system) / 1000, digest: createHash('sha256').update(text).digest('hex').slice(0, 12) }));
if (values.time) {
  const totalMs = [...msByText.values()].reduce((sum, ms) => sum + ms, 0);
  console.log(`calls' CPU ${totalMs.toFixed(0)} ms: ms, share, calls, µs a call, bytes answered a call, statement`);
  for (const [text, ms] of [...msByText].sort((a, b) => b[1] - a[1]).slice(0, Number(values.top))) {
    const count = byText.get(text)!;
    console.log(ms.toFixed(0).padStart(7), `${((100 * ms) / totalMs).toFixed(1)}%`.padStart(6), String(count).padStart(6), ((1000 * ms) / count).toFixed(0).padStart(6), ((bytesByText.get(text) ?? 0) / count).toFixed(0).padStart(7), text);
  }
} else for (const [text, count] of [...byText].sort((a, b) => b[1] - a[1]).slice(0, Number(values.top))) console.log(String(count).padStart(6), text);
