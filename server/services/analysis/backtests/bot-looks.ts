// The engine's looks at a backtested bot through a day of history: one code path for backtests and replays. A
// backtest (backtest-runner.ts) looks through each of its days at once; a replay (replay/replay-bot.ts) looks
// as its replayed clock passes each instant. Either way the same bot on the same day is ticked at the same
// instants (its entry, every step while it holds, its candles' ends, its exit), its fills passed and its risk
// limits watched the same, so a replayed day's trades are the backtest's.
import { loadHeld } from '../../bots/engine/engine-store.ts';
import { botKey } from '../../bots/engine/engine-types.ts';
import { readEngineDay, reasonAfterLooking, reasonBeforeLooking, scheduledOn, type EntryWindow, type NoTradeDay } from '../../bots/engine/no-trade-days.ts';
import { effectiveExitTime, num, signalStrategies, timedForSession } from '../../bots/engine/rules.ts';
import { botConditionKinds } from '../../bots/engine/condition-reads.ts';
import { conditionMissReason } from '../../bots/engine/condition-miss-reason.ts';
import { clockMinutes, istDate, istOffsetMs } from '../../market/ist.ts';
import { inPause, type DayHours, type TradingCalendar } from '../../market/trading-calendar.ts';
import { localTextOf, words } from '../../texts/said.ts';
import type { Book } from './backtest-book.ts';
import type { BacktestBot } from './backtest-jobs.ts';
import type { MarginSample, RiskStop } from './backtest-report.ts';
import { BacktestFailure } from './backtest-worker.ts';
import { listDay } from './history-market.ts';
import type { HistoryDay } from './history-prices.ts';

/** The instant of an IST minute (and second) of a day. */
export const at = (day: string, minutes: number, seconds = 0) => new Date(Date.parse(`${day}T00:00:00Z`) - istOffsetMs + minutes * 60_000 + seconds * 1000);
const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** The hours a day's looks run over: its session's open and close (HH:MM IST). */
export type LookHours = { open: string; close: string };

/** The last minute a look can fall on: the minute before the session's close (15:39 on a regular day since 3 August 2026). */
const lastLook = (hours: LookHours) => clockMinutes(hours.close) - 1;

/**
 * The instants (IST minutes) the engine is ticked on a day: entry, every step, exit; all before the session's
 * close (the day's regular close, 15:30 or 15:40 since 3 August 2026, or a special session's: Muhurat trading's evening hour).
 */
export function dayTimes(entryTime: string, exitTime: string, stepMinutes: number, hours: LookHours): number[] {
  const entry = clockMinutes(entryTime);
  const exit = Math.min(clockMinutes(exitTime), lastLook(hours));
  const times = new Set<number>([entry]);
  for (let minute = entry + stepMinutes; minute < exit; minute += stepMinutes) times.add(minute);
  if (exit > entry) times.add(exit);
  return [...times].sort((a, b) => a - b);
}

/**
 * The ends of a signal bot's candles (IST minutes, `timeframe` minutes from the session's open: 09:15 on a
 * regular day) between its entry and exit: a signal is read on the last completed candle only
 * (bots/engine/signals.ts), so the engine must look at each one's end or a signal between two steps is never seen.
 */
export function candleEnds(timeframe: number, entryTime: string, exitTime: string, hours: LookHours): number[] {
  const entry = clockMinutes(entryTime);
  const exit = Math.min(clockMinutes(exitTime), lastLook(hours));
  const ends: number[] = [];
  for (let minute = clockMinutes(hours.open) + timeframe; minute < exit; minute += timeframe) if (minute >= entry) ends.push(minute);
  return ends;
}

/** The engine's looks on a day for a bot (over the day's session hours): its steps, and its candles' ends when it trades on signals. */
export function botTimes(bot: BacktestBot, stepMinutes: number, hours: DayHours): number[] {
  // The bot is flat by its effective exit (rules.ts effectiveExitTime: an MIS bot by the minute before the
  // session's square-off, any bot by the session's last minute): looked at then, as its exit.
  const exitTime = effectiveExitTime({ exitTime: bot.exit_time, params: bot.params }, hours);
  const steps = dayTimes(bot.entry_time, exitTime, stepMinutes, hours);
  // None while the market is shut between two sessions (a drill's 10:00–11:30): nothing fills then.
  const open = (times: number[]) => (hours.pause === undefined ? times : times.filter((minute) => !inPause(hours, minute)));
  // A condition is read on the last completed minute (bots/engine/conditions.ts): every minute's end is looked at.
  if (watchesConditions(bot)) return open([...new Set([...steps, ...candleEnds(1, bot.entry_time, exitTime, hours)])].sort((a, b) => a - b));
  if (!signalStrategies.includes(bot.strategy)) return open(steps);
  return open([...new Set([...steps, ...candleEnds(num(bot.params.timeframe_minutes, 5), bot.entry_time, exitTime, hours)])].sort((a, b) => a - b));
}

