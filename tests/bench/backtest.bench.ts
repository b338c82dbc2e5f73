/**
 * The backtest benchmark: a year (250 trading days) of a daily NIFTY iron condor (enter 09:20, exit 15:10,
 * stop-loss and target on, looked at every hour on the daily path) run by the engine over synthetic history (a
 * seeded random walk of the index, three expiries a day, 41 strikes each, settled by Black-76), as the server runs
 * a backtest job (support/backtest-run.ts, one process a sample): its isolated book, the bot engine, the paper
 * broker and the report. Generating and storing the history is not timed; the run is, including the book's
 * start. The goal (issue 61): ≤ 5 s on 2 cores, the engine off the request thread (the longest stall of the
 * thread that would serve requests is shown). With
 * `--before <ref>` the code at that ref runs beside this checkout's in the same run, alternated, and the two
 * reports' digests must agree (the same trades and figures to the paisa).
 *
 *   npm run bench -- backtest                                250 days, 1 round
 *   npm run bench -- backtest --before main --runs 3
 *   npm run bench -- backtest --days 60
 *   npm run bench -- backtest --out /tmp/report.json         also writes this checkout's report as JSON
 */
import { spawnSync } from 'node:child_process';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { codeBefore, codeNow, type Code } from './support/code-before.ts';
import { median, table } from './support/stats.ts';

const { values } = parseArgs({ options: { before: { type: 'string' }, runs: { type: 'string', default: '1' }, days: { type: 'string', default: '250' }, out: { type: 'string' } } });
if (!Number.isInteger(Number(values.days)) || Number(values.days) < 2) throw new Error('--days takes a whole number, 2 or more');
const before = values.before === undefined ? null : codeBefore(values.before);
const codes: Code[] = before === null ? [codeNow] : [before, codeNow];

type Sample = { days: number; trades: number; net: number; modelled: number; wallMs: number; cpuMs: number; stallMs: number; digest: string };
const samples = new Map<string, { taken: Sample[]; loads: number[] }>(codes.map((code) => [code.name, { taken: [], loads: [] }]));
try {
  for (let round = 0; round < Number(values.runs); round += 1) {
    for (const code of round % 2 === 0 ? codes : [...codes].reverse()) {
      const load = loadavg()[0]!;
      const out = code === codeNow && values.out !== undefined ? ['--out', values.out] : [];
      const script = join(import.meta.dirname, 'support', 'backtest-run.ts');
      const child = spawnSync(process.execPath, ['--import', 'tsx', script, '--root', code.root, '--days', values.days!, ...out], { encoding: 'utf8', maxBuffer: 1 << 24 });
      const line = child.stdout.trim().split('\n').at(-1) ?? '';
      if (child.status !== 0 || !line.startsWith('{')) throw new Error(`${code.name}: ${child.stderr.slice(-2000)}`);
      samples.get(code.name)!.taken.push(JSON.parse(line) as Sample);
      samples.get(code.name)!.loads.push(load);
      console.log(`round ${round + 1} ${code.name}: load ${load.toFixed(1)}, ${(JSON.parse(line) as Sample).wallMs.toFixed(0)} ms`);
    }
  }
} finally {
  before?.remove();
}

const seconds = (ms: number) => (ms / 1000).toFixed(1);
const rows = [...samples].map(([name, { taken, loads }]) => {
  const first = taken[0]!;
  return [
    name,
    String(first.days),
    String(first.trades),
    first.net.toFixed(2),
    first.modelled.toFixed(2),
    seconds(median(taken.map((sample) => sample.wallMs))),
    `${seconds(Math.min(...taken.map((sample) => sample.wallMs)))}–${seconds(Math.max(...taken.map((sample) => sample.wallMs)))}`,
    seconds(median(taken.map((sample) => sample.cpuMs))),
    `${Math.round(Math.max(...taken.map((sample) => sample.stallMs)))} ms`,
    [...new Set(taken.map((sample) => sample.digest))].join(' '),
    `${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}`,
  ];
});
console.log(`A daily iron condor backtested over ${values.days} days, ${values.runs} round(s), ${availableParallelism()} cores:`);
console.log(table(['code', 'days', 'trades', 'net P&L (₹)', 'modelled share', 'wall (s, median)', 'wall min–max', 'CPU (s)', 'request thread longest stall', 'report digest', 'load average'], rows));
const digests = new Set([...samples.values()].flatMap(({ taken }) => taken.map((sample) => sample.digest)));
if (digests.size > 1) console.log('The reports DIFFER between the runs (digests above).');
console.log('Goal (issue 61): ≤ 5 s, the engine off the request thread.');
