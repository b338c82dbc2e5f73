// The heavy work this instance shares with every instance on its database (issue 61): one job queue
// (job-queue.ts) and the queues' workers on it. Started by app.ts before the routes, stopped before the database.
import type { Database } from '../../db/database.ts';
import type { Clock } from '../clock.ts';
import { timerWait } from '../clock.ts';
import { concurrentImports, type HistoryImportService } from '../history/history-import-service.ts';
import { startImportJobs, type JobStartHook } from './import-jobs.ts';
import { startJobQueue, type JobTuning } from './job-queue.ts';

export type SharedJobsOptions = JobTuning & {
  /** Import workers on this instance (2 by default, as many as its import line runs at once). */
  importSlots?: number;
  /** How often a request looks at its job run by another instance (ms). */
  pollMs?: number;
  /** Tests only: called as each job starts on this instance. */
  onStart?: JobStartHook;
};

export async function startSharedJobs(
  { db, clock, history }: { db: Database; clock: Clock; history: HistoryImportService },
  { importSlots = concurrentImports, pollMs, onStart, ...tuning }: SharedJobsOptions,
  onError: (error: unknown) => void,
) {
  const queue = await startJobQueue(db, tuning, onError);
  try {
    // Waiting for a job is a timer, not the tests' clock: the job runs on real time wherever it runs.
    const imports = await startImportJobs({ db, clock, history, jobs: queue, slots: importSlots, wait: timerWait, pollMs, onStart });
    return { queue, imports, stop: (options?: { graceful?: boolean }) => queue.stop(options) };
  } catch (error) {
    await queue.stop();
    throw error;
  }
}

export type SharedJobs = Awaited<ReturnType<typeof startSharedJobs>>;
