// The server's PGlite on a thread of its own (pglite-database.ts `thread`): opened here on the server's data folder
// (or a dump, tests), served to the request thread one message a statement (worker-host.ts). The priority gate is
// here, in front of PGlite: statements arrive as they are made, each with its lane, and the next to run is chosen
// as the last ends, trading first, without waiting for the request thread. The thread keeps the process's CPU
// priority: it runs the trading statements as well as the analysis ones.
import { workerData } from 'node:worker_threads';
import { openPgliteHere } from './pglite-here.ts';
import { createPriorityGate } from './priority-gate.ts';
import { hostDatabases } from './worker-host.ts';

const { dataDir, dump } = workerData as { dataDir?: string; dump?: Uint8Array };

await hostDatabases(async () => {
  const db = await openPgliteHere({
    ...(dataDir === undefined ? {} : { dataDir }),
    ...(dump === undefined ? {} : { loadDataDir: new Blob([dump]) }),
  });
  return { open: async () => db, gate: createPriorityGate({ capacity: 1 }) };
});
