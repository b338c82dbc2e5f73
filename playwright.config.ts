import { defineConfig } from '@playwright/test';
import { chromiumArgs, chromiumExecutable } from './tests/e2e/support/chromium.ts';

/**
 * Browser tests: the system Chromium (no downloaded browsers) against the real reference server serving
 * the built app on a throw-away data directory (tests/e2e/support/start-server.ts).
 */
const port = Number(process.env.E2E_PORT ?? 4780);
export const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    baseURL,
    locale: 'en-IN',
    timezoneId: 'Asia/Kolkata',
    trace: 'off',
    launchOptions: { executablePath: chromiumExecutable, args: chromiumArgs },
  },
  webServer: {
    command: `npx tsx tests/e2e/support/start-server.ts`,
    env: { E2E_PORT: String(port) },
    url: `${baseURL}/api/health/`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
  },
});
