// Health answers the moment the server listens; every other request waits for the start's seeds (the demo
// account and desk, the base strategies, the analytics seed), which `npm start` runs after `listen` (issue 61: a
// start spent seconds on them before it answered anything). A request never sees them half made: it waits for
// them (a second or so on a quiet machine), as before it waited for the whole start.
import type { FastifyInstance } from 'fastify';

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
