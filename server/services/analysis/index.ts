// Analysis (issue 61): replays of past days (replay/) and backtests (backtests/), one module under the services
// root and this its one door: the root (services.ts), the routes and app.ts import from here and nowhere inside.
// Both trade on isolated paper books under the server's own services, which the root builds over each book's
// database and hands in (book-services.ts), so nothing in here imports the root back.
import type { Database } from '../../db/database.ts';
import type { DailyBot, TradingBot } from '../bots/bot-rules.ts';
import type { BotsService } from '../bots/bots-service.ts';
import type { Clock } from '../clock.ts';
import type { BookServicesFactory } from './book-services.ts';
import { createHistoryRunner } from './backtests/backtest-runner.ts';
import { createBacktestRequests } from './backtests/backtest-requests.ts';
import { createBacktestServices } from './backtests/backtest-services.ts';
import type { BacktestRun } from './backtests/backtest-worker.ts';
import { createReplayBooks } from './replay/replay-books.ts';
import { createReplayBots } from './replay/replay-bot-service.ts';
import { createReplayOrders } from './replay/replay-orders.ts';
import { createReplaySessions } from './replay/replay-sessions.ts';

export type { BookServices, BookServicesFactory, BookServicesOptions } from './book-services.ts';
export type { BacktestServices } from './backtests/backtest-services.ts';
export type { BacktestRun } from './backtests/backtest-worker.ts';
export { BacktestRefusal } from './backtests/backtest-requests.ts';
export type { ReplayBooks } from './replay/replay-books.ts';
export type { ReplayBots } from './replay/replay-bot-service.ts';
export type { ReplayOrders } from './replay/replay-orders.ts';
export { replayInstant, replayOf, type ReplayRow, type ReplaySessions } from './replay/replay-sessions.ts';
export { replayDays } from './replay/replay-days.ts';
export { indexQuote, replayChain, replayExpiries } from './replay/replay-market.ts';
export { replayCandles } from './replay/replay-candles.ts';

export type AnalysisOptions = {
  db: Database;
  clock: Clock;
  bots: { daily: BotsService<DailyBot>; trading: BotsService<TradingBot> };
  /** The server's services over a book's database (the root's bookServices). */
  bookServices: BookServicesFactory;
  /** Tests only: what runs a backtest job instead of the engine over history. */
  backtestRun?: BacktestRun | undefined;
};

/** The backtests (jobs, request checks, this instance's worker) and the replays (sessions, books, orders, bots). */
export function createAnalysis({ db, clock, bots, bookServices, backtestRun }: AnalysisOptions) {
  const replayBooks = createReplayBooks({ db, clock, services: bookServices });
  return {
    backtests: createBacktestServices({ db, clock, bots, run: backtestRun ?? createHistoryRunner(db, bookServices) }),
    replays: createReplaySessions({ db, clock }),
    replayBooks,
    replayOrders: createReplayOrders(replayBooks),
    replayBots: createReplayBots({ db, books: replayBooks, requests: createBacktestRequests({ db, bots }) }),
  };
}
