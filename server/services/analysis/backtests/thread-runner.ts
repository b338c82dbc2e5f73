// A backtest run off the request thread (issue 61): each job in a worker thread of its own (thread-run.ts), which
// starts the book's PGlite and runs the bot engine, the paper broker and the report there, while this side only
// answers the run's few history reads (db/port-reads.ts) and records its progress once a day. A cancel seen
// there (the progress write throws BacktestCancelled) ends the thread at once. The thread's start waits in the
// line of book starts (book-starts.ts), as a replay's book does, until its database is up.
import { MessageChannel, type Worker } from 'node:worker_threads';
import type { Database } from '../../../db/database.ts';
import { inLane } from '../../../db/lanes.ts';
import { serveReads } from '../../../db/port-reads.ts';
import { received } from '../../../db/worker-protocol.ts';
import { pgliteModules } from '../../../db/pglite-modules.ts';
import { startWorker } from '../../../db/worker-start.ts';
import type { BacktestReport } from './backtest-jobs.ts';
import { BacktestFailure, type BacktestRun } from './backtest-worker.ts';
import { bookStarts } from './book-starts.ts';
import { bookTemplateTar } from './book-template.ts';
import type { ThreadData, ThreadMessage } from './thread-protocol.ts';

/** A promise and its settling (Promise.withResolvers, not in Node 20). */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

/** `entry`: the thread's entry module (the services root's backtest-thread.ts), which calls runBacktestThread. */
export function createThreadRunner({ history, entry }: { history: Database; entry: URL }): BacktestRun {
  return async (job, report) => {
    // The template's tar unzipped (kept beside the zipped one) and PGlite compiled, both once per process: the
    // thread lays the one into its PGlite's file system and starts on the other (prepared-pglite.ts openPreparedPgliteFromTar).
    const [template, modules] = await Promise.all([bookTemplateTar(1), pgliteModules()]);
    const { port1: reads, port2: theirReads } = new MessageChannel();
    // The thread's reads wait behind trading's statements in the database's queue (lanes.ts), whoever woke the run;
    // where the database has a thread of its own, they are answered there, their rows never crossing this thread.
    if (history.serveReads !== undefined) await history.serveReads(reads);
    else serveReads(reads, { ...history, query: (sql, params, options) => inLane('analysis', () => history.query(sql, params, options)) });
    const started = deferred<void>();
    const finished = deferred<BacktestReport>();
    // Progress is recorded in order, one write at a time; the report waits for the last.
    let recorded = Promise.resolve();
    let worker: Worker | undefined;
    // Whether the thread said how the run ended. Once it has, its exit is expected: the report may still wait for
    // the last progress write, which a loaded database can hold past the thread's end.
    let said = false;
    const onMessage = (message: ThreadMessage) => {
      if (message.kind === 'started') started.resolve();
      else if (message.kind === 'progress') recorded = recorded.then(() => report(message.share));
      else if (message.kind === 'done') {
        said = true;
        recorded.then(() => finished.resolve(message.report), finished.reject);
      } else {
        said = true;
        finished.reject(message.day === null ? received(message.error) : new BacktestFailure(message.day, message.error.message));
      }
      // A failed progress write (the trader cancelled) ends the run there.
      recorded.catch(finished.reject);
    };
    try {
      await bookStarts.run(`backtest-${job.id}`, async () => {
        const data: ThreadData = { job, template, modules, reads: theirReads, kind: history.kind };
        worker = await startWorker(entry, data, [theirReads, template.buffer]);
        worker.on('message', onMessage);
        worker.on('error', finished.reject);
        worker.on('exit', (code) => {
          if (!said) finished.reject(new Error(`The backtest's thread ended before its report (exit code ${code})`));
        });
        await Promise.race([started.promise, finished.promise]);
      });
      return await finished.promise;
    } finally {
      reads.close();
      await worker?.terminate();
    }
  };
}
