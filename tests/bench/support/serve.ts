/**
 * Starts the real reference server (`server/main.ts`, as `npm start` runs it, build step aside) on
 * 127.0.0.1 with a throw-away data folder, serving `distDir`; bounded start, and a stop that always ends it.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildPwa, buildReason } from '../../../scripts/build-pwa.ts';
import { repoRoot } from '../../../server/paths.ts';

export type Served = { url: string; stop: () => Promise<void>; /** The server's process (its CPU time in /proc). */ pid: number | undefined };

const START_TIMEOUT_MS = 300_000;
const STOP_GRACE_MS = 10_000;

/**
 * `port` 0: any free port; a fixed one where the machine's ports are shared out among developers. `prepare` writes
 * into the server's data folder before it starts (a recorded day, say). `command`: Node's arguments (the server's
 * TypeScript through tsx by default; restart-health.bench.ts gives `npm start`'s scripts/start.mjs).
 */
export async function serve(root: string, distDir: string, port = 0, prepare?: (dataDir: string) => Promise<void>, command = ['--import', 'tsx', join(root, 'server/main.ts')]): Promise<Served> {
  const dataDir = mkdtempSync(join(tmpdir(), 'strikedesk-bench-'));
  if (prepare !== undefined) {
    try {
      await prepare(dataDir);
    } catch (error) {
      rmSync(dataDir, { recursive: true, force: true });
      throw error;
    }
  }
  const child = spawn(process.execPath, command, {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DIST_DIR: distDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the server did not start in ${START_TIMEOUT_MS / 1000} s`)), START_TIMEOUT_MS);
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        const match = /running at (http:\/\/\S+?)\/?(?:\s|$)/.exec(output);
        if (match?.[1]) {
          clearTimeout(timer);
          resolve(match[1]);
        }
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', onData);
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`the server exited (code ${code}) before it started:\n${output}`));
      });
    });
    return { url, stop, pid: child.pid };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Builds the app when its sources changed since the last build (as `npm start` does). */
export async function buildIfChanged(): Promise<void> {
  const reason = buildReason(repoRoot);
  if (reason === null) return;
  console.log(`Building StrikeDesk: ${reason}…`);
  if (!(await buildPwa(repoRoot))) throw new Error('the build failed');
}

/** The app as built now, served by the real server. */
export async function serveBuiltApp(): Promise<Served> {
  await buildIfChanged();
  return serve(repoRoot, join(repoRoot, 'dist'));
}
