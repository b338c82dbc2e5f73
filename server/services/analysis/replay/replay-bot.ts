// A bot in a replay's book (issue 39): a saved bot of the trader's, or one configured on the spot, as a backtest
// takes it (backtests/backtest-requests.ts), added to the replay's book on a paper account of its own (RB1,
// the replay's capital), so its report holds its trades alone, beside the trader's own orders on RP1. The
// engine looks at it through the backtest's own code (backtests/bot-looks.ts) as the replayed clock passes its
// instants (replay-books.ts advance): its entry, every step while it holds, its exit, then the expiry
// settlement after the close. Its report is a backtest's of that day (buildReport), so the two agree to the
// paisa. Attaching is logged like an order (replay_actions, kind 'bot', at the replayed instant), so the book
// is rebuilt with the same bot after a restart or on another instance. A future it holds near its expiry is rolled
// at the day's last minute, after its last look, by the backtest's own roll (backtests/future-rolls.ts, issue 63),
// so the replayed day's roll is the backtest's.
import { addBookBot, applyExecution, type Book } from '../backtests/backtest-book.ts';
import type { BacktestReport } from '../backtests/backtest-jobs.ts';
import { buildReport } from '../backtests/backtest-report.ts';
import { at, endDay, lookUntil, startBotRun, startDay } from '../backtests/bot-looks.ts';
import { rollFutures } from '../backtests/future-rolls.ts';
import { addPaperAccount } from '../backtests/paper-book.ts';
import { loadHeld } from '../../bots/engine/engine-store.ts';
import { loadTradingCalendar } from '../../market/calendar-data.ts';
import { clockMinutes, istMinutes } from '../../market/ist.ts';
import { replayCapitalPaise, type ReplayBook, type ReplayBot, type ReplayBotBody } from './replay-book.ts';

// The book holds its bot, so their types stand together (replay-book.ts); named here too, where bots are attached.
export type { ReplayBot, ReplayBotBody } from './replay-book.ts';

export const replayBotAccount = { slug: 'replay-bot', title: 'Replay bot', accountNumber: 'RB1' };

/** Adds the bot at the book's instant now; the looks before that instant are passed, not made. */
export async function addReplayBot(book: ReplayBook, body: ReplayBotBody): Promise<void> {
  const attachedAt = book.now;
  const { accountId, portfolioId } = await addPaperAccount(book.db, book.userId, replayBotAccount, replayCapitalPaise, attachedAt);
  // The account's execution policy, as a backtest's book takes it: LIMIT and re-price at each look, its cost in the report.
  await applyExecution(book.db, accountId, body.execution ?? null);
  const botId = await addBookBot(book.db, { accountId, portfolioId }, body.bot, body.entry_until, body.risk_limits, attachedAt);
  const botBook: Book = { db: book.db, services: book.services, account: { id: accountId, accountNumber: replayBotAccount.accountNumber, capitalPaise: replayCapitalPaise }, portfolioId, botId };
  const calendar = await loadTradingCalendar(book.db, 'NSE');
  const run = await startBotRun(botBook, body.bot, body.entry_until, calendar, (instant) => (book.now = instant));
  const day = await startDay(run, book.day);
  while (day.next < day.times.length && at(book.day.day, day.times[day.next]!) < attachedAt) day.next += 1;
  book.bot = { body, attachedAt, book: botBook, run, day, ended: false, stopped: false, rolled: false };
  await lookBot(book, attachedAt);
  book.now = attachedAt;
  book.passDueAt = null;
}

/** The bot's looks due up to `instant` (the replayed clock passing it), then its roll once the day's last minute is reached. */
export async function lookBot(book: ReplayBook, instant: Date): Promise<void> {
  if (book.bot === null || book.bot.ended) return;
  await lookUntil(book.bot.run, book.bot.day, istMinutes(instant));
  if (istMinutes(instant) >= clockMinutes(book.day.hours.close) - 1) await rollBot(book);
}

/**
 * The roll of the futures the bot holds (the trader's setting, a backtest's futures_roll_days), once, at the day's
 * last minute after its last look: where the backtest's runner rolls them (backtest-runner.ts), so both agree.
 */
async function rollBot(book: ReplayBook): Promise<void> {
  const bot = book.bot;
  if (bot === null || bot.rolled) return;
  bot.rolled = true;
  const now = book.now;
  if (bot.day.held && (await rollFutures(bot.run, bot.day, bot.body.futures_roll_days ?? 0)) > 0) book.passDueAt = null;
  book.now = now;
}

/**
 * The trader stops the bot at the book's instant: paused with "exit now", as the Bots screen pauses a bot that
 * holds a position, and looked at once, so its engine exits what it holds at this minute's prices (its
 * pause_exit, in its log and its report) and it enters nothing more. Its later looks find it paused and flat.
 */
export async function stopReplayBot(book: ReplayBook): Promise<void> {
  const bot = book.bot;
  if (bot === null || bot.ended || bot.stopped) return;
  const { services } = book;
  const now = book.now;
  const kind = bot.body.bot.kind;
  const bots = kind === 'daily' ? services.dailyBots : services.tradingBots;
  await bots.update(book.userId, bot.book.botId, { status: 'paused', pause_action: 'exit_now' });
  const ticked = await services.botEngine.tick(now);
  // Orders an execution policy placed as LIMIT are re-priced at each look, as in a backtest (bot-looks.ts).
  const repriced = await services.repricer.tick(now);
  if (ticked.acted > 0 || repriced.worked > 0) await services.paperTrading.onTick(now);
  book.now = now;
  bot.day.held = (await loadHeld(book.db, { kind, id: bot.book.botId })).size > 0;
  bot.stopped = true;
  book.passDueAt = null;
}

/** After the close: the bot's day ends as a backtest's does (its no-trade reason, its expiry settlement). */
export async function endBot(book: ReplayBook): Promise<void> {
  if (book.bot === null || book.bot.ended) return;
  await lookUntil(book.bot.run, book.bot.day);
  await rollBot(book);
  await endDay(book.bot.run, book.bot.day);
  book.bot.ended = true;
}

/** The bot's report, a backtest's of the replayed day: final once the day ended, else what it did so far. */
export async function replayBotReport(book: ReplayBook, bot: ReplayBot): Promise<BacktestReport> {
  const report = await buildReport(bot.book, book.prices, book.index, [book.day.day], bot.run.margins, bot.run.riskStops);
  return { ...report, no_trade_days: bot.ended ? [...bot.run.noTradeDays] : [] };
}
