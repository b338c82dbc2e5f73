// The engine over history: a job's bot runs on an isolated book (backtest-book.ts) through the server's own
// bot engine and paper broker, priced from history (history-prices.ts), the clock injected and stepped through
// the bot's times on each day with history: its entry, then every `stepMinutes` (while it holds a position) until its exit time (stops,
// targets, trails and re-entries are judged at those instants), then past 15:30 for the paper broker's expiry
// settlement. Progress is reported once a day, which is also where a cancel stops it. Each of the bot's days
// that produced no trade gets its reason (bots/engine/no-trade-days.ts): the calendar's and the data's before
// the engine looks (a day whose session the entry does not fit in is not looked at: exchange hours), the
// engine's own record after.
import type { Database } from '../../db/database.ts';
import { clockMinutes, istDate, istOffsetMs, marketHours } from '../market/ist.ts';
import type { IndexName } from '../market/index-config.ts';
import { loadHeld } from '../bots/engine/engine-store.ts';
import { num, signalStrategies } from '../bots/engine/rules.ts';
import { botKey } from '../bots/engine/engine-types.ts';
import type { BacktestBot } from './backtest-jobs.ts';
import { buildReport, type MarginSample, type RiskStop } from './backtest-report.ts';
import { openBook, type Book } from './backtest-book.ts';
import { BacktestFailure, type BacktestRun } from './backtest-worker.ts';
import { historyPrices } from './history-prices.ts';
import { localTextOf, words } from '../texts/said.ts';
import { listDay, shapeMarket } from './history-market.ts';
import { loadTradingCalendar } from '../market/calendar-data.ts';
import { addDays } from '../market/trading-calendar.ts';
import { readEngineDay, reasonAfterLooking, reasonBeforeLooking, scheduledOn, type NoTradeDay } from '../bots/engine/no-trade-days.ts';

const at = (day: string, minutes: number, seconds = 0) => new Date(Date.parse(`${day}T00:00:00Z`) - istOffsetMs + minutes * 60_000 + seconds * 1000);
const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** The instants (IST minutes) the engine is ticked on a day: entry, every step, exit; all before the 15:30 close. */
export function dayTimes(entryTime: string, exitTime: string, stepMinutes: number): number[] {
  const entry = clockMinutes(entryTime);
  const exit = Math.min(clockMinutes(exitTime), clockMinutes('15:29'));
  const times = new Set<number>([entry]);
  for (let minute = entry + stepMinutes; minute < exit; minute += stepMinutes) times.add(minute);
  if (exit > entry) times.add(exit);
  return [...times].sort((a, b) => a - b);
}

/**
 * The ends of a signal bot's candles (IST minutes, `timeframe` minutes from the 09:15 open) between its entry
 * and exit: a signal is read on the last completed candle only (bots/engine/signals.ts), so the engine must
 * look at each one's end or a signal between two steps is never seen.
 */
export function candleEnds(timeframe: number, entryTime: string, exitTime: string): number[] {
  const entry = clockMinutes(entryTime);
  const exit = Math.min(clockMinutes(exitTime), clockMinutes('15:29'));
  const ends: number[] = [];
  for (let minute = clockMinutes(marketHours.open) + timeframe; minute < exit; minute += timeframe) if (minute >= entry) ends.push(minute);
  return ends;
}

/** The engine's looks on a day for a bot: its steps, and its candles' ends when it trades on signals. */
export function botTimes(bot: BacktestBot, stepMinutes: number): number[] {
  const steps = dayTimes(bot.entry_time, bot.exit_time, stepMinutes);
  if (!signalStrategies.includes(bot.strategy)) return steps;
  return [...new Set([...steps, ...candleEnds(num(bot.params.timeframe_minutes, 5), bot.entry_time, bot.exit_time)])].sort((a, b) => a - b);
}

