// `npm start` as a new user runs it, on whichever Node is first on PATH (.ci/run runs it on Node 20 and
// on Node 24 LTS): it must start on a fresh DATA_DIR, answer the health check, sign in the demo account
// it prints, serve the app shell, and stop on SIGTERM. With --expect-no-build it must also not rebuild
// (npm test's build counts). Not a Vitest test: it drives the real command, process group and all.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const startTimeoutMs = 180_000;
const stopTimeoutMs = 20_000;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address !== null ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

function check(condition: boolean, message: string): void {
  if (!condition) throw new Error(message);
}

async function answers(base: string, output: () => string): Promise<void> {
  const health = await fetch(new URL('/api/health/', base));
  check(health.status === 200, `health answered ${health.status}`);
  const login = await fetch(new URL('/api/authenticate/login/', base), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'demo@strikedesk.in', password: 'StrikeDesk@2026' }),
  });
  check(login.status === 200, `the demo sign-in answered ${login.status}`);
  check(output().includes('Demo account: demo@strikedesk.in / StrikeDesk@2026'), 'npm start did not print the demo account');
  const shell = await fetch(new URL('/app/order_book', base));
  check(shell.status === 200 && (await shell.text()).includes('<div id="root">'), 'the app shell is not served');
}

async function main(): Promise<void> {
  const expectNoBuild = process.argv.includes('--expect-no-build');
  const dataRoot = mkdtempSync(join(tmpdir(), 'strikedesk-smoke-'));
  const port = await freePort();
  // Its own process group, so SIGTERM reaches npm, tsx and the server together, as Ctrl-C would.
  const child = spawn('npm', ['start'], {
    detached: true,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: join(dataRoot, 'data'), DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  // 'close', not 'exit': npm may be gone while the server it started still stops; the pipes close when
  // every process of the group holding them has exited.
  const closed = new Promise<void>((resolve) => child.on('close', () => resolve()));
  try {
    const started = Date.now();
    while (!/is running at (http:\/\/\S+)/.test(output)) {
      check(child.exitCode === null, `npm start exited early:\n${output}`);
      check(Date.now() - started < startTimeoutMs, `npm start did not start within ${startTimeoutMs / 1000} s:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const base = /is running at (http:\/\/\S+)/.exec(output)?.[1] ?? '';
    check(!expectNoBuild || output.includes('The PWA build in dist/ is up to date.'), `npm start rebuilt:\n${output}`);
    await answers(base, () => output);
    console.log(`npm start on Node ${process.version}: started in ${((Date.now() - started) / 1000).toFixed(1)} s, answered`);
  } finally {
    if (child.pid !== undefined && child.exitCode === null) process.kill(-child.pid, 'SIGTERM');
    const timer = setTimeout(() => child.pid !== undefined && process.kill(-child.pid, 'SIGKILL'), stopTimeoutMs);
    await closed;
    clearTimeout(timer);
    rmSync(dataRoot, { recursive: true, force: true });
  }
  check(output.includes('Received SIGTERM: stopping StrikeDesk'), `the server did not stop on SIGTERM:\n${output}`);
  console.log('stopped on SIGTERM');
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
