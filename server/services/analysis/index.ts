// Analysis (issue 61): replays of past days (replay/) and backtests (backtests/), one module under the services
// root and this its one door: the root (services.ts), the routes and app.ts import from here and nowhere inside.
// Both trade on isolated paper books under the server's own services, which the root builds over each book's
// database and hands in (book-services.ts), so nothing in here imports the root back.
import type { Database } from '../../db/database.ts';
import type { DailyBot, TradingBot } from '../bots/bot-rules.ts';
import type { BotsService } from '../bots/bots-service.ts';
import type { Clock } from '../clock.ts';
import type { BookServicesFactory } from './book-services.ts';
import { createBacktestRequests } from './backtests/backtest-requests.ts';
import { createBacktestServices } from './backtests/backtest-services.ts';
import type { BacktestRun } from './backtests/backtest-worker.ts';
import { createThreadRunner } from './backtests/thread-runner.ts';
import { createReplayBooks } from './replay/replay-books.ts';
import { createReplayBots } from './replay/replay-bot-service.ts';
import { createReplayOrders } from './replay/replay-orders.ts';
import { createReplayOwners } from './replay/replay-owners.ts';
import { createReplaySessions } from './replay/replay-sessions.ts';

export type { BookServices, BookServicesFactory, BookServicesOptions } from './book-services.ts';
export type { BacktestServices } from './backtests/backtest-services.ts';
export type { BacktestRun } from './backtests/backtest-worker.ts';
export { BacktestRefusal } from './backtests/backtest-requests.ts';
export type { ReplayBooks } from './replay/replay-books.ts';
export type { ReplayBots } from './replay/replay-bot-service.ts';
export type { ReplayOrders } from './replay/replay-orders.ts';
export { replayLeaseRenewMs, type ReplayOwner, type ReplayOwners } from './replay/replay-owners.ts';
export { replayInstant, replayOf, type ReplayRow, type ReplaySessions } from './replay/replay-sessions.ts';
export { replayDays } from './replay/replay-days.ts';
export { seedSampleReplayDay } from './replay/replay-sample.ts';
export { indexQuote, replayChain, replayExpiries } from './replay/replay-market.ts';
export { replayCandles } from './replay/replay-candles.ts';
export { runBacktestThread } from './backtests/thread-run.ts';
export { prepareBookTemplates, startBookThreadAhead } from './backtests/paper-book.ts';

export type AnalysisOptions = {
  db: Database;
  clock: Clock;
  bots: { daily: BotsService<DailyBot>; trading: BotsService<TradingBot> };
  /** The server's services over a book's database (the root's bookServices). */
  bookServices: BookServicesFactory;
  /** The entry of a backtest's thread (the root's backtest-thread.ts), which hands bookServices to the thread's engine. */
  backtestThread: URL;
  /** Tests only: what runs a backtest job instead of the engine over history. */
  backtestRun?: BacktestRun | undefined;
};

/**
 * The backtests (jobs, request checks, this instance's worker, each run in a thread of its own) and the replays
 * (sessions, books and their owners, orders, bots).
 */
export function createAnalysis({ db, clock, bots, bookServices, backtestThread, backtestRun }: AnalysisOptions) {
  // On PostgreSQL several instances may share the replays: one at a time holds each book (replay-owners.ts).
  const replayOwners = db.kind === 'pglite' ? null : createReplayOwners({ db, clock });
  const replayBooks = createReplayBooks({ db, clock, services: bookServices, owners: replayOwners ?? undefined });
  // A replay taken over by another instance, or ended there: its book here closes.
  replayOwners?.onLost((replayId) => void replayBooks.drop(replayId));
  return {
    replayOwners,
    backtests: createBacktestServices({ db, clock, bots, run: backtestRun ?? createThreadRunner({ history: db, entry: backtestThread }) }),
    replays: createReplaySessions({ db, clock }),
    replayBooks,
    replayOrders: createReplayOrders(replayBooks),
    replayBots: createReplayBots({ db, books: replayBooks, requests: createBacktestRequests({ db, bots }) }),
  };
}
