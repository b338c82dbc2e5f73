// The engine over history: a job's bot runs on an isolated book (backtest-book.ts) through the server's own
// bot engine and paper broker, priced from history (history-prices.ts), the clock injected and stepped through
// the bot's times on each day with history (bot-looks.ts, the looks a replay's bot gets too): its entry, then
// every `stepMinutes` (while it holds a position) until its exit time (stops, targets, trails and re-entries are
// judged at those instants), its futures rolled before their expiry at the day's last minute if the trader asked
// (future-rolls.ts), then past the close for the paper broker's expiry settlement. A special session
// (Muhurat trading, a Saturday drill) runs at its own hours and MIS square-off, as its replay does. Progress is reported once a day, which is also where a cancel stops it. Each of the bot's days
// that produced no trade gets its reason (bots/engine/no-trade-days.ts): the calendar's and the data's before
// the engine looks (a day whose session the entry does not fit in is not looked at: exchange hours), the
// engine's own record after.
import type { Database } from '../../../db/database.ts';
import type { IndexName } from '../../market/index-config.ts';
import { loadTradingCalendar } from '../../market/calendar-data.ts';
import { addDays, dayHours } from '../../market/trading-calendar.ts';
import { reasonBeforeLooking, scheduledOn } from '../../bots/engine/no-trade-days.ts';
import type { BacktestBot } from './backtest-jobs.ts';
import type { BookServicesFactory } from '../book-services.ts';
import { buildReport } from './backtest-report.ts';
import { openBook, type Book } from './backtest-book.ts';
import { BacktestFailure, type BacktestRun } from './backtest-worker.ts';
import { at, defaultLookSteps, endDay, lookUntil, startBotRun, startDay, timedForDay, type LookSteps } from './bot-looks.ts';
import { historyPrices } from './history-prices.ts';
import { rollFutures } from './future-rolls.ts';
import { shapeMarket } from './history-market.ts';

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

const quotedName = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * The book's planner statistics brought up to date: the first time every table of the book's schema, then only
 * the tables written since the last (the book's driver says which, Database.tablesWritten; all of them where it
 * cannot). A table nobody wrote keeps its statistics: under 30,000 rows ANALYZE reads a table whole, so it would
 * find the same again, and the two larger (the listing's instruments and their open interest) are written with
 * each new expiry. Each ANALYZE also makes Postgres plan again every statement that reads what it analysed.
 */
async function analyzeBook(db: Database, first: boolean, bookTables: () => Promise<ReadonlySet<string>>): Promise<void> {
  const written = first ? null : (db.tablesWritten?.() ?? null);
  if (written === null) await db.exec(analyzeBookTables);
  else {
    const tables = await bookTables();
    const changed = written.filter((table) => tables.has(table));
    if (changed.length > 0) await db.exec(`ANALYZE ${changed.map(quotedName).join(', ')}`);
  }
  // Written from here on (the ANALYZE of every table is a statement whose writes the driver does not know).
  db.tablesWritten?.();
}

export type RunnerOptions = {
  /** Minutes between the engine's looks inside the day (5 with imported minutes, 60 on the daily path,
   *  a straight line between two closes). */
  stepMinutes?: LookSteps;
  /** The book's database, when the caller opens it (a backtest's thread: in-thread, started while history is read). */
  openDatabase?: () => Promise<Database>;
};

/** `services` builds the server's services over the run's book (the services root's bookServices). */
export function createHistoryRunner(history: Database, services: BookServicesFactory, options: RunnerOptions = {}): BacktestRun {
  const steps = options.stepMinutes ?? defaultLookSteps;
  return async (job, report) => {
    let now = at(job.from, 0);
    const clock = () => now;
    const prices = historyPrices({ history, clock });
    const index = job.bot.underlying as IndexName;
    // NSE's calendar as the migrations hold it (the server's database, where history is), read before the book's
    // shapeMarket adds a year's missing weekdays as holidays (only where NSE's list is not known): a weekday
    // without history is then no history, not a holiday. Each day is priced and looked at over the hours it
    // traded at, by the rule a replay of that day uses (trading-calendar.ts dayHours): a Muhurat evening's hour,
    // a drill's 09:15–10:00, each with its own MIS square-off; the regular session of that date otherwise (09:15–15:40 since 3 August 2026, 15:30 before).
    const calendar = await loadTradingCalendar(history, 'NSE');
    const days = await prices.load(index, job.from, job.to, (day) => dayHours(calendar, day));
    if (days.length === 0) throw new BacktestFailure(job.from, `No ${index} option history between ${job.from} and ${job.to}`);
    const book = await openBook(job, history, { clock, prices, services, database: options.openDatabase?.() });
    try {
      await shapeMarket(book.db, index, days.map((day) => prices.day(index, day)!));
      const run = await startBotRun(book, job.bot, job.entryUntil, calendar, (instant) => (now = instant), steps);
      let tables: Promise<ReadonlySet<string>> | undefined;
      const bookTables = () =>
        (tables ??= book.db
          .query<{ tablename: string }>(`SELECT tablename FROM pg_tables WHERE schemaname = 'public'`)
          .then(({ rows }) => new Set(rows.map((row) => row.tablename))));
      const withHistory = new Set(days);
      // The bot's days without history (holidays, gaps) have their reason without a look.
      for (let date = job.from; date <= job.to; date = addDays(date, 1)) {
        if (withHistory.has(date) || !scheduledOn(job.bot.weekdays, date, timedForDay(job.bot, dayHours(calendar, date)), calendar.specialSessions.has(date))) continue;
        run.noTradeDays.push(reasonBeforeLooking(calendar, date, run.entry, false)!);
      }
      for (const [position, day] of days.entries()) {
        // The book's planner statistics, refreshed as its tables grow (after 1, 2, 4, 8… days): PGlite runs
        // Postgres in single-user mode, where autovacuum never analyses a table, and a planner that takes each
        // table for empty joins thousands of trades by nested loops (a year's looks then cost more each day).
        // Statistics change plans only, never which rows a query answers. The book's own tables only: a bare
        // ANALYZE also sampled every system catalogue each time (1–3 s of a year's run), which the book's
        // statements never read.
        if (position > 0 && (position & (position - 1)) === 0) await analyzeBook(book.db, position === 1, bookTables);
        // A risk limit stops trading for the rest of its day (the switch's cool-off ends at midnight); the next
        // morning the trader turns the switch off and resumes the bot, which the book does before the first look.
        if (run.riskStops.length > 0) {
          now = at(day, 0);
          await resumeAfterRiskStop(book, job.bot.kind, now);
        }
        const looks = await startDay(run, prices.day(index, day)!);
        await lookUntil(run, looks);
        // The trader's roll of a future before its expiry (future-rolls.ts), after the bot's last look of the day.
        if (looks.held) await rollFutures(run, looks, job.futuresRollDays ?? 0);
        await endDay(run, looks);
        await report((position + 1) / days.length);
      }
      run.noTradeDays.sort((a, b) => a.date.localeCompare(b.date));
      return { ...(await buildReport(book, prices, index, days, run.margins, run.riskStops)), no_trade_days: run.noTradeDays };
    } finally {
      await book.db.close();
    }
  };
}
