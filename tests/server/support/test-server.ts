// A real server (buildServer) on a throw-away database, with a cheap scrypt and a clock the test moves.
import type { FastifyInstance } from 'fastify';
import { buildServer, type ServerOptions } from '../../../server/app.ts';
import type { Database } from '../../../server/db/database.ts';
import { createDistFixture, type DistFixture } from './dist-fixture.ts';
import { createMigratedTestDatabase, type TestBackend } from './test-database.ts';
import { testScryptCost } from './test-scrypt-cost.ts';

export { testScryptCost };

export type ManualClock = {
  now: () => Date;
  advance: (ms: number) => void;
};

export function manualClock(start = new Date('2026-01-15T04:00:00Z')): ManualClock {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance: (ms) => {
      current += ms;
    },
  };
}

export type TestServer = {
  app: FastifyInstance;
  db: Database;
  clock: ManualClock;
  fixture: DistFixture;
  close: () => Promise<void>;
};

export type TestServerOptions = Partial<Omit<ServerOptions, 'database' | 'clock'>> & {
  backend?: TestBackend;
  /** Share one database between several servers of a file; the caller closes it. */
  database?: Database;
  clock?: ManualClock;
};

export async function startTestServer({ backend = 'pglite', database, clock = manualClock(), ...options }: TestServerOptions = {}): Promise<TestServer> {
  const fixture = await createDistFixture();
  // Migrated already (a schema an earlier test had, put back as migrated): the server's own migrate() finds
  // nothing to do.
  const db = database ?? (await createMigratedTestDatabase(backend));
  const closeDb = database === undefined ? () => db.close() : async () => undefined;
  try {
    const app = await buildServer({
      distDir: fixture.distDir,
      dataDir: fixture.dataDir,
      scryptCost: testScryptCost,
      // A paced intent's wait for the next second moves this clock instead of sleeping.
      wait: async (ms) => clock.advance(ms),
      ...options,
      database: db,
      clock: clock.now,
    });
    return {
      app,
      db,
      clock,
      fixture,
      close: async () => {
        await app.close();
        await closeDb();
        await fixture.cleanup();
      },
    };
  } catch (error) {
    await closeDb();
    await fixture.cleanup();
    throw error;
  }
}
