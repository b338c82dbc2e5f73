// The entry of a book database's worker thread (paper-book.ts openBookDatabase, through db/worker-database.ts):
// the book's in-memory PGlite, started from the migrated template the request thread hands over, with its
// prepared statements, served to the request thread. The thread runs at a lower priority than the request
// thread (nice 10): on busy cores a replay's or a backtest's statements wait, a trader's order does not.
import { workerData } from 'node:worker_threads';
import { hostDatabase, yieldToRequests } from '../../../db/worker-host.ts';
import { openPreparedPglite } from './prepared-pglite.ts';

const { template } = workerData as { template: Uint8Array<ArrayBuffer> };
yieldToRequests(10);
await hostDatabase(() => openPreparedPglite(new Blob([template])));
