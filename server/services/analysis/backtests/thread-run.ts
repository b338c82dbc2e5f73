// The inside of a backtest's thread (thread-runner.ts starts it; the services root's backtest-thread.ts is its
// entry and hands in the services a book runs under). The engine over history (backtest-runner.ts) runs here on
// a book whose PGlite is started in this same thread, so each of the engine's statements (about a hundred
// thousand in a year of a daily bot) is a call, not a message to another thread and its answer back; history is
// read from the server's database through the thread that holds it (db/port-reads.ts), a few batched reads.
import { parentPort, workerData } from 'node:worker_threads';
import { portReads } from '../../../db/port-reads.ts';
import { yieldToRequests } from '../../../db/worker-host.ts';
import { sendable } from '../../../db/worker-protocol.ts';
import type { BookServicesFactory } from '../book-services.ts';
import { createHistoryRunner } from './backtest-runner.ts';
import { BacktestFailure } from './backtest-worker.ts';
import { openPreparedPgliteFromTar } from './prepared-pglite.ts';
import type { ThreadData, ThreadMessage } from './thread-protocol.ts';

export async function runBacktestThread(services: BookServicesFactory): Promise<void> {
  const port = parentPort;
  if (port === null) throw new Error('runBacktestThread runs in a worker thread');
  const { job, template, modules, reads, kind } = workerData as ThreadData;
  const post = (message: ThreadMessage) => port.postMessage(message);
  // Behind the request thread on busy cores, as a book's database thread is: trading goes first.
  yieldToRequests();
  // Started at once, while history is read; the runner falls back to a database of its own if this one fails.
  const database = openPreparedPgliteFromTar(template, modules);
  void database.then(
    () => post({ kind: 'started' }),
    () => post({ kind: 'started' }),
  );
  const history = portReads(reads, kind);
  try {
    const run = createHistoryRunner(history, services, { openDatabase: () => database });
    post({ kind: 'done', report: await run(job, async (share) => post({ kind: 'progress', share })) });
  } catch (error) {
    post({ kind: 'failed', error: sendable(error), day: error instanceof BacktestFailure ? error.day : null });
  } finally {
    await history.close();
  }
}
