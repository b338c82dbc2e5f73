/**
 * Where a browser-test server keeps its data: by default PGlite in its throw-away DATA_DIR, as `npm start` runs;
 * with E2E_DATABASE_URL (a PostgreSQL cluster, as `.ci/run` gives), a database of its own there, created at start
 * and dropped when the process exits.
 *
 * Why CI takes the second: the browser suite is CPU-bound on two cores, and its servers' PGlite (PostgreSQL in
 * WebAssembly, in the server's own process) was about half of their CPU (docs/testing.md, CI time). The server
 * tests run on both databases; the browser tests check what the trader sees, which the database does not change.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { repoRoot } from '../../../server/paths.ts';
import { createClusterDatabase } from '../../server/support/cluster-database.ts';

/** The server's DATABASE_URL for a browser-test server: none (PGlite in its DATA_DIR) without E2E_DATABASE_URL. */
export async function throwawayDatabaseEnv(kind: string): Promise<{ DATABASE_URL?: string }> {
  const clusterUrl = process.env.E2E_DATABASE_URL?.trim() ?? '';
  if (clusterUrl === '') return {};
  const name = `strikedesk_e2e_${kind}_${process.pid}_${randomBytes(3).toString('hex')}`;
  const url = await createClusterDatabase(clusterUrl, name);
  // An exit handler cannot wait for a promise: the drop runs in a short child process the exit waits for.
  // FORCE ends the server's pooled connections, which may still be open when it exits.
  process.on('exit', () => {
    const drop = `const c = new (require('pg').Client)({ connectionString: process.argv[1] });
      c.connect().then(() => c.query('DROP DATABASE IF EXISTS ${name} WITH (FORCE)')).finally(() => c.end());`;
    execFileSync(process.execPath, ['-e', drop, clusterUrl], { cwd: repoRoot, stdio: 'inherit' });
  });
  return { DATABASE_URL: url };
}
