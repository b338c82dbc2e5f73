// The server's PGlite on a thread of its own (pglite-database.ts `thread`): opened here on the server's data folder
// (or a dump, tests), served to the request thread one message a statement (worker-host.ts). The thread keeps the
// process's priority: it runs the trading statements as well as the analysis ones.
import { workerData } from 'node:worker_threads';
import { openPgliteHere } from './pglite-here.ts';
import { hostDatabases } from './worker-host.ts';

const { dataDir, dump } = workerData as { dataDir?: string; dump?: Uint8Array };

await hostDatabases(async () => {
  const db = await openPgliteHere({
    ...(dataDir === undefined ? {} : { dataDir }),
    ...(dump === undefined ? {} : { loadDataDir: new Blob([dump]) }),
  });
  return { open: async () => db };
});
