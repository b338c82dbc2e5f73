// The server's PGlite on a thread of its own (pglite-database.ts `thread`): opened here on the server's data folder
// (or a dump, tests), served to the request thread one message a statement (worker-host.ts). The priority gate is
// here, in front of PGlite: statements arrive as they are made, each with its lane, and the next to run is chosen
// as the last ends, trading first, without waiting for the request thread. The thread keeps the process's CPU
// priority: it runs the trading statements as well as the analysis ones.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { parentPort, workerData } from 'node:worker_threads';
import { openPgliteHere } from './pglite-here.ts';
import type { PgliteModules } from './pglite-modules.ts';
import { createPriorityGate, pgliteTradingGraceMs } from './priority-gate.ts';
import { hostDatabases } from './worker-host.ts';

const { dataDir, dump, modules } = workerData as { dataDir?: string; dump?: Uint8Array<ArrayBuffer>; modules: PgliteModules };

await hostDatabases(async () => {
  const db = await openPgliteHere({
    modules,
    ...(dataDir === undefined ? {} : { dataDir }),
    ...(dump === undefined ? {} : { loadDataDir: new Blob([dump]) }),
  });
  return { open: async () => db, gate: createPriorityGate({ capacity: 1, tradingGraceMs: pgliteTradingGraceMs }) };
});

// Once the database has had nothing to do for a second, the thread collects its garbage. The rows it built and sent,
// the COPY texts it received, live in this thread's heap, and V8 collects a heap when it allocates, never when it
// is idle: after an import the server held a few hundred MB of dead strings here until the next burst of work
// (the heavy-work bench's idle server: 621 MB in-thread, 1,036 MB on this thread without it). Node exposes no
// collector to a worker but through V8's flag; a collection of this small heap takes milliseconds.
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;
const idle = setTimeout(collectGarbage, 1000).unref();
parentPort!.on('message', () => idle.refresh());
