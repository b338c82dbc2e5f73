// A backtest runs in a worker thread of its own (thread-runner.ts, issue 61), its book's PGlite and the engine
// there, its history read through this thread: the report is the one the engine gives in this thread, to the
// paisa; the trader's cancel (the progress write throwing) ends the thread at once, and nothing more is
// reported; a run that cannot start fails as a BacktestFailure naming its day, so the job says why.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database.ts';
import { BacktestCancelled, type BacktestJob } from '../../../server/services/analysis/backtests/backtest-jobs.ts';
import { createHistoryRunner } from '../../../server/services/analysis/backtests/backtest-runner.ts';
import { BacktestFailure } from '../../../server/services/analysis/backtests/backtest-worker.ts';
import { createThreadRunner } from '../../../server/services/analysis/backtests/thread-runner.ts';
import { bookServices } from '../../../server/services/services.ts';
import { createMigratedTestDatabase } from '../support/test-database.ts';
import { importHistory, syntheticRows } from './history-fixture.ts';

const entry = new URL('../../../server/services/backtest-thread.ts', import.meta.url);
const job: BacktestJob = {
  id: 1,
  userId: 1,
  portfolioId: 0,
  entryUntil: '15:10',
  from: '2026-02-23',
  to: '2026-02-27',
  capitalPaise: 50_000_000,
  bot: { kind: 'daily', id: null, name: 'Condor', underlying: 'NIFTY', strategy: 'iron_condor', lots: 1, stop_loss_pct: 50, target_pct: 50, params: {}, entry_time: '09:20', exit_time: '15:10', weekdays: [1, 2, 3, 4, 5] },
};

describe('a backtest in a thread of its own', () => {
  let history: Database;

  beforeAll(async () => {
    history = await createMigratedTestDatabase('pglite');
    const underlying = { '2026-02-23': 25_000, '2026-02-24': 25_180, '2026-02-25': 24_900, '2026-02-26': 25_060, '2026-02-27': 25_150 };
    await importHistory(history, 'NIFTY', underlying, syntheticRows(underlying, ['2026-02-24', '2026-03-02', '2026-03-10']), 75);
  }, 120_000);

  afterAll(async () => {
    await history.close();
  });

  it('reports what the engine reports in this thread, to the paisa, and its progress once a day', async () => {
    const shares: number[] = [];
    const threaded = await createThreadRunner({ history, entry })(job, async (share) => {
      shares.push(share);
    });
    const here = await createHistoryRunner(history, bookServices)(job, async () => {});
    expect(threaded.summary.trades).toBeGreaterThan(0);
    expect(threaded).toEqual(here);
    expect(shares).toEqual([0.2, 0.4, 0.6, 0.8, 1]);
  }, 300_000);

  it('answers its report when the last progress write ends after the thread did', async () => {
    // A loaded database holds the progress writes: the thread posts its report and ends before the last is written
    // (CI, 30 November 2026: "The backtest's thread ended before its report (exit code 0)").
    const shares: number[] = [];
    const threaded = await createThreadRunner({ history, entry })(job, async (share) => {
      if (share === 1) await new Promise((resolve) => setTimeout(resolve, 1_000));
      shares.push(share);
    });
    expect(threaded.summary.trades).toBeGreaterThan(0);
    expect(shares).toEqual([0.2, 0.4, 0.6, 0.8, 1]);
  }, 300_000);

  it('ends the thread at the cancel: the run stops with BacktestCancelled and reports nothing more', async () => {
    let reports = 0;
    const run = createThreadRunner({ history, entry })(job, async () => {
      reports += 1;
      throw new BacktestCancelled(`Backtest ${job.id} was cancelled`);
    });
    await expect(run).rejects.toBeInstanceOf(BacktestCancelled);
    // The thread was ended before the run answered: no later day can report.
    expect(reports).toBe(1);
  }, 120_000);

  it('fails as a BacktestFailure on the day it names when there is no history', async () => {
    const run = createThreadRunner({ history, entry })({ ...job, from: '2026-01-05', to: '2026-01-09' }, async () => {});
    await expect(run).rejects.toBeInstanceOf(BacktestFailure);
    await expect(run).rejects.toMatchObject({ day: '2026-01-05', message: 'No NIFTY option history between 2026-01-05 and 2026-01-09' });
  }, 120_000);
});
