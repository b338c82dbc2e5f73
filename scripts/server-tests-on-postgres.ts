// The server tests' PostgreSQL pass, which `npm test` runs beside the browser tests. The browser tests wait on the
// market's ticks, the server and the app's timers for a third of their time, leaving that share of CI's two
// cores idle for about fifteen minutes (docs/testing.md); run after them, this pass added five minutes more.
// It runs at a lower priority (nice 10), so it takes only what the browser tests leave: their timings stay
// theirs. It runs when TEST_DATABASE_URL names a PostgreSQL and the unit step ran on PGlite alone
// (TEST_BACKENDS=pglite, as .ci/run does); without TEST_BACKENDS the unit step already ran both databases.
// TEST_POSTGRES_NODE names another Node to run it on (.ci/run: Node 24, while npm test runs on Node 20).
import { spawn, spawnSync } from 'node:child_process';
import { setPriority } from 'node:os';
import { dirname, join } from 'node:path';
import { isEntryPoint, repoRoot } from '../server/paths.ts';

export type PostgresPass = { run: false; why: string } | { run: true; node: string };

/** Whether this step runs the server tests on PostgreSQL, and on which Node. */
export function postgresPass(env: Record<string, string | undefined>, currentNode: string): PostgresPass {
  if ((env.TEST_DATABASE_URL?.trim() ?? '') === '') return { run: false, why: 'no TEST_DATABASE_URL: the server tests ran on PGlite only' };
  if (env.TEST_BACKENDS?.trim() !== 'pglite') return { run: false, why: 'TEST_BACKENDS is not pglite: the unit step ran them on PostgreSQL already' };
  const node = env.TEST_POSTGRES_NODE?.trim();
  return { run: true, node: node === undefined || node === '' ? currentNode : node };
}

if (isEntryPoint(import.meta.url)) {
  const pass = postgresPass(process.env, process.execPath);
  if (!pass.run) {
    console.log(`Server tests on PostgreSQL: skipped (${pass.why}).`);
  } else {
    const version = spawnSync(pass.node, ['--version'], { encoding: 'utf8' }).stdout.trim();
    console.log(`Server tests on Node ${version}, PostgreSQL, at a lower priority beside the browser tests`);
    // Children inherit the priority: vitest's workers run at it too.
    setPriority(10);
    // Beside the browser tests, at this priority, the pass gets about a quarter of the two cores: a test takes up
    // to three times as long as alone. The time-outs catch a hang, not slowness (the server project's are 30 s
    // and 60 s): three times theirs. A test's own longer time-out still holds.
    const slower = ['--testTimeout=90000', '--hookTimeout=180000'];
    const child = spawn(pass.node, [join(repoRoot, 'node_modules/vitest/vitest.mjs'), 'run', '--project', 'server', ...slower], {
      stdio: 'inherit',
      // The workers' tsx and any `node` they start are the same Node.
      env: { ...process.env, TEST_BACKENDS: 'postgres', PATH: `${dirname(pass.node)}:${process.env.PATH ?? ''}` },
    });
    const forward = (signal: NodeJS.Signals) => child.kill(signal);
    process.on('SIGINT', forward).on('SIGTERM', forward);
    child.on('close', (code, signal) => {
      if (signal !== null) console.error(`Server tests on PostgreSQL: stopped by ${signal}`);
      process.exit(code ?? 1);
    });
  }
}
