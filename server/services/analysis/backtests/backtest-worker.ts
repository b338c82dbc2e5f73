// A backtest worker: claims one queued job at a time (backtest-jobs.ts, SKIP LOCKED, so several server
// instances share one queue and never run a job twice), runs it, and stores its report or why it failed.
// A cancel is seen at the runner's next progress report, which throws BacktestCancelled.
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { said, words } from '../../texts/said.ts';
import { BacktestCancelled, type BacktestJob, type BacktestJobs, type BacktestReport } from './backtest-jobs.ts';

/** Runs one job; `report` records its progress (0–1) and throws BacktestCancelled once it was cancelled. */
export type BacktestRun = (job: BacktestJob, report: (share: number) => Promise<void>) => Promise<BacktestReport>;

export type WorkerPass = { ran: number | null; outcome: 'done' | 'failed' | 'cancelled' | 'idle' };

/** Where the runner was when it failed: the day it names, else the job's first day. */
export class BacktestFailure extends Error {
  override name = 'BacktestFailure';
  constructor(
    readonly day: string,
    message: string,
  ) {
    super(message);
  }
}

export function createBacktestWorker({ jobs, run, name }: { jobs: BacktestJobs; run: BacktestRun; name?: string }) {
  const worker = name ?? `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  let busy = false;

  /** Claims and runs at most one job. */
  async function pass(): Promise<WorkerPass> {
    const job = await jobs.claim(worker);
    if (job === null) return { ran: null, outcome: 'idle' };
    return runClaimed(job);
  }

  /** Runs a job this worker claimed, and stores its report or why it failed. */
  async function runClaimed(job: BacktestJob): Promise<WorkerPass> {
    try {
      const report = await run(job, (share) => jobs.progress(job.id, worker, share));
      return { ran: job.id, outcome: (await jobs.finish(job.id, worker, report)) ? 'done' : 'cancelled' };
    } catch (error) {
      if (error instanceof BacktestCancelled) return { ran: job.id, outcome: 'cancelled' };
      const day = error instanceof BacktestFailure ? error.day : job.from;
      const reason = words(error instanceof Error ? error.message : String(error));
      await jobs.fail(job.id, worker, said('backtest.failed', { day, reason: reason.i18n }, `The backtest stopped on ${day}: ${reason.text}`).i18n);
      return { ran: job.id, outcome: 'failed' };
    }
  }

  /** Runs queued jobs one after another until none is left; a pass already under way makes this one a no-op. */
  async function drain(): Promise<number> {
    if (busy) return 0;
    busy = true;
    let ran = 0;
    try {
      while ((await pass()).ran !== null) ran += 1;
    } finally {
      busy = false;
    }
    return ran;
  }

  return { pass, drain, runClaimed, name: worker };
}

export type BacktestWorker = ReturnType<typeof createBacktestWorker>;
