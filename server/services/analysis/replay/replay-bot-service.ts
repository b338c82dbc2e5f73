// The bot of a trader's replay (issue 39): attaching one (a saved bot or one configured on the spot, chosen as
// a backtest's is), what it is doing at the replayed minute (its state, actions and positions, as the bots
// screen shows a bot's), and its report (a backtest's of the day). One bot per replay: its action's key is
// the replay's one 'bot', so a second attach, on any instance, is refused. It runs on the replay's own book
// (replay-bot.ts); a reset throws it away with the book, and going back before it was attached is refused as
// before an order.
import type { components } from '../../../../openapi/main.d.ts';
import type { Database } from '../../../db/database.ts';
import { executionOf, riskLimitsOf } from '../backtests/backtest-book.ts';
import type { BacktestReport } from '../backtests/backtest-jobs.ts';
import type { BotChoice, createBacktestRequests } from '../backtests/backtest-requests.ts';
import { DomainError, notFound } from '../../domain-error.ts';
import { replayTexts } from '../../texts/replay-texts.ts';
import type { ReplayBook } from './replay-book.ts';
import type { ReplayBooks } from './replay-books.ts';
import { addReplayBot, replayBotAccount, replayBotReport, stopReplayBot, type ReplayBotBody } from './replay-bot.ts';
import type { ReplayRow } from './replay-sessions.ts';

type Schemas = components['schemas'];
type Requests = ReturnType<typeof createBacktestRequests>;

/** The bot's state at the book's instant (the book has the one bot). */
async function statusOf(book: ReplayBook): Promise<Schemas['ReplayBot']> {
  const bot = book.bot!;
  const { kind } = bot.body.bot;
  const { bots } = await book.services.botStatus.states(book.userId, bot.book.portfolioId);
  const { runs } = await book.services.botStatus.runs(book.userId, kind, bot.book.botId);
  const { position_book: positions } = await book.services.trading.positionBook(book.userId, replayBotAccount.accountNumber, undefined);
  return {
    bot: kind === 'trading' ? { ...bot.body.bot, entry_until: bot.body.entry_until } : bot.body.bot,
    account_number: replayBotAccount.accountNumber,
    attached_at: bot.attachedAt.toISOString(),
    state: bots[0]!,
    actions: runs[0]?.actions ?? [],
    positions: positions.net,
    report_final: bot.ended,
    stopped: bot.stopped,
    ...(bot.body.futures_roll_days === undefined ? {} : { futures_roll_days: bot.body.futures_roll_days }),
  };
}

export function createReplayBots({ db, books, requests }: { db: Database; books: ReplayBooks; requests: Requests }) {
  const attached = (book: ReplayBook) => DomainError.said('replay_bot_attached', replayTexts.botAttached(book.bot?.body.bot.name ?? ''), { field: 'bot' });

  return {
    /** Attaches the bot at the replayed instant now (see the header). */
    async attach(userId: number, row: ReplayRow, choice: BotChoice & Pick<Schemas['ReplayBotAttach'], 'futures_roll_days'>): Promise<Schemas['ReplayBot']> {
      const { bot, portfolioId, entryUntil } = await requests.bot(userId, choice);
      if (bot.underlying !== row.index) throw DomainError.said('replay_bot_index', replayTexts.botIndex(bot.underlying, row.index), { field: 'bot' });
      // The trader's risk limits and execution policy on the bot's account apply, as they do in its backtest;
      // copied now, so a rebuild runs with the same.
      // Its futures roll as a backtest's do (absent: a trading day before expiry, the backtest's default).
      const body: ReplayBotBody = {
        bot,
        entry_until: entryUntil,
        risk_limits: await riskLimitsOf(db, portfolioId),
        execution: await executionOf(db, portfolioId),
        futures_roll_days: choice.futures_roll_days ?? 1,
      };
      return books.withBook(row, async (book) => {
        if (book.bot !== null) throw attached(book);
        try {
          await addReplayBot(book, body);
          // Another instance attached one meanwhile: this book is no longer the log's.
          if (!(await books.log(book, 'bot', 'bot', body))) throw attached(book);
        } catch (error) {
          books.forget(book);
          throw error;
        }
        return statusOf(book);
      });
    },

    status: (row: ReplayRow): Promise<Schemas['ReplayBot'] | null> => books.withBook(row, async (book) => (book.bot === null ? null : statusOf(book))),

    /**
     * Stops the bot at the replayed instant now (replay-bot.ts stopReplayBot), logged like the attach under the
     * replay's one key 'bot_stop': a second stop, or one after the close, changes nothing and answers the bot.
     */
    stop: (row: ReplayRow): Promise<Schemas['ReplayBot']> =>
      books.withBook(row, async (book) => {
        if (book.bot === null) throw notFound('replay_bot');
        if (book.bot.stopped || book.bot.ended) return statusOf(book);
        try {
          await stopReplayBot(book);
          // Another instance stopped it meanwhile: this book is no longer the log's (the next call rebuilds it).
          if (!(await books.log(book, 'bot_stop', 'bot_stop', {}))) books.forget(book);
        } catch (error) {
          books.forget(book);
          throw error;
        }
        return statusOf(book);
      }),

    /** The bot's report (final once the replayed day ended). */
    report: (row: ReplayRow): Promise<{ final: boolean; report: BacktestReport }> =>
      books.withBook(row, async (book) => {
        if (book.bot === null) throw notFound('replay_bot');
        return { final: book.bot.ended, report: await replayBotReport(book, book.bot) };
      }),
  };
}

export type ReplayBots = ReturnType<typeof createReplayBots>;
