// Why a bot's scheduled day produced no trade, for a backtest's report and for a replay of a past day (which
// runs the same engine on the same calendar): first what the exchange's calendar and the day's data say before
// the engine looks (a holiday, no data, an entry time outside that day's session), then what the engine
// recorded when it looked (a risk limit, the kill switch, a leg without a price, another refusal, a missed
// entry), else that no signal came, that its entry condition failed (named, and why), or the bot simply did not
// enter. One reason a day, the first that applies.
import type { components } from '../../../../openapi/main.d.ts';
import type { Queryable } from '../../../db/database.ts';
import { clockMinutes } from '../../market/ist.ts';
import { dayHours, inPause, isoWeekday, sessionOn, type TradingCalendar } from '../../market/trading-calendar.ts';
import { noTradeTexts } from '../../texts/no-trade-texts.ts';
import { localTextOf, words, type LocalText, type Said } from '../../texts/said.ts';

export type NoTradeDay = components['schemas']['NoTradeDay'];
export type NoTradeReason = NoTradeDay['reason'];

const noTrade = (date: string, reason: NoTradeReason, text: Said): NoTradeDay => ({ date, reason, message: text.text, message_i18n: text.i18n });

/**
 * A day the bot runs on, as the live engine decides it (rules.ts botRunsOn): a daily bot on its weekdays; a trading
 * bot (no weekdays) on every trading day, a weekend's special session included (`weekendSession`: the Budget
 * Saturday of 1 February 2025); any bot on a day whose special session it is timed for (rules.ts
 * timedForSession: a Muhurat bot on a Sunday's Muhurat hour).
 */
export function scheduledOn(weekdays: readonly number[] | null, date: string, timedForToday = false, weekendSession = false): boolean {
  if (timedForToday) return true;
  const weekday = isoWeekday(date);
  if (weekdays === null) return weekday <= 5 || weekendSession;
  return weekday <= 5 && weekdays.includes(weekday);
}

/**
 * The bot's entry: a daily bot's entry time (`until` null), or a trading bot's window from `from` until (not
 * including) `until`. IST clock times.
 */
export type EntryWindow = { from: string; until: string | null };

/** What the calendar and the data say before the engine looks; null when the day has a session the entry fits in. */
export function reasonBeforeLooking(calendar: TradingCalendar, date: string, entry: EntryWindow, hasData: boolean): NoTradeDay | null {
  const session = sessionOn(calendar, date);
  if (session === null) return noTrade(date, 'holiday', noTradeTexts.holiday(calendar.holidays.get(date) ?? 'exchange holiday'));
  if (!hasData) return noTrade(date, 'no_history', noTradeTexts.noHistory);
  const open = clockMinutes(session.open);
  const close = clockMinutes(session.close);
  const hours = { entry: entry.from, open: session.open, close: session.close };
  const lastEntry = entry.until === null ? clockMinutes(entry.from) : clockMinutes(entry.until) - 1;
  if (lastEntry < open) return noTrade(date, 'before_open', noTradeTexts.beforeOpen(hours));
  if (clockMinutes(entry.from) >= close) return noTrade(date, 'after_close', noTradeTexts.afterClose(hours));
  // An entry time while the market is shut between two sessions (a drill's 10:30): before the second one opens.
  const pause = dayHours(calendar, date).pause;
  if (entry.until === null && pause !== undefined && inPause({ pause }, clockMinutes(entry.from))) {
    return noTrade(date, 'before_open', noTradeTexts.beforeOpen({ entry: entry.from, open: pause.until, close: session.close }));
  }
  return null;
}

/** What the engine wrote of the bot's day (bot_actions, bot_runs), and the risk limit that stopped it that day. */
export type EngineDay = {
  /** Something was bought or sold: the day had a trade. */
  acted: boolean;
  /** The entries the engine or the broker refused, in order. */
  refusals: Said[];
  /** The run's reason when the entry was missed (late, interrupted). */
  missed: Said | null;
};

const saidOf = (text: string | null, coded: unknown): Said => {
  const i18n = localTextOf(coded);
  return i18n === null ? words(text ?? '') : { text: text ?? '', i18n };
};

/** Reads the engine's own record of a bot's day (the same tables on paper, live, in a backtest's book or a replay). */
export async function readEngineDay(db: Queryable, bot: { kind: 'daily' | 'trading'; id: number }, date: string): Promise<EngineDay> {
  const { rows: actions } = await db.query<{ phase: string; status: string; message: string | null; message_i18n: unknown }>(
    `SELECT phase, status, message, message_i18n FROM bot_actions WHERE bot_kind = $1 AND bot_id = $2 AND trading_day = $3::date ORDER BY claimed_at, id`,
    [bot.kind, bot.id, date],
  );
  const { rows: runs } = await db.query<{ state: string; reason: string | null; reason_i18n: unknown }>(
    `SELECT state, reason, reason_i18n FROM bot_runs WHERE bot_kind = $1 AND bot_id = $2 AND trading_day = $3::date`,
    [bot.kind, bot.id, date],
  );
  const run = runs[0];
  return {
    acted: actions.some((action) => action.status === 'completed'),
    refusals: actions.filter((action) => action.phase === 'entry' && action.status === 'failed').map((action) => saidOf(action.message, action.message_i18n)),
    missed: run?.state === 'missed' ? saidOf(run.reason, run.reason_i18n) : null,
  };
}

/** Every code in a coded text, its nested reasons included. */
function codesIn(text: LocalText): string[] {
  const nested = Object.values(text.params).flatMap((value) => (typeof value === 'object' && value !== null && !Array.isArray(value) ? codesIn(value) : []));
  return [text.code, ...nested];
}

const noPriceCodes = new Set(['order.no_price', 'bot.no_index_level']);
const killSwitchCodes = new Set(['order.kill_switch_on', 'kill_switch.late_closed']);

/**
 * Why a day the engine looked at produced no trade, from its record; null when it traded. `riskStop` is the
 * risk limit's words when the limits armed the kill switch that day; `signal` a signal bot's entry window;
 * `condition` why a bot with an entry condition did not enter (condition-miss-reason.ts), null without one.
 */
export function reasonAfterLooking(
  date: string,
  day: EngineDay,
  riskStop: Said | null,
  signal: { from: string; until: string } | null,
  condition: Said | null = null,
): NoTradeDay | null {
  if (day.acted) return null;
  if (riskStop !== null) return noTrade(date, 'risk_limit', noTradeTexts.riskLimit(riskStop));
  for (const refusal of day.refusals) {
    const codes = codesIn(refusal.i18n);
    if (codes.some((code) => killSwitchCodes.has(code))) return noTrade(date, 'kill_switch', noTradeTexts.killSwitch(refusal));
    if (codes.some((code) => noPriceCodes.has(code))) return noTrade(date, 'no_price', noTradeTexts.noPrice(refusal));
  }
  const refusal = day.refusals[0];
  if (refusal !== undefined) return noTrade(date, 'refused', noTradeTexts.refused(refusal));
  if (day.missed !== null) return noTrade(date, 'missed', noTradeTexts.missed(day.missed));
  if (signal !== null) return noTrade(date, 'no_signal', noTradeTexts.noSignal(signal.from, signal.until));
  // A bot with an entry condition: the condition named and why it failed (condition-miss-reason.ts).
  if (condition !== null) return noTrade(date, 'entry_condition', condition);
  return noTrade(date, 'no_entry', noTradeTexts.noEntry);
}
