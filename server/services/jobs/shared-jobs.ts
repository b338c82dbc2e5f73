// The heavy work this instance shares with every instance on its database (issue 61): one job queue
// (job-queue.ts) and the queues' workers on it: history imports and backtests. Started by app.ts before the routes, stopped before the database.
import type { Database } from '../../db/database.ts';
import type { Clock } from '../clock.ts';
import { timerWait } from '../clock.ts';
import type { BacktestServices } from '../analysis/index.ts';
import { concurrentImports, type HistoryImportService } from '../history/history-import-service.ts';
import { startBacktestQueue } from './backtest-queue.ts';
import { startImportJobs, type JobStartHook } from './import-jobs.ts';
import { startJobQueue, type JobTuning } from './job-queue.ts';

export type SharedJobsOptions = JobTuning & {
  /** Import workers on this instance (2 by default, as many as its import line runs at once). */
  importSlots?: number;
  /** Backtest workers on this instance: 1 with the background loop (`npm start`), 0 in tests that run them by hand. */
  backtestSlots?: number;
  /** How often a request looks at its job run by another instance (ms). */
  pollMs?: number;
  /** Tests only: called as each job starts on this instance. */
  onStart?: JobStartHook;
};

export async function startSharedJobs(
  { db, clock, history, backtests }: { db: Database; clock: Clock; history: HistoryImportService; backtests: BacktestServices },
  options: SharedJobsOptions,
  onError: (error: unknown) => void,
) {
  const { importSlots = concurrentImports, backtestSlots = 0, pollMs, onStart } = options;
  // The options object itself, not a copy: a test shortens its expiry for one job after the start.
  const queue = await startJobQueue(db, options, onError);
  try {
    // Waiting for a job is a timer, not the tests' clock: the job runs on real time wherever it runs.
    const imports = await startImportJobs({ db, clock, history, jobs: queue, slots: importSlots, wait: timerWait, pollMs, onStart });
    const backtestQueue = await startBacktestQueue({ backtests, jobs: queue, slots: backtestSlots, onStart });
    return { queue, imports, backtests: backtestQueue, stop: (options?: { graceful?: boolean }) => queue.stop(options) };
  } catch (error) {
    await queue.stop();
    throw error;
  }
}

export type SharedJobs = Awaited<ReturnType<typeof startSharedJobs>>;
