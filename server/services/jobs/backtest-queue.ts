// Backtests as jobs any instance runs (issue 61, "shared across instances"): each queued backtest (its row in
// backtests, backtest-jobs.ts, which keeps its progress and report) is one job of the shared queue, taken by
// whichever instance has a free backtest worker. Its run is the worker's as before (backtest-worker.ts); an
// instance that dies mid-run leaves its job to expire and be retried elsewhere, which takes the row over (the
// dead run, were it only slow, is fenced off at its next progress write). A cancel (DELETE) cancels the job
// too: a waiting one never runs, a running one stops at its next day.
import type { BacktestServices } from '../analysis/index.ts';
import type { JobStartHook } from './import-jobs.ts';
import type { JobQueue } from './job-queue.ts';

type BacktestJobData = { backtest_id: number };

export async function startBacktestQueue({ backtests, jobs, slots, onStart }: { backtests: BacktestServices; jobs: JobQueue; slots: number; onStart?: JobStartHook | undefined }) {
  if (slots > 0) {
    await jobs.work<BacktestJobData>('backtest', slots, async ({ backtest_id: id }) => {
      await onStart?.('backtest', id);
      // Null when the trader cancelled or deleted it meanwhile, or a run before this one finished it.
      const job = await backtests.jobs.claimById(id, backtests.worker.name);
      if (job !== null) await backtests.worker.runClaimed(job);
    });
  }
  return {
    /** Puts a queued backtest on the shared queue. */
    queued: (id: number) => jobs.send('backtest', id, { backtest_id: id } satisfies BacktestJobData),
    /** Takes a cancelled or deleted backtest off it. */
    cancelled: (id: number) => jobs.cancel('backtest', id),
  };
}
