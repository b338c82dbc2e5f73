/**
 * The heavy-work benchmark (issue 61): what a trader's safety path costs while other traders' analysis runs on the
 * same server. Per sample (support/heavy-work-desk.ts, one process each): `--replays` replays opening their books
 * and a daily iron condor backtesting over `--days` days, while every 250 ms the kill switch is armed, an order
 * placed and health read, each timed from the instant it was due. With `--before <ref>` the code at that ref is
 * measured beside this checkout's in the same run, the two alternated (a shared machine moves figures a lot).
 *
 *   npm run bench -- heavy-work                              this checkout, 2 rounds, 4 replays, 20 days
 *   npm run bench -- heavy-work --before main --replays 8 --runs 3
 */
import { spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { codeBefore, codeNow, type Code } from './support/code-before.ts';
import { table } from './support/stats.ts';

const { values } = parseArgs({ options: { before: { type: 'string' }, runs: { type: 'string', default: '2' }, replays: { type: 'string', default: '4' }, days: { type: 'string', default: '20' } } });
const before = values.before === undefined ? null : codeBefore(values.before);
const codes: Code[] = before === null ? [codeNow] : [before, codeNow];

type Sample = { arm: number[]; order: number[]; health: number[]; rssMb: number };
const samples = new Map<string, { taken: Sample[]; loads: number[] }>(codes.map((code) => [code.name, { taken: [], loads: [] }]));
try {
  for (let round = 0; round < Number(values.runs); round += 1) {
    for (const code of round % 2 === 0 ? codes : [...codes].reverse()) {
      const load = loadavg()[0]!;
      const script = join(import.meta.dirname, 'support', 'heavy-work-desk.ts');
      const child = spawnSync(process.execPath, ['--import', 'tsx', script, '--root', code.root, '--replays', values.replays!, '--days', values.days!], { encoding: 'utf8', maxBuffer: 1 << 24 });
      const line = child.stdout.trim().split('\n').at(-1) ?? '';
      if (child.status !== 0 || !line.startsWith('{')) throw new Error(`${code.name}: ${child.stderr.slice(-2000)}`);
      const entry = samples.get(code.name)!;
      entry.taken.push(JSON.parse(line) as Sample);
      entry.loads.push(load);
      console.log(`round ${round + 1} ${code.name}: load ${load.toFixed(1)}`);
    }
  }
} finally {
  before?.remove();
}

const p99 = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return `${Math.round(sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.99) - 1)] ?? Number.NaN)} ms`;
};
const rows = [...samples].map(([name, { taken, loads }]) => [
  name,
  p99(taken.flatMap((sample) => sample.arm)),
  p99(taken.flatMap((sample) => sample.order)),
  p99(taken.flatMap((sample) => sample.health)),
  `${Math.max(...taken.map((sample) => sample.rssMb))} MB`,
  String(taken.reduce((sum, sample) => sum + sample.arm.length, 0)),
  `${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}`,
]);
console.log(`${values.replays} replays opening and a ${values.days}-day backtest, a kill switch arm, an order and a health read every 250 ms meanwhile (${values.runs} rounds):`);
console.log(table(['code', 'kill switch arm p99', 'order p99', 'health p99', 'server RSS (peak)', 'arms timed', 'load average'], rows));
console.log('Goals (issue 61): kill switch p99 ≤ 300 ms, health p99 ≤ 100 ms, server ≤ 1 GB.');