/** Whether the bot is timed for the day's special session (rules.ts timedForSession): it runs then whatever the weekday. */
export const timedForDay = (bot: Pick<BacktestBot, 'entry_time' | 'exit_time'>, hours: DayHours) => timedForSession({ entryFrom: bot.entry_time, exitTime: bot.exit_time }, hours);

/** Whether the bot has an entry or exit condition (its looks cannot skip a minute). */
export function watchesConditions(bot: Pick<BacktestBot, 'strategy' | 'params'>): boolean {
  const kinds = botConditionKinds(bot);
  return kinds.entry !== 'none' || kinds.exit !== 'none';
}

/** Minutes between the engine's looks inside a day: 5 with the index's minutes, 60 on the daily path. */
export type LookSteps = { minutes: number; daily: number };
export const defaultLookSteps: LookSteps = { minutes: 5, daily: 60 };

/** A bot's run over days on its book, and what the report reads of it. */
export type BotRun = {
  book: Book;
  bot: BacktestBot;
  /** Moves the book's clock (its services read it). */
  move: (at: Date) => void;
  steps: LookSteps;
  calendar: TradingCalendar;
  limited: boolean;
  entry: EntryWindow;
  signal: { from: string; until: string } | null;
  listed: Set<string>;
  margins: MarginSample[];
  riskStops: RiskStop[];
  noTradeDays: NoTradeDay[];
};

/** One day of a run: the instants still to look at, and whether the bot holds anything. */
export type BotDay = { day: string; history: HistoryDay; times: number[]; next: number; held: boolean; scheduled: boolean; outside: NoTradeDay | null; listed: boolean };

/** Starts a run of the book's bot (`calendar`: NSE's, read before shapeMarket adds the days without history). */
export async function startBotRun(book: Book, bot: BacktestBot, entryUntil: string, calendar: TradingCalendar, move: BotRun['move'], steps = defaultLookSteps): Promise<BotRun> {
  const { rows: limited } = await book.db.query('SELECT 1 FROM risk_limits WHERE broker_account_id = $1', [book.account.id]);
  return {
    book,
    bot,
    move,
    steps,
    calendar,
    limited: limited.length > 0,
    entry: { from: bot.entry_time, until: bot.kind === 'trading' ? entryUntil : null },
    signal: signalStrategies.includes(bot.strategy) ? { from: bot.entry_time, until: entryUntil } : null,
    listed: new Set(),
    margins: [],
    riskStops: [],
    noTradeDays: [],
  };
}

// Whether the bot holds anything, read through the engine's own statement for every bot's held legs (the book
// has one bot, so it answers the same): the book's read cache (book-read-cache.ts) then answers the engine's
// next look with it, instead of Postgres netting the year's trades twice.
const holding = async (run: BotRun) => (await loadHeld(run.book.db)).has(botKey(run.bot.kind, run.book.botId));

// Whether any order is being re-priced: the repricer's tick (a locking UPDATE, so it always reaches Postgres)
// finds nothing to do otherwise, and a book whose bot places market orders never has one. This read is answered
// from the book's read cache until repricing_orders is written, so most looks send nothing for it.
const repricing = async (run: BotRun) =>
  (await run.book.db.query<{ working: boolean }>(`SELECT EXISTS (SELECT 1 FROM repricing_orders WHERE state = 'working') AS working`)).rows[0]?.working === true;

/** A day with history: its instants to look at (none when its entry lies outside the session and nothing is held). */
export async function startDay(run: BotRun, history: HistoryDay): Promise<BotDay> {
  const step = history.minutes.size > 0 ? run.steps.minutes : run.steps.daily;
  const held = await holding(run);
  // A day with history is one the exchange traded, a weekend's special session included.
  const scheduled = scheduledOn(run.bot.weekdays, history.day, timedForDay(run.bot, history.hours), true);
  // An entry outside the day's session (08:06, accepted in demo mode) is not tried: the exchange is shut.
  const outside = scheduled ? reasonBeforeLooking(run.calendar, history.day, run.entry, true) : null;
  if (outside !== null) run.noTradeDays.push(outside);
  const times = outside !== null && !held ? [] : botTimes(run.bot, step, history.hours);
  return { day: history.day, history, times, next: 0, held, scheduled, outside, listed: false };
}

