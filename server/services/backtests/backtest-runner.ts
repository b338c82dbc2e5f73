// The engine over history. NOT BUILT YET: the job machinery (queue, claim, progress, cancel, report storage)
// is in place and tested with injected runners; the runner that drives the bot engine over imported history
// is the next step (docs/market-history.md). Until then a queued backtest fails with this text, so no trader
// mistakes an empty report for a result.
import { BacktestFailure, type BacktestRun } from './backtest-worker.ts';

export const historyRunner: BacktestRun = async (job) => {
  throw new BacktestFailure(job.from, 'The engine over history is not available on this server yet: no backtest can run.');
};
