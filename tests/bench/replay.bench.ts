/**
 * The replay benchmark (issue 39): what the desk waits for in a replay of an imported NIFTY day
 * (support/replay-desk.ts, one process a sample): the first read of a new replay (start + index + chain, after the picker listed the days and --pick ms of choosing),
 * seeks to minutes across the day each followed by the index and the chain (the desk shown; an order in the
 * book, so a seek runs the fill engine over each minute it passes), one seek over the whole day, and the desk's reads at 60× (a replayed
 * minute a second). With `--before <ref>` the code at that ref is measured beside this checkout's in the same
 * run, the two alternated; the load average is printed beside each round (2 shared cores move figures a lot).
 *
 *   npm run bench -- replay                          this checkout, 3 rounds
 *   npm run bench -- replay --before main --runs 5
 *   npm run bench -- replay --pick 0               the replay started the moment the days are listed
 */
import { spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { codeBefore, codeNow, type Code } from './support/code-before.ts';
import { median, table } from './support/stats.ts';

const { values } = parseArgs({
  options: { before: { type: 'string' }, runs: { type: 'string', default: '3' }, seeks: { type: 'string', default: '12' }, pick: { type: 'string', default: '2000' } },
});
const runs = Number(values.runs);
const before = values.before === undefined ? null : codeBefore(values.before);
const codes: Code[] = before === null ? [codeNow] : [before, codeNow];

type Sample = { firstChain: number; seeks: number[]; wholeDay: number; steps: number[] };
const samples = new Map<string, { samples: Sample[]; loads: number[] }>(codes.map((code) => [code.name, { samples: [], loads: [] }]));
try {
  for (let round = 0; round < runs; round += 1) {
    for (const code of codes) {
      const load = loadavg()[0]!;
      const script = join(import.meta.dirname, 'support', 'replay-desk.ts');
      const child = spawnSync(process.execPath, ['--import', 'tsx', script, '--root', code.root, '--seeks', values.seeks!], { encoding: 'utf8', maxBuffer: 1 << 24 });
      const line = child.stdout.trim().split('\n').at(-1) ?? '';
      if (child.status !== 0 || !line.startsWith('{')) throw new Error(`${code.name}: ${child.stderr.slice(-2000)}`);
      const entry = samples.get(code.name)!;
      entry.samples.push(JSON.parse(line) as Sample);
      entry.loads.push(load);
      console.log(`round ${round + 1} ${code.name}: load ${load.toFixed(1)}`);
    }
  }
} finally {
  before?.remove();
}

const ms = (value: number) => `${Math.round(value)} ms`;
const rows = [...samples].map(([name, { samples: taken, loads }]) => {
  const seeks = taken.flatMap((sample) => sample.seeks);
  return [
    name,
    ms(median(seeks)),
    ms(Math.max(...seeks)),
    ms(median(taken.map((sample) => sample.wholeDay))),
    ms(median(taken.map((sample) => sample.firstChain))),
    ms(median(taken.flatMap((sample) => sample.steps))),
    `${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}`,
  ];
});
console.log(table(['code', 'seek + desk (median)', 'seek + desk (worst)', 'whole-day seek + desk', 'first read (start + index + chain)', '60× desk read (median)', 'load average'], rows));
console.log('Goal (issue 39): a seek shows the desk in 300 ms or less.');