/** Why the book's kill switch was just armed (the risk limit's words, as the switch keeps them). */
async function riskStopOf(book: Book, now: Date): Promise<RiskStop> {
  const { rows } = await book.db.query<{ kill_switch_reason: string | null; kill_switch_reason_i18n: unknown }>(
    'SELECT kill_switch_reason, kill_switch_reason_i18n FROM broker_accounts WHERE id = $1',
    [book.account.id],
  );
  const row = rows[0];
  return { at: now.toISOString(), reason: row?.kill_switch_reason ?? '', reason_i18n: (localTextOf(row?.kill_switch_reason_i18n) ?? words(row?.kill_switch_reason ?? '').i18n) };
}

/** The next morning after a risk stop: the switch turned off through the product's own disarm, the bot resumed. */
async function resumeAfterRiskStop(book: Book, kind: BacktestBot['kind'], now: Date): Promise<void> {
  const { rows } = await book.db.query<{ user_id: number; armed: boolean }>(
    'SELECT user_id, kill_switch_armed_at IS NOT NULL AS armed FROM broker_accounts WHERE id = $1',
    [book.account.id],
  );
  if (rows[0]?.armed !== true) return;
  const number = book.account.accountNumber;
  await book.services.killSwitch.disarm(Number(rows[0].user_id), { account_number: number, confirmation: number, source: 'risk_limit' }, { address: null, userAgent: null });
  await book.db.query(`UPDATE ${kind === 'daily' ? 'daily_bots' : 'trading_bots'} SET status = 'active', updated_at = $2 WHERE id = $1 AND status = 'stopped'`, [book.botId, now]);
}

/** ANALYZE of every table of the book's schema (not the catalogues), one statement. */
const analyzeBookTables = `DO $$ DECLARE book_table record; BEGIN
  FOR book_table IN SELECT format('%I.%I', schemaname, tablename) AS name FROM pg_tables WHERE schemaname = 'public' LOOP
    EXECUTE 'ANALYZE ' || book_table.name;
  END LOOP;
END $$`;

export type RunnerOptions = {
  /** Minutes between the engine's looks inside the day (5 with imported minutes, 60 on the daily path,
   *  a straight line between two closes). */
  stepMinutes?: { minutes: number; daily: number };
};

