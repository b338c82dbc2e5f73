import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createInterface } from 'node:readline';
import { dhanServer } from './dhan';
import { norenURLs } from './noren';

/**
 * A reference server on a clock the spec sets (clocked-server.ts), in exchange-hours mode (or demo mode, asked).
 * With `dhanPort` or `shoonyaPort`, the broker's test server on the same clock is the one this worker's Dhan or
 * Shoonya helpers call until `stop`, which gives them back the shared suite's (a later spec in the same worker
 * would otherwise call a stopped server).
 */
export type ClockedServer = { url: string; setClock: (instant: Date) => Promise<void>; now: () => Date; stop: () => Promise<void> };

export async function startClockedServer(startAt: Date, { demo = false, shoonyaPort, dhanPort }: { demo?: boolean; shoonyaPort?: number; dhanPort?: number } = {}): Promise<ClockedServer> {
  const child: ChildProcessWithoutNullStreams = spawn(process.execPath, ['--import', 'tsx', 'tests/e2e/support/clocked-server.ts'], {
    env: {
      ...process.env,
      CLOCK_START: startAt.toISOString(),
      LOG_LEVEL: 'warn',
      CLOCKED_DEMO: demo ? 'on' : 'off',
      ...(shoonyaPort === undefined ? {} : { CLOCKED_SHOONYA_PORT: String(shoonyaPort) }),
      ...(dhanPort === undefined ? {} : { CLOCKED_DHAN_PORT: String(dhanPort) }),
    },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const lines = createInterface({ input: child.stdout });
  const waiters: Array<{ prefix: string; resolve: (rest: string) => void }> = [];
  lines.on('line', (line) => {
    const index = waiters.findIndex((waiter) => line.startsWith(`${waiter.prefix} `));
    if (index >= 0) waiters.splice(index, 1)[0]!.resolve(line.slice(line.indexOf(' ') + 1));
  });
  const next = (prefix: string) => new Promise<string>((resolve) => waiters.push({ prefix, resolve }));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const [url = '', listeningAt] = (
    await Promise.race([
      next('listening'),
      exited.then(() => {
        throw new Error('the clocked server stopped before listening');
      }),
    ])
  ).split(' ');
  const shared = { dhan: dhanServer.url, shoonya: norenURLs.shoonya };
  if (dhanPort !== undefined) dhanServer.url = `http://127.0.0.1:${dhanPort}`;
  if (shoonyaPort !== undefined) norenURLs.shoonya = `http://127.0.0.1:${shoonyaPort}`;
  // The server's clock runs on at the real pace from the instant it was last set to, as it says (its start took
  // time on its clock: counted from `startAt` here, `now` lagged the server's by the start, up to a minute).
  let offsetMs = Date.parse(listeningAt ?? startAt.toISOString()) - Date.now();
  return {
    url,
    async setClock(instant) {
      const answered = next('clock');
      child.stdin.write(`at ${instant.toISOString()}\n`);
      offsetMs = Date.parse(await answered) - Date.now();
    },
    now: () => new Date(Date.now() + offsetMs),
    async stop() {
      dhanServer.url = shared.dhan;
      norenURLs.shoonya = shared.shoonya;
      child.kill('SIGTERM');
      await exited;
    },
  };
}
