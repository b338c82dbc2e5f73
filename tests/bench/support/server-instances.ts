/**
 * Server instances for the load benchmarks: `count` processes of a checkout's real server (server/main.ts,
 * as `npm start` runs it) on one database, each on its own port, sharing one secret key, and the CPU time
 * each used (user + system, from /proc) between two readings. Optionally under `node --cpu-prof`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export type Instances = { urls: string[]; pids: number[]; stop: () => Promise<void> };

const START_TIMEOUT_MS = 120_000;
const STOP_GRACE_MS = 10_000;
/** The kernel's clock ticks a second (USER_HZ, 100 on Linux), the unit of /proc/<pid>/stat's times. */
const clockTicksPerSecond = 100;

/** CPU seconds a process used so far (its own, plus its children's it waited for: a postmaster's backends that ended). */
export function cpuSeconds(pid: number, { children = false } = {}): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The fields after the command's closing parenthesis: state is field 3, utime 14, stime 15, cutime 16, cstime 17.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const own = Number(fields[11]) + Number(fields[12]);
    return (children ? own + Number(fields[13]) + Number(fields[14]) : own) / clockTicksPerSecond;
  } catch {
    return 0; // The process ended: what it used is no longer readable.
  }
}

function startOne(root: string, env: NodeJS.ProcessEnv, profileDir: string | null): Promise<{ child: ChildProcess; url: string }> {
  const args = [...(profileDir === null ? [] : ['--cpu-prof', '--cpu-prof-dir', profileDir]), '--import', 'tsx', join(root, 'server/main.ts')];
  const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`an instance did not start in ${START_TIMEOUT_MS / 1000} s:\n${output}`)), START_TIMEOUT_MS);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /running at (http:\/\/\S+?)\/?(?:\s|$)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve({ child, url: match[1] });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`an instance exited (code ${code}) before it started:\n${output}`));
    });
  });
}

async function stopOne(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
  await exited;
  clearTimeout(timer);
}

/**
 * Starts `count` instances one after the other (the first runs the migrations). `dataDirs`: one each (PGlite
 * takes only one, so `count` is 1 without a database URL); `env` joins what each gets.
 */
export async function startInstances(root: string, count: number, dataDirs: readonly string[], env: NodeJS.ProcessEnv, profileDir: string | null = null): Promise<Instances> {
  const started: Array<{ child: ChildProcess; url: string }> = [];
  const stop = async () => {
    await Promise.all(started.map(({ child }) => stopOne(child)));
  };
  try {
    for (let i = 0; i < count; i += 1) {
      const dataDir = dataDirs[i]!;
      mkdirSync(dataDir, { recursive: true });
      started.push(await startOne(root, { ...env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DIST_DIR: join(dataDir, 'dist'), LOG_LEVEL: 'warn' }, profileDir));
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { urls: started.map(({ url }) => url), pids: started.map(({ child }) => child.pid!), stop };
}
