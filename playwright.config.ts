import { defineConfig } from '@playwright/test';
import { chromiumArgs, chromiumExecutable } from './tests/e2e/support/chromium.ts';

/**
 * Browser tests: the system Chromium (no downloaded browsers) against the real reference server serving
 * the built app on a throw-away data directory (tests/e2e/support/start-server.ts).
 */
const port = Number(process.env.E2E_PORT ?? 4780);
// The Kite-compatible test server beside it (tests/e2e/support/kite.ts reads the same variable).
const kitePort = Number(process.env.E2E_KITE_PORT ?? port + 1);
// The Upstox test server beside them (tests/e2e/support/upstox.ts reads the same variable and default).
const upstoxPort = Number(process.env.E2E_UPSTOX_PORT ?? port + 2);
// The Dhan test server beside them (tests/e2e/support/dhan.ts reads the same variable and default).
const dhanPort = Number(process.env.E2E_DHAN_PORT ?? port + 3);
// The Noren test server in Shoonya's configuration beside them (tests/e2e/support/shoonya.ts reads the same variable and default).
const shoonyaPort = Number(process.env.E2E_SHOONYA_PORT ?? port + 4);
// And in Flattrade's configuration (tests/e2e/support/noren.ts reads the same variable and default).
const flattradePort = Number(process.env.E2E_FLATTRADE_PORT ?? port + 5);
export const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  timeout: 60_000,
  // A screen's first load (its chunks parsed and run, the first reads answered) took over 10 s a few times a
  // run with four browsers on two cores (28 November: the chain, the accounts, a heading; each passed on its
  // retry). The waits are for what a trader would see; how fast it comes is the benchmarks' to say.
  expect: { timeout: 15_000 },
  fullyParallel: false,
  // The tests wait on the market's ticks, the server and the app's timers about half their time: two workers
  // kept CI's two cores 45 % busy (about 950 s of CPU in a 17.5 min run, docs/testing.md). Four keep them busy.
  workers: 4,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    baseURL,
    locale: 'en-IN',
    timezoneId: 'Asia/Kolkata',
    trace: 'off',
    // No service worker unless a spec is about what it does (offline, the precache, push; those say
    // test.use({ serviceWorkers: 'allow' })). Registered in every fresh context, it precached the whole build
    // (317 files) behind each test and stood between the page and every request: about a fifth of the CPU of
    // three specs run alternately with and without it (docs/testing.md).
    serviceWorkers: 'block',
    launchOptions: { executablePath: chromiumExecutable, args: chromiumArgs },
  },
  webServer: {
    // One process (no npx or tsx wrapper relaying signals), stopped with SIGTERM rather than Playwright's
    // default SIGKILL: the server closes its database and start-server.ts removes its throw-away
    // DATA_DIR on exit (40 MB per run otherwise left in the temporary folder). Its own grace is 10 s.
    command: `node --import tsx tests/e2e/support/start-server.ts`,
    env: { E2E_PORT: String(port), E2E_KITE_PORT: String(kitePort), E2E_UPSTOX_PORT: String(upstoxPort), E2E_DHAN_PORT: String(dhanPort), E2E_SHOONYA_PORT: String(shoonyaPort), E2E_FLATTRADE_PORT: String(flattradePort) },
    url: `${baseURL}/api/health/`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
  },
});
