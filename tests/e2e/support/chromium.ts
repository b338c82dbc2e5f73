import { existsSync } from 'node:fs';

/**
 * How the browser tests start the system Chromium: never a downloaded browser, and no calls home.
 *
 * Debian's headless shell of the same Chromium (package chromium-headless-shell, the kind of build Playwright
 * itself runs headless tests on) when it is installed: the same Blink, V8, service workers, IndexedDB and push,
 * without the full browser's user interface, and about a third less CPU for the same specs (the suite's
 * time on two cores is CPU: docs/testing.md). E2E_CHROME_PATH names another; without either, the full browser
 * (CHROME_PATH, which the benchmarks and the bundle budget use, as a trader runs it).
 */
const debianHeadlessShell = '/usr/lib/chromium/chromium-headless-shell';

/** The full browser, for what the headless shell lacks: it shows no notification. */
export const fullChromiumExecutable = process.env.CHROME_PATH ?? '/usr/bin/chromium';

export const chromiumExecutable = process.env.E2E_CHROME_PATH ?? (existsSync(debianHeadlessShell) ? debianHeadlessShell : fullChromiumExecutable);

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
