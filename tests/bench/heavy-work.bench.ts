/**
 * The heavy-work benchmark (issue 61): what a trader's safety path costs while other traders' analysis runs on the
 * same server. Per sample (support/heavy-work-desk.ts, the server in a process of its own, called over HTTP): `--replays` replays opening their books
 * and a daily iron condor backtesting over `--days` days, while every 250 ms the kill switch is armed, an order
 * placed and health read, each timed from the instant it was due. With `--before <ref>` the code at that ref is
 * measured beside this checkout's in the same run, the two alternated (a shared machine moves figures a lot).
 *
 *   npm run bench -- heavy-work                              this checkout, 2 rounds, 4 replays, 20 days
 *   npm run bench -- heavy-work --before main --replays 8 --runs 3
 *   npm run bench -- heavy-work --before main --runs 1 --replays 8 --backtests 2 --imports 4 --speed 60
 *
 * The whole load of issue 61 (the last line): 8 replays playing at 60× (their desks reading and seeking), 2
 * backtests and 4 imports of a day's bhavcopy; seeks timed as well. Each round also measures what an open book
 * costs (support/book-memory-desk.ts: RSS with `--books` books open, 4 by default, beside none before the first;
 * give 12 to count two full book threads after session 68).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { codeBefore, codeNow, type Code } from './support/code-before.ts';
import { table } from './support/stats.ts';

const { values } = parseArgs({
  options: {
    before: { type: 'string' },
    runs: { type: 'string', default: '2' },
    replays: { type: 'string', default: '4' },
    days: { type: 'string', default: '20' },
    backtests: { type: 'string', default: '1' },
    imports: { type: 'string', default: '0' },
    speed: { type: 'string', default: '0' },
    books: { type: 'string', default: '4' },
  },
});
const before = values.before === undefined ? null : codeBefore(values.before);
const codes: Code[] = before === null ? [codeNow] : [before, codeNow];

type Calls = { arm: number[]; order: number[]; health: number[] };
type Sample = Calls & { idle?: Calls; idleMb?: number; deskLagP99Ms?: number; seek?: number[]; heavyS?: number; rssMb: number };
type BookSample = { books: number; beforeMb: number; openMb: number; perBookMb: number; closedMb: number };
const samples = new Map<string, { taken: Sample[]; loads: number[]; books: BookSample[] }>(codes.map((code) => [code.name, { taken: [], loads: [], books: [] }]));
/**
 * The environment `npm start` gives that code's server process (scripts/server-process.mjs, glibc's malloc arenas),
 * none for code before it: the desk runs the server in its own process, as `npm start` does.
 */
const serverEnvironment = async (code: Code): Promise<Record<string, string>> => {
  const path = join(code.root, 'scripts', 'server-process.mjs');
  if (!existsSync(path)) return {};
  return ((await import(pathToFileURL(path).href)) as { serverEnvironment: Record<string, string> }).serverEnvironment;
};
const lastLine = (name: string, child: ReturnType<typeof spawnSync>) => {
  const line = String(child.stdout).trim().split('\n').at(-1) ?? '';
  if (child.status !== 0 || !line.startsWith('{')) throw new Error(`${name}: ${String(child.stderr).slice(-2000)}`);
  return JSON.parse(line) as unknown;
};
try {
  for (let round = 0; round < Number(values.runs); round += 1) {
    for (const code of round % 2 === 0 ? codes : [...codes].reverse()) {
      const load = loadavg()[0]!;
      const script = join(import.meta.dirname, 'support', 'heavy-work-desk.ts');
      const work = ['--replays', values.replays!, '--days', values.days!, '--backtests', values.backtests!, '--imports', values.imports!, '--speed', values.speed!];
      const env = { ...process.env, ...(await serverEnvironment(code)) };
      const child = spawnSync(process.execPath, ['--import', 'tsx', script, '--root', code.root, ...work], { encoding: 'utf8', maxBuffer: 1 << 24, env });
      const entry = samples.get(code.name)!;
      entry.taken.push(lastLine(code.name, child) as Sample);
      entry.loads.push(load);
      const books = spawnSync(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'support', 'book-memory-desk.ts'), '--root', code.root, '--books', values.books!], { encoding: 'utf8', maxBuffer: 1 << 24, env });
      entry.books.push(lastLine(`${code.name} books`, books) as BookSample);
      console.log(`round ${round + 1} ${code.name}: load ${load.toFixed(1)}`);
    }
  }
} finally {
  before?.remove();
}

const p99Of = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.99) - 1)] ?? Number.NaN);
};
const p99 = (values: readonly number[]) => `${p99Of(values)} ms`;
/** The order's p99 under the load, its p99 on the same server idle before it (the goal: within 1.5×), and their ratio. */
const orderBeside = (taken: Sample[]) => {
  const loaded = p99Of(taken.flatMap((sample) => sample.order));
  const idle = p99Of(taken.flatMap((sample) => sample.idle?.order ?? []));
  return `${loaded} / ${idle} ms (${(loaded / idle).toFixed(1)}×)`;
};
const rows = [...samples].map(([name, { taken, loads }]) => [
  name,
  p99(taken.flatMap((sample) => sample.arm)),
  orderBeside(taken),
  p99(taken.flatMap((sample) => sample.health)),
  `${p99(taken.flatMap((sample) => sample.seek ?? []))} (${taken.reduce((sum, sample) => sum + (sample.seek?.length ?? 0), 0)})`,
  taken.map((sample) => `${sample.heavyS ?? '?'} s`).join(', '),
  `${Math.max(...taken.map((sample) => sample.rssMb))} MB (idle ${Math.max(...taken.map((sample) => sample.idleMb ?? Number.NaN))} MB)`,
  String(taken.reduce((sum, sample) => sum + sample.arm.length, 0)),
  taken.map((sample) => `${sample.deskLagP99Ms ?? '?'} ms`).join(', '),
  `${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}`,
]);
const playing = Number(values.speed) > 0 ? ` playing at ${values.speed}×` : ' opening';
console.log(`${values.replays} replays${playing}, ${values.backtests} ${values.days}-day backtest(s) and ${values.imports} import(s); a kill switch arm, an order and a health read every 250 ms meanwhile (${values.runs} rounds):`);
console.log(table(['code', 'kill switch arm p99', 'order p99: loaded / idle', 'health p99', 'seek p99 (seeks)', 'heavy work took', 'server RSS peak, threads included', 'arms timed', "the desk's own delay p99", 'load average'], rows));
console.log('Goals (issue 61): kill switch p99 ≤ 300 ms, order p99 within 1.5× of idle, health p99 ≤ 100 ms, seek ≤ 300 ms, server ≤ 1 GB.');
const bookRows = [...samples].map(([name, { books }]) => [
  name,
  books.map((sample) => `${sample.perBookMb} MB`).join(', '),
  books.map((sample) => `${sample.beforeMb} → ${sample.openMb} MB`).join(', '),
  books.map((sample) => `${sample.closedMb} MB`).join(', '),
]);
console.log(`What an open book costs (${values.books} books opened one after another, each asked a query):`);
console.log(table(['code', 'RSS per open book', 'RSS before → books open', 'a second after closing them'], bookRows));
console.log('Goal (issue 61): at most 64 MB a book while open.');
