// A database of its own on a PostgreSQL cluster, for a test worker (test-database.ts) or a browser-test server
// (tests/e2e/support/throwaway-database.ts).
import pg from 'pg';

/**
 * Creates database `name` on the cluster `clusterUrl` reaches and returns its URL. With `reuse`, one left by a
 * previous run is taken as it is (42P04: it exists); otherwise that is an error.
 */
export async function createClusterDatabase(clusterUrl: string, name: string, { reuse = false } = {}): Promise<string> {
  const client = new pg.Client({ connectionString: clusterUrl });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } catch (error) {
    if (!reuse || (error as { code?: string }).code !== '42P04') throw error;
  } finally {
    await client.end();
  }
  const url = new URL(clusterUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