export function createHistoryRunner(history: Database, options: RunnerOptions = {}): BacktestRun {
  const steps = options.stepMinutes ?? { minutes: 5, daily: 60 };
  return async (job, report) => {
    let now = at(job.from, 0);
    const clock = () => now;
    const prices = historyPrices({ history, clock });
    const index = job.bot.underlying as IndexName;
    const days = await prices.load(index, job.from, job.to);
    if (days.length === 0) throw new BacktestFailure(job.from, `No ${index} option history between ${job.from} and ${job.to}`);
    const book = await openBook(job, history, clock, prices);
    try {
      const { services } = book;
      // NSE's calendar as the migrations hold it, read before shapeMarket adds a year's missing weekdays as
      // holidays (only where NSE's list is not known): a weekday without history is then no history, not a holiday.
      const calendar = await loadTradingCalendar(book.db, 'NSE');
      await shapeMarket(book.db, index, days.map((day) => prices.day(index, day)!));
      const listed = new Set<string>();
      const margins: MarginSample[] = [];
      // Whether the bot holds anything, read through the engine's own statement for every bot's held legs (the
      // book has one bot, so it answers the same): the book's read cache (book-read-cache.ts) then answers the
      // engine's next look with it, instead of Postgres netting the year's trades twice.
      const botHeldKey = botKey(job.bot.kind, book.botId);
      const holding = async () => (await loadHeld(book.db)).has(botHeldKey);
      const { rows: limited } = await book.db.query('SELECT 1 FROM risk_limits WHERE broker_account_id = $1', [book.account.id]);
      const riskStops: RiskStop[] = [];
      const noTradeDays: NoTradeDay[] = [];
      const entry = { from: job.bot.entry_time, until: job.bot.kind === 'trading' ? job.entryUntil : null };
      const signal = signalStrategies.includes(job.bot.strategy) ? { from: job.bot.entry_time, until: job.entryUntil } : null;
      const withHistory = new Set(days);
      // The bot's days without history (holidays, gaps) have their reason without a look.
      for (let date = job.from; date <= job.to; date = addDays(date, 1)) {
        if (withHistory.has(date) || !scheduledOn(job.bot.weekdays, date)) continue;
        noTradeDays.push(reasonBeforeLooking(calendar, date, entry, false)!);
      }
      for (const [position, day] of days.entries()) {
        // The book's planner statistics, refreshed as its tables grow (after 1, 2, 4, 8… days): PGlite runs
        // Postgres in single-user mode, where autovacuum never analyses a table, and a planner that takes each
        // table for empty joins thousands of trades by nested loops (a year's looks then cost more each day).
        // Statistics change plans only, never which rows a query answers. The book's own tables only: a bare
        // ANALYZE also sampled every system catalogue each time (1–3 s of a year's run), which the book's
        // statements never read.
        if (position > 0 && (position & (position - 1)) === 0) await book.db.exec(analyzeBookTables);
        const history = prices.day(index, day)!;
        // A risk limit stops trading for the rest of its day (the switch's cool-off ends at midnight); the next
        // morning the trader turns the switch off and resumes the bot, which the book does before the first look.
        if (riskStops.length > 0) {
          now = at(day, 0);
          await resumeAfterRiskStop(book, job.bot.kind, now);
        }
        const step = history.minutes.size > 0 ? steps.minutes : steps.daily;
        let held = await holding();
        const scheduled = scheduledOn(job.bot.weekdays, day);
        // An entry outside the day's session (08:06, accepted in demo mode) is not tried: the exchange is shut.
        const outside = scheduled ? reasonBeforeLooking(calendar, day, entry, true) : null;
        if (outside !== null) noTradeDays.push(outside);
        const times = outside !== null && !held ? [] : botTimes(job.bot, step);
        let listedToday = false;
        for (const [n, minute] of times.entries()) {
          // Between the entry and the exit the engine has nothing to judge while the bot is flat (a trading bot's
          // signals excepted): those looks are skipped, which is most of a day after a stop-loss.
          if (n > 0 && n < times.length - 1 && !held && job.bot.kind === 'daily' && job.bot.params.re_entry === undefined) continue;
          now = at(day, minute);
          // The day's contracts, listed once a day (a day's expiries do not change before the close).
          if (!listedToday) await listDay(book.db, services.market, history, now, listed);
          listedToday = true;
          const ticked = await services.botEngine.tick(now);
          if (ticked.errors.length > 0) throw new BacktestFailure(day, `${hhmm(minute)}: ${String((ticked.errors[0] as Error).message ?? ticked.errors[0])}`);
          // Bots place market orders, filled as they are placed: the fill engine's pass and the margin read
          // matter only after the bot acted.
          if (ticked.acted > 0) {
            await services.paperTrading.onTick(now);
            margins.push({ day, marginPaise: (await services.paperTrading.funds(book.account)).marginPaise });
            held = await holding();
          }
          // The day's P&L moves while the bot holds, and by the charges and realised P&L of what it just did
          // (a stop-loss exit can bring the day's loss to the limit with nothing held).
          if (limited.length > 0 && (held || ticked.acted > 0) && (await services.riskLimits.watch(now)) > 0) {
            riskStops.push(await riskStopOf(book, now));
            held = await holding();
          }
        }
        if (scheduled && outside === null) {
          const stop = riskStops.find((candidate) => istDate(new Date(candidate.at)) === day);
          const quiet = reasonAfterLooking(day, await readEngineDay(book.db, { kind: job.bot.kind, id: book.botId }, day), stop === undefined ? null : { text: stop.reason, i18n: stop.reason_i18n }, signal);
          if (quiet !== null) noTradeDays.push(quiet);
        }
        // After the close: contracts held into their expiry settle at the exchange's settlement price.
        if (held) {
          now = at(day, clockMinutes('15:30'), 30);
          await services.paperTrading.onTick(now, { fills: false });
        }
        await report((position + 1) / days.length);
      }
      noTradeDays.sort((a, b) => a.date.localeCompare(b.date));
      return { ...(await buildReport(book, prices, index, days, margins, riskStops)), no_trade_days: noTradeDays };
    } finally {
      await book.db.close();
    }
  };
}
