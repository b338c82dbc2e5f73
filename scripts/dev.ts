// `npm run dev`: the API server next to the Vite dev server, which proxies /api, /analytics and
// /config.json to it (vite.config.ts). Output is prefixed per process; when either stops, or on Ctrl-C,
// both are stopped. `npm run dev -- --watch-server` re-runs the API server when server code changes
// (then a crashed API server waits for the next save instead of stopping Vite).
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { ConfigError, loadConfig } from '../server/config.ts';
import { repoRoot } from '../server/paths.ts';

type Child = { name: string; process: ChildProcess };

/** How long children get to exit after SIGTERM before they are killed outright. */
const stopGraceMs = 5000;
const useColour = process.stdout.isTTY === true && process.env.NO_COLOR === undefined;

/** The script a package's bin entry points at, run with this Node (no npx shims, so signals reach it). */
function binPath(pkg: string, bin: string): string {
  // Our own node_modules, read at start-up: a cast is enough for a file npm wrote.
  const manifest = JSON.parse(readFileSync(join(repoRoot, 'node_modules', pkg, 'package.json'), 'utf8')) as {
    bin?: string | Record<string, string>;
  };
  const entry = typeof manifest.bin === 'string' ? manifest.bin : manifest.bin?.[bin];
  if (entry === undefined) throw new Error(`Cannot find the ${bin} command of ${pkg}; is node_modules installed?`);
  return join(repoRoot, 'node_modules', pkg, entry);
}

function prefixLines(stream: NodeJS.ReadableStream | null, prefix: string, out: NodeJS.WriteStream): void {
  if (stream === null) return;
  createInterface({ input: stream, crlfDelay: Infinity }).on('line', (line) => out.write(`${prefix} ${line}\n`));
}

function start(name: string, colour: number, args: string[], env: NodeJS.ProcessEnv): Child {
  const child = spawn(process.execPath, args, {
    cwd: repoRoot,
    env: { ...process.env, ...env, ...(useColour ? { FORCE_COLOR: '1' } : {}) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const prefix = useColour ? `\u001b[${colour}m[${name}]\u001b[0m` : `[${name}]`;
  prefixLines(child.stdout, prefix, process.stdout);
  prefixLines(child.stderr, prefix, process.stderr);
  return { name, process: child };
}

function main(): void {
  let config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    console.error(error instanceof ConfigError ? `npm run dev: ${error.message}` : error);
    process.exit(1);
  }
  if (config.port === 0) {
    console.error('npm run dev: PORT=0 cannot work here, the Vite proxy needs a fixed API port.');
    process.exit(1);
  }
  const apiHost = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  const apiUrl = process.env.DEV_API_URL ?? `http://${apiHost.includes(':') ? `[${apiHost}]` : apiHost}:${config.port}`;
  console.log(`Starting the API server on port ${config.port} and the Vite dev server (proxying to ${apiUrl})…`);

  const watch = process.argv.includes('--watch-server') ? ['watch', '--clear-screen=false'] : [];
  const children = [
    start('api', 36, [binPath('tsx', 'tsx'), ...watch, 'server/main.ts'], {}),
    start('vite', 35, [binPath('vite', 'vite')], { DEV_API_URL: apiUrl }),
  ];

  let exitCode: number | null = null;
  const running = new Set(children);

  const stopAll = (code: number) => {
    exitCode ??= code;
    for (const child of running) child.process.kill('SIGTERM');
    setTimeout(() => {
      for (const child of running) child.process.kill('SIGKILL');
      process.exit(exitCode ?? 1);
    }, stopGraceMs).unref();
  };

  for (const child of children) {
    child.process.on('error', (error) => {
      console.error(`[${child.name}] could not start:`, error.message);
      running.delete(child);
      stopAll(1);
    });
    child.process.on('exit', (code, signal) => {
      running.delete(child);
      if (exitCode === null) {
        console.log(`[${child.name}] stopped (${signal ?? `exit code ${code ?? '?'}`}); stopping the others.`);
        stopAll(code ?? 1);
      }
      if (running.size === 0) process.exit(exitCode ?? 0);
    });
  }

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (exitCode !== null) return;
      console.log(`\nStopping the API server and Vite…`);
      stopAll(0);
    });
  }
}

main();