/** Why the book's kill switch was just armed (the risk limit's words, as the switch keeps them). */
async function riskStopOf(book: Book, now: Date): Promise<RiskStop> {
  const { rows } = await book.db.query<{ kill_switch_reason: string | null; kill_switch_reason_i18n: unknown }>(
    'SELECT kill_switch_reason, kill_switch_reason_i18n FROM broker_accounts WHERE id = $1',
    [book.account.id],
  );
  const row = rows[0];
  return { at: now.toISOString(), reason: row?.kill_switch_reason ?? '', reason_i18n: localTextOf(row?.kill_switch_reason_i18n) ?? words(row?.kill_switch_reason ?? '').i18n };
}

/** Looks at the day's instants not yet looked at, up to the IST minute `until` (all of them by default). */
export async function lookUntil(run: BotRun, day: BotDay, until = Number.POSITIVE_INFINITY): Promise<void> {
  const { book, bot } = run;
  const { services } = book;
  for (; day.next < day.times.length && day.times[day.next]! <= until; day.next += 1) {
    const n = day.next;
    const minute = day.times[n]!;
    // Between the entry and the exit the engine has nothing to judge while the bot is flat (a trading bot's
    // signals excepted): those looks are skipped, which is most of a day after a stop-loss.
    if (n > 0 && n < day.times.length - 1 && !day.held && bot.kind === 'daily' && bot.params.re_entry === undefined && !watchesConditions(bot)) continue;
    const now = at(day.day, minute);
    run.move(now);
    // The day's contracts, listed once a day (a day's expiries do not change before the close).
    if (!day.listed) await listDay(book.db, services.market, day.history, now, run.listed);
    day.listed = true;
    const ticked = await services.botEngine.tick(now);
    if (ticked.errors.length > 0) throw new BacktestFailure(day.day, `${hhmm(minute)}: ${String((ticked.errors[0] as Error).message ?? ticked.errors[0])}`);
    // Orders the account's execution policy placed as LIMIT are re-priced at each look (history has no finer
    // prices than its minutes), then matched by the fill engine's pass below.
    if (await repricing(run)) {
      const repriced = await services.repricer.tick(now);
      if (repriced.worked > 0) await services.paperTrading.onTick(now);
    }
    // Bots place market orders, filled as they are placed: the fill engine's pass and the margin read
    // matter only after the bot acted.
    if (ticked.acted > 0) {
      await services.paperTrading.onTick(now);
      run.margins.push({ day: day.day, marginPaise: (await services.paperTrading.funds(book.account)).marginPaise });
      day.held = await holding(run);
    }
    // The day's P&L moves while the bot holds, and by the charges and realised P&L of what it just did
    // (a stop-loss exit can bring the day's loss to the limit with nothing held).
    if (run.limited && (day.held || ticked.acted > 0) && (await services.riskLimits.watch(now)) > 0) {
      run.riskStops.push(await riskStopOf(book, now));
      day.held = await holding(run);
    }
  }
}

/** Why the bot's entry condition failed on the day, as the engine's looks found it; null for a bot without one. */
function conditionMiss(run: BotRun, day: BotDay) {
  if (botConditionKinds(run.bot).entry === 'none') return null;
  const note = run.book.services.botEngine.entryMissOf(botKey(run.bot.kind, run.book.botId), day.day);
  if (note === null) return null;
  const until = effectiveExitTime({ exitTime: run.bot.exit_time, params: run.bot.params }, day.history.hours);
  // No index minutes imported: the day's prices are modelled from its bhavcopy (history-prices.ts).
  return conditionMissReason(run.bot.params, note, { from: run.bot.entry_time, until }, day.history.minutes.size === 0);
}

/** The day's end: why the bot did not trade (if it did not), then the expiry settlement of what it holds. */
export async function endDay(run: BotRun, day: BotDay): Promise<void> {
  if (day.scheduled && day.outside === null) {
    const stop = run.riskStops.find((candidate) => istDate(new Date(candidate.at)) === day.day);
    const engineDay = await readEngineDay(run.book.db, { kind: run.bot.kind, id: run.book.botId }, day.day);
    const quiet = reasonAfterLooking(day.day, engineDay, stop === undefined ? null : { text: stop.reason, i18n: stop.reason_i18n }, run.signal, conditionMiss(run, day));
    if (quiet !== null) run.noTradeDays.push(quiet);
  }
  // After the close: contracts held into their expiry settle at the exchange's settlement price (at the close of
  // the day's regular session, which expiries fall in; after a later special session's close, never before it).
  if (day.held) {
    const { hours } = day.history;
    const now = at(day.day, Math.max(clockMinutes((hours.regular ?? hours).close), clockMinutes(hours.close)), 30);
    run.move(now);
    await run.book.services.paperTrading.onTick(now, { fills: false });
  }
}
