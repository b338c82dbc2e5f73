// Processes a server test starts (server/main.ts as `npm start` runs it) that must never outlive the test: a
// test that times out skips its own clean-up, and a server so left behind was found still running half an
// hour later (issue 37). Each is started
// - in a process group of its own (detached), so a kill reaches whatever it started too;
// - with an IPC channel and dies-with-parent.mjs preloaded: when the test's process ends in any way, a
//   SIGKILL included, the channel closes and the child kills its group;
// and the test's process kills every one still running when it exits, and when a file calls killOwned
// (its afterEach / afterAll). Signals a test sends on purpose (child.kill('SIGTERM')) still go to the child alone.
import { spawn, type ChildProcess, type SpawnOptions, type StdioOptions } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const running = new Set<ChildProcess>();
const diesWithParent = pathToFileURL(join(import.meta.dirname, 'dies-with-parent.mjs')).href;

function killGroup(child: ChildProcess): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

process.once('exit', () => {
  for (const child of running) killGroup(child);
});

/** The three standard streams as the caller asked for them (pipes by default), and the IPC channel after them. */
function withChannel(stdio: StdioOptions | undefined): StdioOptions {
  const three: Exclude<StdioOptions, string> = stdio === undefined ? ['pipe', 'pipe', 'pipe'] : typeof stdio === 'string' ? [stdio, stdio, stdio] : stdio.slice(0, 3);
  return [...three, 'ipc'];
}

/** `node <args>` (Node's own flags first, as for spawn), owned by this process as the file says. */
export function spawnOwned(args: readonly string[], options: Omit<SpawnOptions, 'detached'> = {}): ChildProcess {
  const child = spawn(process.execPath, ['--import', diesWithParent, ...args], { ...options, detached: true, stdio: withChannel(options.stdio) });
  running.add(child);
  child.once('exit', () => running.delete(child));
  return child;
}

/** Kills every owned process still running, and what each started, and waits until each has exited. */
export async function killOwned(): Promise<void> {
  await Promise.all(
    [...running].map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once('exit', () => resolve());
          killGroup(child);
        }),
    ),
  );
}
