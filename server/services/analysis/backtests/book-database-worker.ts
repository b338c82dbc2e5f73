// The entry of a book thread (paper-book.ts openBookDatabase, through book-threads.ts and db/worker-database.ts):
// one in-memory PGlite started from the books' template the request thread hands over (its tar, unzipped and
// moved here: template-files.ts) on the process's compiled PGlite (db/pglite-modules.ts), a schema a book
// (book-schemas.ts), served to the request thread. The thread runs at the lowest priority (worker-host.ts
// analysisNice): on busy cores a replay's statements wait, a trader's order does not.
import { workerData } from 'node:worker_threads';
import type { PgliteModules } from '../../../db/pglite-modules.ts';
import { hostDatabases, yieldToRequests } from '../../../db/worker-host.ts';
import { openBookSchemas } from './book-schemas.ts';

const { template, schemas, modules } = workerData as { template: Uint8Array; schemas: number; modules?: PgliteModules };
yieldToRequests();
await hostDatabases(() => openBookSchemas(template, schemas, modules));
