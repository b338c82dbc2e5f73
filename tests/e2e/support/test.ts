/**
 * Playwright's test, with every browser context on the server's clock. The shared e2e server runs on a clock
 * pinned to 11:00 IST of the latest trading day (start-server.ts), so the suite meets the same market
 * whenever it runs; each browser reads the same time, as a trader's device does on the real clock (prices'
 * ages, a broker session's end, the day's expiries). The time then flows at the real pace.
 */
import { appendFileSync, readdirSync, readFileSync } from 'node:fs';
import { chromium, test as base, type BrowserContext } from '@playwright/test';
import { chromiumArgs, fullChromiumExecutable } from './chromium';
import { kiteURL } from './kite';

export * from '@playwright/test';

/** The server's "now" (the Kite test server beside it shares its clock). */
export async function serverNow(): Promise<Date> {
  const response = await fetch(`${kiteURL}/__control/now`);
  if (!response.ok) throw new Error(`/__control/now answered ${response.status}`);
  return new Date(((await response.json()) as { result: string }).result);
}

/** Puts a context the test made itself on the server's clock (the `context` fixture is already on it). */
export async function onServerClock(context: BrowserContext): Promise<void> {
  await context.clock.install({ time: await serverNow() });
}

/** CPU seconds (own and reaped children's) of this worker and of every process under it (its browsers, servers). */
function workerTreeCpu(): { worker: number; below: number } {
  const parentOf = new Map<number, number>();
  const cpuOf = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parentOf.set(Number(entry), Number(fields[1]));
      cpuOf.set(Number(entry), (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) / 100);
    } catch {
      // gone meanwhile
    }
  }
  const isBelow = (pid: number): boolean => {
    for (let parent = parentOf.get(pid); parent !== undefined && parent > 1; parent = parentOf.get(parent)) {
      if (parent === process.pid) return true;
    }
    return false;
  };
  let below = 0;
  for (const [pid, cpu] of cpuOf) if (isBelow(pid)) below += cpu;
  return { worker: cpuOf.get(process.pid) ?? 0, below };
}

export const test = base.extend<{ cpuLog: void }>({
  cpuLog: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern: it has none
    async ({}, use, testInfo) => {
      const log = process.env.E2E_CPU_LOG;
      if (!log) return use();
      const before = workerTreeCpu();
      const started = Date.now();
      await use();
      const after = workerTreeCpu();
      appendFileSync(
        log,
        JSON.stringify({
          test: `${testInfo.file.split('/').pop()} › ${testInfo.titlePath.slice(1).join(' › ')}`,
          wall: (Date.now() - started) / 1000,
          worker: after.worker - before.worker,
          below: after.below - before.below,
        }) + '\n',
      );
    },
    { auto: true },
  ],
  context: async ({ context }, use) => {
    await onServerClock(context);
    await use(context);
  },
});

/**
 * The same test, whose `page` is in the full browser rather than the headless shell the suite runs on
 * (support/chromium.ts): the headless shell shows no notification. A test-scoped fixture, so the test keeps its
 * place among the others instead of waiting for a worker of its own at the end of the run.
 */
export const fullBrowserTest = test.extend({
  page: async ({ baseURL, locale, timezoneId }, use) => {
    const browser = await chromium.launch({ executablePath: fullChromiumExecutable, args: chromiumArgs });
    try {
      // Its reason to be is what the app's service worker shows: allowed here though the suite blocks it.
      const context = await browser.newContext({ baseURL, locale, timezoneId, serviceWorkers: 'allow' });
      await onServerClock(context);
      await use(await context.newPage());
    } finally {
      await browser.close();
    }
  },
});
