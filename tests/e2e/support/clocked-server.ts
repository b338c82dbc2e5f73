/**
 * A reference server of its own for the browser tests that need the exchange's hours and a given time of day
 * (after-market orders, the 15:25 MIS cut-off): the simulated market in exchange-hours mode (MARKET_DEMO=off)
 * on a clock the spec sets, on a free port, with a throw-away DATA_DIR removed on exit (and a throw-away database
 * with E2E_DATABASE_URL: throwaway-database.ts). The shared e2e server
 * keeps the demo market and the real clock for every other spec.
 *
 * It prints "listening <url> <ISO instant>" once up, the instant its clock then reads (it has run on from CLOCK_START
 * through the start, which may take most of a minute). Each line "at <ISO instant>" on its stdin moves its clock there (it
 * runs on from that instant at the real pace) and is answered "clock <ISO instant>". CLOCKED_SHOONYA_PORT and
 * CLOCKED_DHAN_PORT start a broker's test server on the same clock, for a live account's hours. The Noren feed's
 * watchdog runs on this clock too (`clockedScheduler`): moved past its stale limit, the feed is stale at once.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

const dataDir = mkdtempSync(join(tmpdir(), 'strikedesk-e2e-clocked-'));
process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));

let offsetMs = 0;
const clock = () => new Date(Date.now() + offsetMs);
const start = process.env.CLOCK_START;
if (start !== undefined) offsetMs = Date.parse(start) - Date.now();

type Timer = { due: number; callback: () => void; real: ReturnType<typeof setTimeout> | undefined };

/**
 * Timers on the server's clock: each is due at the clock's instant plus its delay, fires at the real pace as the
 * clock runs on, and at once when the clock is moved past it (`caughtUp`, after "at"). The Noren feed's watchdog on
 * it goes stale when a spec moves the clock past its limit, with no real time waited (noren-paper-amo-held.spec.ts).
 */
function clockedScheduler(now: () => Date) {
  const timers = new Set<Timer>();
  const fire = (timer: Timer) => {
    if (!timers.delete(timer)) return;
    clearTimeout(timer.real);
    timer.callback();
  };
  return {
    setTimeout(callback: () => void, ms: number): unknown {
      const timer: Timer = { due: now().getTime() + ms, callback, real: undefined };
      timer.real = setTimeout(() => fire(timer), ms);
      timers.add(timer);
      return timer;
    },
    clearTimeout(handle: unknown): void {
      const timer = handle as Timer;
      if (timers.delete(timer)) clearTimeout(timer.real);
    },
    /** Fires, earliest first, every timer the clock has just been moved past. */
    caughtUp(): void {
      const at = now().getTime();
      for (const timer of [...timers].sort((a, b) => a.due - b.due)) if (timer.due <= at) fire(timer);
    },
  };
}
const feedScheduler = clockedScheduler(clock);

const { startServer, exitWithStartupError } = await import('../../../server/main.ts');
const { testScryptCost } = await import('../../server/support/test-scrypt-cost.ts');
const { throwawayDatabaseEnv } = await import('./throwaway-database.ts');
try {
  const databaseEnv = await throwawayDatabaseEnv('clocked');
  // CLOCKED_SHOONYA_PORT: a Noren test server in Shoonya's configuration on the same clock, for a live account's hours.
  const shoonyaPort = process.env.CLOCKED_SHOONYA_PORT;
  const { startNorenServer } = await import('../../noren-server/noren-server.ts');
  const shoonya = shoonyaPort === undefined ? null : await startNorenServer({ flavor: 'shoonya', port: Number(shoonyaPort), clock });
  const shoonyaEnv = shoonya === null ? {} : { SHOONYA_API_ROOT: shoonya.apiRoot, SHOONYA_SCRIP_MASTER_URL: shoonya.scripMasterUrl };
  // CLOCKED_DHAN_PORT: a Dhan test server on the same clock (its feed pinging every second, as the shared suite's).
  const dhanPort = process.env.CLOCKED_DHAN_PORT;
  const { startDhanServer } = await import('../../dhan-server/dhan-server.ts');
  const dhan = dhanPort === undefined ? null : await startDhanServer({ port: Number(dhanPort), clock, heartbeatMs: 1000 });
  const dhanEnv = dhan === null ? {} : { DHAN_API_ROOT: dhan.apiRoot, DHAN_SCRIP_MASTER_URL: dhan.scripMasterUrl };
  const running = await startServer({
    // CLOCKED_DEMO=on: the demo market (open at any hour) on the spec's clock, for the specs about a demo evening.
    env: { ...process.env, ...shoonyaEnv, ...dhanEnv, DATA_DIR: dataDir, ...databaseEnv, PORT: '0', HOST: '127.0.0.1', TRUST_PROXY: 'loopback', MARKET_DEMO: process.env.CLOCKED_DEMO === 'on' ? 'on' : 'off' },
    clock,
    norenFeed: { scheduler: feedScheduler },
    scryptCost: testScryptCost,
    print: (line) => {
      const url = /running at (\S+)/.exec(line)?.[1];
      if (url !== undefined) console.log(`listening ${url} ${clock().toISOString()}`);
    },
  });
  void running;
} catch (error) {
  exitWithStartupError(error);
}

createInterface({ input: process.stdin }).on('line', (line) => {
  const instant = /^at (\S+)$/.exec(line.trim())?.[1];
  if (instant === undefined || Number.isNaN(Date.parse(instant))) return;
  offsetMs = Date.parse(instant) - Date.now();
  // Before answering: a spec that moved the clock past a feed's stale limit reads the feed stale on its next step.
  feedScheduler.caughtUp();
  console.log(`clock ${clock().toISOString()}`);
});
