import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../../server/main.ts';
import { repoRoot } from '../../server/paths.ts';
import { killOwned, spawnOwned } from './support/child-processes.ts';
import { createDistFixture, type DistFixture } from './support/dist-fixture.ts';
import { seedPgliteDataDir } from './support/test-database.ts';

let fixture: DistFixture;
/** A DATA_DIR that has been started in before, for the process tests (a restart, as on a real machine). */
let startedDataDir: Promise<string> | undefined;

beforeAll(async () => {
  fixture = await createDistFixture();
});

/**
 * The first test's DATA_DIR, once its server has stopped: initdb, migrations and the demo account are
 * done, so the process tests skip them. Run on its own (-t), a process test seeds a cluster instead.
 */
function dataDirStartedBefore(): Promise<string> {
  startedDataDir ??= seedPgliteDataDir(fixture.dataDir).then(() => fixture.dataDir);
  return startedDataDir;
}

// A process test that times out never reaches its own stop: its server is killed here (and, should this
// process die first, by itself: support/child-processes.ts).
afterEach(killOwned);

afterAll(async () => {
  await fixture.cleanup();
});

describe('startServer (what server/main.ts runs)', () => {
  it('listens on a real port, creates DATA_DIR and its database, and answers over HTTP', async () => {
    const lines: string[] = [];
    const dataDir = join(fixture.root, 'fresh', 'data');
    const server = await startServer({
      env: { PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DIST_DIR: fixture.distDir, LOG_LEVEL: 'silent' },
      handleSignals: false,
      prepareBookTemplates: false,
      print: (line) => lines.push(line),
    });
    try {
      expect(lines).toEqual([`StrikeDesk is running at ${server.url}`, 'Demo account: demo@strikedesk.in / StrikeDesk@2026']);
      expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
      expect(server.url).not.toBe('http://127.0.0.1:0/');
      expect(existsSync(join(dataDir, 'pg', 'PG_VERSION'))).toBe(true);

      const health = await fetch(new URL('/api/health/', server.url));
      expect(health.status).toBe(200);
      expect(health.headers.get('cache-control')).toBe('no-store');
      expect(await health.json()).toEqual({ status: 'ok' });

      // The demo account works from the first start, with the password npm start prints.
      const login = await fetch(new URL('/api/authenticate/login/', server.url), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'demo@strikedesk.in', password: 'StrikeDesk@2026' }),
      });
      expect(login.status).toBe(200);
      expect(await login.json()).toMatchObject({ user: { email: 'demo@strikedesk.in', name: 'Demo Trader' } });

      const page = await fetch(new URL('/app/order_book', server.url));
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('fixture-shell');
    } finally {
      await server.close();
    }
    startedDataDir ??= Promise.resolve(dataDir);
  });
});

describe('startServer and the network settings', () => {
  it('gives the server the time-outs, trusted proxies and public origin from the environment', async () => {
    const server = await startServer({
      env: {
        PORT: '0',
        DATA_DIR: fixture.dataDir,
        DIST_DIR: fixture.distDir,
        LOG_LEVEL: 'silent',
        REQUEST_TIMEOUT_MS: '12000',
        IDLE_TIMEOUT_MS: '64000',
        KEEP_ALIVE_TIMEOUT_MS: '65000',
        TRUST_PROXY: '127.0.0.1',
        PUBLIC_ORIGIN: 'https://trade.example.in',
      },
      handleSignals: false,
      prepareBookTemplates: false,
      print: () => undefined,
    });
    try {
      expect(server.app.server.requestTimeout).toBe(12_000);
      expect(server.app.server.timeout).toBe(64_000);
      expect(server.app.server.keepAliveTimeout).toBe(65_000);
      const viaProxy = await fetch(new URL('/api/health/', server.url), { headers: { 'x-forwarded-proto': 'https' } });
      expect(viaProxy.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
      const direct = await fetch(new URL('/api/health/', server.url));
      expect(direct.headers.get('strict-transport-security')).toBeNull();
    } finally {
      await server.close();
    }
  });
});

type Run = { code: number | null; stdout: string; stderr: string };

/** Runs server/main.ts as `npx tsx server/main.ts` would, optionally stopping it once it is up. */
function runMain(env: Record<string, string>, stopWith?: NodeJS.Signals): Promise<Run & { healthStatus?: number }> {
  return new Promise((resolvePromise, reject) => {
    // One process, tsx as a loader: the tsx command runs the script in a child of its own and relays signals
    // to it, and under a busy CI machine that relay lost the SIGINT's "stopping" line.
    const child = spawnOwned(['--import', 'tsx', 'server/main.ts'], {
      cwd: repoRoot,
      env: { ...process.env, LOG_LEVEL: 'silent', DATABASE_URL: '', ...env },
    });
    let stdout = '';
    let stderr = '';
    let healthStatus: number | undefined;
    child.stdout!.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const url = /running at (http:\/\/\S+)/.exec(stdout)?.[1];
      if (url !== undefined && stopWith !== undefined && healthStatus === undefined) {
        healthStatus = 0;
        fetch(new URL('/api/health/', url))
          .then((res) => (healthStatus = res.status))
          .finally(() => child.kill(stopWith));
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolvePromise({ code, stdout, stderr, healthStatus }));
  });
}

describe('server/main.ts as a process', () => {
  it('exits with code 1 and a clear message on a bad PORT', async () => {
    const run = await runMain({ PORT: 'eighty' });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('PORT must be a whole number from 0 to 65535, got "eighty"');
  });

  it.each(['SIGTERM', 'SIGINT'] as const)('stops cleanly on %s', async (signal) => {
    const run = await runMain({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: await dataDirStartedBefore(), DIST_DIR: fixture.distDir }, signal);
    expect(run.healthStatus).toBe(200);
    expect(run.stdout).toContain(`Received ${signal}: stopping StrikeDesk`);
    expect(run.code).toBe(0);
  });
});
