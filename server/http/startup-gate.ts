// Health answers the moment the server listens; every other request waits for the start's seeds (the demo
// account and desk, the base strategies, the analytics seed) and for what must run before anyone is served (the
// shared jobs' start, the paper broker's catch-up of what fell due while it was down, the webhook alerts a crash
// left working), which `npm start` runs after `listen` (issue 61: a start spent seconds on them before it answered
// anything). A request never sees them half made: an order is never taken before the catch-up; it waits for them
// (a second or so on a quiet machine), as before it waited for the whole start.
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database.ts';

/** The route that answers at once (its URL as registered: the contract's /api/health/). */
const healthUrl = '/api/health/';

/**
 * Holds every request but health's until `seed` is done; answers the function that starts it (once; the first
 * held request starts it too, should it come first). Closing the server waits for it, so the database it writes
 * to is not closed under it.
 */
export function holdRequestsForSeeds(app: FastifyInstance, seed: () => Promise<void>): () => Promise<void> {
  let seeding: Promise<void> | undefined;
  let done = false;
  const run = () =>
    (seeding ??= seed().then(() => {
      done = true;
    }));
  app.addHook('onRequest', async (request) => {
    if (done || request.routeOptions.url === healthUrl) return;
    await run();
  });
  app.addHook('preClose', async () => {
    await seeding?.catch(() => undefined);
  });
  return run;
}

/**
 * When this install has replays, a book database is started ahead (replay-books.ts `warm`: in its own thread, at a
 * lower priority than requests). Starting one is most of a replay's first read after a restart (issue 61: 22-50 s
 * on a loaded machine); the read then takes it and only replays what the trader did. Left unused, it is closed
 * with the idle books (evictIdle).
 */
export async function warmReplayBooks(db: Database, books: { warm: () => void }): Promise<void> {
  const { rows } = await db.query<{ any: boolean }>('SELECT EXISTS (SELECT 1 FROM replays) AS any');
  if (rows[0]?.any === true) books.warm();
}
