// Each server test file's CPU, for measuring the suite (issue 61), off unless SERVER_CPU_LOG names a file: one JSON
// line per test file. A worker runs its files one after another (isolate: false), so the worker process's CPU from
// the file's setup to its last afterAll is the file's, including its servers' and books' threads and the child
// processes it waited for (a real `server/main.ts`). Wall time on a shared machine grows with the others' load;
// CPU much less, so A/B comparisons read this.
import { appendFileSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { afterAll } from 'vitest';

/** The process's own and its reaped children's CPU, in seconds (/proc/self/stat: utime, stime, cutime, cstime). */
export function processTreeCpu(): { own: number; children: number } {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ').map(Number);
  // Fields 14–17 of proc(5), counted from the state (field 3) at index 0, in clock ticks (100 a second).
  const [utime, stime, cutime, cstime] = fields.slice(11, 15) as [number, number, number, number];
  return { own: (utime + stime) / 100, children: (cutime + cstime) / 100 };
}

export function logFileCpu(log: string): void {
  const before = processTreeCpu();
  const started = performance.now();
  // Vitest reads a hook's first parameter as the fixtures it wants: none here, the suite is the second.
  // eslint-disable-next-line no-empty-pattern
  afterAll(({}, suite) => {
    const file = relative(process.cwd(), suite.file.filepath);
    const after = processTreeCpu();
    const line = { file, wall: (performance.now() - started) / 1000, cpu: after.own - before.own, children: after.children - before.children, worker: process.env.VITEST_POOL_ID };
    appendFileSync(log, `${JSON.stringify(line)}\n`);
  });
}
