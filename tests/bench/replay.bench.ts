/**
 * The replay benchmark (issue 39): what the desk waits for in a replay of an imported NIFTY day
 * (support/replay-desk.ts, one process a sample): the first read of a new replay (start + index + chain, after the picker listed the days and --pick ms of choosing),
 * seeks to minutes across the day each followed by the index and the chain (the desk shown; an order in the
 * book, so a seek runs the fill engine over each minute it passes), one seek over the whole day, and the desk's reads at 60× (a replayed
 * minute a second). With `--before <ref>` the code at that ref is measured beside this checkout's in the same
 * run, the two alternated; the load average is printed beside each round (2 shared cores move figures a lot).
 * Then the desk in Chromium at 360 px, the chain shown, playing at 60× for `--longtask` seconds: its longest
 * main-thread task (support/replay-longtask.ts; this checkout's app as built, after the rounds; 0 skips it).
 *
 *   npm run bench -- replay                          this checkout, 3 rounds, 12 seeks each, 30 s at 60×
 *   npm run bench -- replay --before main --runs 5
 *   npm run bench -- replay --pick 0               the replay started the moment the days are listed
 *   npm run bench -- replay --seeks 24 --longtask 0
 *   npm run bench -- replay --runs 0                 the browser's 60× alone
 *   npm run bench -- replay --port 5300            the browser's server on a fixed port (0: any free one)
 */
import { spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { codeBefore, codeNow, type Code } from './support/code-before.ts';
import { replayLongTasks } from './support/replay-longtask.ts';
import { median, table } from './support/stats.ts';

const { values } = parseArgs({
  options: { before: { type: 'string' }, runs: { type: 'string', default: '3' }, seeks: { type: 'string', default: '12' }, pick: { type: 'string', default: '2000' }, longtask: { type: 'string', default: '30' }, port: { type: 'string', default: '0' } },
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
      const child = spawnSync(process.execPath, ['--import', 'tsx', script, '--root', code.root, '--seeks', values.seeks!, '--pick', values.pick!], { encoding: 'utf8', maxBuffer: 1 << 24 });
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
if (runs > 0) {
  console.log(`Seeks: ${values.seeks} a round over ${runs} rounds (median and worst of all), a limit order working all day in the book; the picker's choice ${values.pick} ms.`);
  console.log(table(['code', 'seek + desk (median)', 'seek + desk (worst)', 'whole-day seek + desk', 'first read (start + index + chain)', '60× desk read (median)', 'load average'], rows));
  console.log('Goal (issue 39): a seek shows the desk in 300 ms or less.');
}

const seconds = Number(values.longtask);
if (seconds > 0) {
  const load = loadavg()[0]!;
  const f = await replayLongTasks(seconds, Number(values.port));
  console.log(`\nThe replay desk at 360 px, the chain shown, ${seconds} s at 60× (replayed ${f.replayedFrom} to ${f.replayedTo}), this checkout's app`);
  console.log(`(an 80 ms task run on purpose afterwards was seen as ${ms(f.observerCheckMs)}; screenshot in test-results/replay-bench/):`);
  console.log(
    table(
      ['longest task', 'long tasks (> 50 ms)', 'frames', 'dropped frames (> 33 ms)', 'worst frame', 'load average'],
      [[ms(f.longestTaskMs), String(f.longTasks), String(f.frames), String(f.droppedFrames), ms(f.worstFrameMs), `${load.toFixed(1)}–${loadavg()[0]!.toFixed(1)}`]],
    ),
  );
  console.log('Goal (issue 39): no task of 50 ms or more at 60×.');
}
