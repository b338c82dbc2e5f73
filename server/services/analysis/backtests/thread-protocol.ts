// What a backtest's thread is given and what it says back (thread-runner.ts starts it, thread-run.ts is its inside).
// Everything crosses by structured clone; the reads port and the template's bytes are transferred.
import type { MessagePort } from 'node:worker_threads';
import type { DatabaseKind } from '../../../db/database.ts';
import type { PgliteModules } from '../../../db/pglite-modules.ts';
import type { SentError } from '../../../db/worker-protocol.ts';
import type { BacktestJob, BacktestReport } from './backtest-jobs.ts';

export type ThreadData = {
  job: BacktestJob;
  /** The migrated template's tar, unzipped, the book's PGlite starts from (book-template.ts bookTemplateTar): moved, the thread's own. */
  template: Uint8Array;
  /** The process's compiled PGlite (db/pglite-modules.ts): not compiled again in the thread. */
  modules: PgliteModules;
  /** Where the server's database answers the run's history reads (db/port-reads.ts), and what kind it is. */
  reads: MessagePort;
  kind: DatabaseKind;
};

/**
 * `started`: the book's database is up (its start no longer holds a slot of book-starts.ts); `progress` once a
 * day; then `done` with the report, or `failed` with the error and the day a BacktestFailure names.
 */
export type ThreadMessage =
  | { kind: 'started' }
  | { kind: 'progress'; share: number }
  | { kind: 'done'; report: BacktestReport }
  | { kind: 'failed'; error: SentError; day: string | null };
