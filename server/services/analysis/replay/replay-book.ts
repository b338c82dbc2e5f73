// The book a replay trades on (issue 39): the backtest book's pattern (backtests/backtest-book.ts), a database
// of its own (in-memory PGlite from the migrated template, book-template.ts) holding one paper account, its
// portfolio and the day's contracts as they were listed (history-market.ts), under the server's own services
// (../book-services.ts) priced from market history at the replay's clock (history-prices.ts). Its orders go through
// the paper broker's order rules, margins, charges, stop-losses, targets, MIS square-off and expiry settlement
// unchanged; no row of the trader's paper or live books is in it, so nothing done here can reach them.
import type { Database } from '../../../db/database.ts';
import type { Book, BookExecution, BookRiskLimits } from '../backtests/backtest-book.ts';
import type { BacktestBot } from '../backtests/backtest-jobs.ts';
import type { BotDay, BotRun } from '../backtests/bot-looks.ts';
import { listDay, shapeMarket } from '../backtests/history-market.ts';
import { historyPrices, type HistoryDay, type HistoryPrices } from '../backtests/history-prices.ts';
import { openPaperBook } from '../backtests/paper-book.ts';
import type { BookServices, BookServicesFactory } from '../book-services.ts';
import type { TradingAccount } from '../../brokers/broker-trading.ts';
import type { IndexName } from '../../market/index-config.ts';
import type { DayHours } from '../../market/trading-calendar.ts';
import { sessionOf } from './replay-clock.ts';
import type { ReplayOrigin } from './replay-days.ts';

/** A replay book's capital: ₹10,00,000, as a new paper account's default (the trader's own capital is not the replay's). */
export const replayCapitalPaise = 100_000_000;

/**
 * What attaching logs: the bot as it runs, and the risk limits and execution policy of its account (copies:
 * editing the saved bot or the account's policy later changes nothing here). A replay logged before the policy
 * was copied has none: its bot places MARKET orders, as it did then.
 */
export type ReplayBotBody = {
  bot: BacktestBot;
  entry_until: string;
  risk_limits: BookRiskLimits;
  execution?: BookExecution | null;
  /**
   * Trading days before its expiry a future the bot holds is rolled, as a backtest's (backtests/future-rolls.ts).
   * Absent in a bot logged before replays rolled: its future expires, as it did then.
   */
  futures_roll_days?: number;
};

/** A bot attached to the replay (replay-bot.ts adds it and looks at it). */
export type ReplayBot = {
  body: ReplayBotBody;
  attachedAt: Date;
  book: Book;
  run: BotRun;
  day: BotDay;
  ended: boolean;
  /** The trader stopped it (stopReplayBot): it enters nothing more. */
  stopped: boolean;
  /** Its futures' roll of the day was looked at (rollReplayBot: once, at the day's last minute). */
  rolled: boolean;
};

export type ReplayBook = {
  replayId: number;
  epoch: number;
  db: Database;
  services: BookServices;
  prices: HistoryPrices;
  index: IndexName;
  day: HistoryDay;
  /** What the replay stands on (replay-days.ts): a simulated day's book reads the demo market's recorded minutes alone. */
  origin: ReplayOrigin;
  /** The book's user, account and portfolio (its own ids, not the trader's). */
  userId: number;
  account: TradingAccount;
  portfolioId: number;
  /** The book's clock: the replayed instant its services see. */
  now: Date;
  /** The last minute the fill engine looked at; whether it has settled the day after the close. */
  lookedAt: Date;
  settled: boolean;
  /** The last of the replay's actions applied (replay_actions.id), 0 before any. */
  lastAction: number;
  /** Whether the trader placed or cancelled anything: the fill engine then looks at the minutes passed. */
  traded: boolean;
  /**
   * The first replayed instant at which the fill engine's pass can change the book (replay-books.ts passDue),
   * or null when the book changed since the last pass (an order, a cancel, the bot's look): the next minute's
   * pass then runs and says again.
   */
  passDueAt: Date | null;
  /** The bot attached to the replay (replay-bot.ts), or null. */
  bot: ReplayBot | null;
  /** One call at a time (PGlite's single connection, and the clock moved by one caller). */
  queue: Promise<unknown>;
  usedAt: number;
};

/**
 * Opens the book of a replay at its session's open, its contracts listed, from the server's history, priced over
 * the session's hours (a special session's index path, open hours and MIS square-off are its own).
 */
export async function openReplayBook(
  history: Database,
  replay: { id: number; epoch: number; index: IndexName; day: string; hours: DayHours; origin: ReplayOrigin },
  services: BookServicesFactory,
  database?: Promise<Database>,
): Promise<ReplayBook> {
  const open = sessionOf(replay.day, replay.hours).open;
  const clock = { now: open };
  const prices = historyPrices({ history, clock: () => clock.now, simulated: replay.origin === 'simulated', sample: replay.origin === 'sample' });
  await prices.load(replay.index, replay.day, replay.day, () => replay.hours);
  const day = prices.day(replay.index, replay.day);
  if (day === undefined) throw new Error(`No ${replay.index} history on ${replay.day}`);
  const paper = { slug: 'replay', title: 'Replay', accountNumber: 'RP1' };
  // Orders paced over the broker's seconds wait on the replayed clock, never on the server's.
  const wait = async (ms: number) => {
    clock.now = new Date(clock.now.getTime() + ms);
  };
  return openPaperBook(paper, { clock: () => clock.now, prices, capitalPaise: replayCapitalPaise, wait, database, services }, async ({ db, services, userId, accountId, portfolioId }) => {
    await shapeMarket(db, replay.index, [day]);
    await listDay(db, services.market, day, open, new Set());
    return {
      replayId: replay.id,
      epoch: replay.epoch,
      db,
      services,
      prices,
      index: replay.index,
      day,
      origin: replay.origin,
      userId,
      account: { id: accountId, accountNumber: paper.accountNumber, capitalPaise: replayCapitalPaise, marketAccountId: null },
      portfolioId,
      get now() {
        return clock.now;
      },
      set now(at: Date) {
        clock.now = at;
      },
      lookedAt: open,
      settled: false,
      lastAction: 0,
      traded: false,
      passDueAt: null,
      bot: null,
      queue: Promise.resolve(),
      usedAt: 0,
    };
  });
}
