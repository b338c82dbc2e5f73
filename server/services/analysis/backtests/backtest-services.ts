// The backtests' services over one database: the jobs, the checks a request passes before it is queued, and
// this instance's worker. `wake` starts the worker on a queued job at once when this instance runs its
// background loop (production); tests drive the worker by hand.
import type { Database } from '../../../db/database.ts';
import type { DailyBot, TradingBot } from '../../bots/bot-rules.ts';
import type { BotsService } from '../../bots/bots-service.ts';
import type { Clock } from '../../clock.ts';
import { createBacktestJobs } from './backtest-jobs.ts';
import { createBacktestRequests } from './backtest-requests.ts';
import { createBacktestWorker, type BacktestRun } from './backtest-worker.ts';

type Options = { db: Database; clock: Clock; bots: { daily: BotsService<DailyBot>; trading: BotsService<TradingBot> }; run: BacktestRun };

export function createBacktestServices({ db, clock, bots, run }: Options) {
  const jobs = createBacktestJobs({ db, clock });
  const requests = createBacktestRequests({ db, bots });
  const worker = createBacktestWorker({ jobs, run });
  let running = false;
  let onError: (error: unknown) => void = () => {};

  const wake = () => {
    if (running) void worker.drain().catch(onError);
  };

  /** The background loop: every `everyMs` (and on wake) the worker drains the queue. Answers its stop. */
  function start(everyMs: number, report: (error: unknown) => void): () => void {
    running = true;
    onError = report;
    const timer = setInterval(wake, everyMs);
    timer.unref();
    return () => {
      running = false;
      clearInterval(timer);
    };
  }

  return { jobs, requests, worker, wake, start };
}

export type BacktestServices = ReturnType<typeof createBacktestServices>;
