/**
 * Starts the reference server for the browser tests on 127.0.0.1 with a fresh, throw-away DATA_DIR that is
 * removed when Playwright stops the server: it sends SIGTERM (playwright.config.ts, gracefulShutdown), the
 * server's handler closes it and exits, and the exit handler below removes the folder. A SIGKILL would
 * skip all of that; .ci/run checks that no folder is left.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const dataDir = mkdtempSync(join(tmpdir(), 'strikedesk-e2e-'));
const port = process.env.E2E_PORT ?? '4780';

const { startServer, exitWithStartupError } = await import('../../../server/main.ts');
// The server's own signal handlers close it and exit; the data directory goes with the process.
process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
startServer({ env: { ...process.env, DATA_DIR: dataDir, PORT: port, HOST: '127.0.0.1' } }).catch(exitWithStartupError);
