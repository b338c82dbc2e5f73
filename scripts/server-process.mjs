// The environment the server's process runs with under `npm start` (issue 61: ≤ 1 GB with 8 replays, 2 backtests
// and 4 imports). glibc's malloc gives each thread that allocates an arena of its own (up to eight a core), and an
// arena keeps what its thread freed for that thread: every book, backtest and import thread that unpacked a
// template or parsed a file kept tens of MB it no longer used (a book thread 170 MB, 93 MB with two arenas:
// docs/benchmarks.md, "Book memory, session 68"). glibc reads MALLOC_ARENA_MAX once, as the process starts, so
// `npm start` runs the server in a child process that has it, unless it is set already (a service's unit file, a
// shell). Plain JavaScript, as scripts/start.mjs.
import { spawn } from 'node:child_process';
import { constants } from 'node:os';

/** What the server's process needs in its environment from its start. */
export const serverEnvironment = { MALLOC_ARENA_MAX: '2' };

/** Whether this process lacks some of it (only glibc's malloc reads it: Linux). */
export function needsServerEnvironment(env = process.env, platform = process.platform) {
  return platform === 'linux' && Object.keys(serverEnvironment).some((name) => env[name] === undefined);
}

/**
 * Runs this script again in a child process with the server's environment, and ends this one as the child ends
 * (its exit code, or 128 + its signal's number). The child has a process group of its own, so a terminal's Ctrl-C
 * or a group's SIGTERM reaches it once, passed on from here (the server takes a second signal as "exit now");
 * should this process die without passing it on, the child stops as its channel to this one closes.
 */
export function runWithServerEnvironment() {
  const child = spawn(process.execPath, [...process.execArgv, ...process.argv.slice(1)], {
    env: { ...process.env, ...serverEnvironment },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    detached: true,
  });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
  return new Promise((_, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) => process.exit(code ?? 128 + (signal === null ? 1 : constants.signals[signal])));
  });
}

/** In the child: stops the server (as SIGTERM does) when the parent that started it is gone. */
export function stopWithParent() {
  if (process.channel === undefined) return;
  process.once('disconnect', () => process.kill(process.pid, 'SIGTERM'));
  // The channel keeps no process alive: the server's own handles do.
  process.channel.unref();
}
