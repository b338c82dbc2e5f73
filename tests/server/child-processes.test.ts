// The processes server tests start (server/main.ts in main.test.ts and crash.test.ts) never outlive the test:
// support/child-processes.ts kills each, with what it started, when the test's file asks (its afterEach,
// which runs after a test that timed out too), when the test's process exits, and when it dies by SIGKILL.
import { type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { repoRoot } from '../../server/paths.ts';
import { killOwned, spawnOwned } from './support/child-processes.ts';
import { ownedProgram } from './support/owned-program.ts';

type Pids = { child: number; grandchild: number };

afterEach(killOwned);

/** Running (a zombie, its exit not yet reaped, has stopped running). */
function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

/** The first line a process prints, as the pids it names. */
function pidsOf(process_: ChildProcess): Promise<Pids> {
  return new Promise((resolve, reject) => {
    let output = '';
    process_.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('\n')) resolve(JSON.parse(output.slice(0, output.indexOf('\n'))) as Pids);
    });
    process_.once('exit', (code) => reject(new Error(`exited (${code}) before printing its pids: ${output}`)));
  });
}

async function goneWithin(pids: Pids, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (!alive(pids.child) && !alive(pids.grandchild)) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}

describe("a server test's child processes", () => {
  it('are killed with what they started when the test file cleans up (after a test that timed out too)', async () => {
    const pids = await pidsOf(spawnOwned(['-e', ownedProgram], { stdio: ['ignore', 'pipe', 'inherit'] }));
    expect([alive(pids.child), alive(pids.grandchild)]).toEqual([true, true]);
    await killOwned();
    expect(await goneWithin(pids, 5_000)).toBe(true);
  });

  it.each([
    ['is killed with SIGKILL', 'wait'],
    ['exits', 'exit'],
  ])('die when the process that started them %s', async (_how, mode) => {
    // A process standing for the test's own, its owned child started as the tests start servers.
    const parent = spawnOwned(['--import', 'tsx', join(repoRoot, 'tests/server/support/owning-parent.ts'), mode], { stdio: ['ignore', 'pipe', 'inherit'] });
    const pids = await pidsOf(parent);
    if (mode === 'wait') {
      expect([alive(pids.child), alive(pids.grandchild)]).toEqual([true, true]);
      parent.kill('SIGKILL');
    }
    expect(await goneWithin(pids, 10_000)).toBe(true);
  });
});
