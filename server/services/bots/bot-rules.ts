// The rules every bot obeys, whatever the contract's schemas cannot say (its mode: live-bot-rules.ts): params valid
// for the chosen base strategy (defaults filled in), lots within the index's freeze limit, and for daily
// bots a schedule inside market hours. Failures answer 422 naming the field and the limit.
import type { components } from '../../../openapi/main.d.ts';
import type { Queryable } from '../../db/database.ts';
import { DomainError, type DomainErrorCode } from '../domain-error.ts';
import { loadTradingCalendar } from '../market/calendar-data.ts';
import { largestLotOn } from '../market/contract-lots.ts';
import { noFreezeQuantity } from '../market/freeze-quantities.ts';
import { contractTermsOf, underlyingFacts, underlyingOf } from '../market/underlying-facts.ts';
import { clockMinutes, istDate } from '../market/ist.ts';
import { regularSessionOn } from '../market/trading-calendar.ts';
import type { StrategiesService } from '../strategies/strategies-service.ts';
import { cleanText } from '../text.ts';
import { botRuleTexts, type BotTimeField } from '../texts/bot-rule-texts.ts';
import type { Said } from '../texts/said.ts';

type Schemas = components['schemas'];
export type TradingBot = Schemas['TradingBot'];
export type DailyBot = Schemas['DailyBot'];
export type PauseAction = Schemas['PauseAction'];
/** The trading bot's own schedule: its entry window and exit time. */
type TradingWindowField = 'entry_from' | 'entry_until' | 'exit_time';
/** What every bot has, whatever its kind. */
export type BotCommon = Omit<TradingBot, TradingWindowField>;
export type TradingWindow = Pick<TradingBot, TradingWindowField>;
export type RequestedMode = NonNullable<Schemas['TradingBotCreate']['mode']>;

/** A bot's own fields, as the trader asked for them (mode may still be a live one). */
export type BotFields = Omit<BotCommon, 'id' | 'portfolio_id' | 'mode'> & { mode: RequestedMode };

export type Schedule = Pick<DailyBot, 'entry_time' | 'exit_time' | 'weekdays'>;

const unprocessable = (code: DomainErrorCode, field: string, text: Said) => DomainError.said(code, text, { field });

/** The fields as they will be stored, or a 422. */
export async function checkBotFields(q: Queryable, strategies: StrategiesService, fields: BotFields, now: Date): Promise<Omit<BotCommon, 'id' | 'portfolio_id'>> {
  const name = cleanText(fields.name, 'name');
  const strategy = await strategies.find(q, fields.base_strategy);
  if (strategy === null) throw unprocessable('unknown_base_strategy', 'base_strategy', botRuleTexts.unknownBaseStrategy(fields.base_strategy));
  const params = strategies.checkParams(strategy, fields.params);
  // An index's or a stock's freeze quantity of the day (a stock NSE's freeze file does not name has none).
  const { freezeQuantity } = await contractTermsOf(q, fields.underlying, now);
  if (freezeQuantity === noFreezeQuantity) return { ...fields, name, params };
  // The bot's contract is chosen at entry: its lots are checked with the largest lot trading today (the fewest lots a freeze allows).
  const lotSize = (await largestLotOn(q, fields.underlying, istDate(now))) ?? 1;
  const freezeLots = Math.floor(freezeQuantity / lotSize);
  if (fields.lots > freezeLots) {
    throw unprocessable('lots_above_freeze_limit', 'lots', botRuleTexts.lotsAboveFreeze({ underlying: fields.underlying, freezeLots, freezeQuantity, lotSize }, fields.lots));
  }
  return { ...fields, name, params };
}

/**
 * A bot trading the stock its alert names (issue 63) keeps the session of an index of the stocks' exchange segment
 * (NFO): its `underlying` names whose calendar and hours, not what it trades.
 */
export async function checkStockFromAlert(q: Queryable, underlying: string, now: Date): Promise<void> {
  const { kind, exchange } = await underlyingFacts(q, underlying, now);
  if (kind !== 'index') throw unprocessable('validation_failed', 'underlying', botRuleTexts.stockFromAlertIndex(underlying));
  if (exchange !== 'NFO') throw unprocessable('validation_failed', 'underlying', botRuleTexts.stockFromAlertExchange(underlying, exchange));
}

/**
 * A session a bot's times may fall in (HH:MM IST): the regular one in force (09:15–15:40 since 3 August 2026), or a special session of the exchange
 * calendar (`day` its date: Muhurat trading's evening hour), or in demo mode the whole day.
 */
export type SessionHours = { open: string; close: string; day?: string | undefined };
/** Demo mode: the simulated market never closes, so a bot may be scheduled at any time of day. */
export const demoHours: SessionHours = { open: '00:00', close: '23:59' };

/**
 * The sessions a bot on `underlying` may be timed in: the regular one first, then each special session its
 * exchange's calendar holds, past (a backtest or replay of 1 November 2024's Muhurat hour) or coming (8 November
 * 2026's). A bot timed inside a special session trades on that session's days (rules.ts timedForSession).
 */
export async function botSessions(q: Queryable, underlying: string, now: Date): Promise<SessionHours[]> {
  const calendar = await loadTradingCalendar(q, (await underlyingOf(q, underlying)).exchange);
  const special = [...calendar.specialSessions].map(([day, session]) => ({ open: session.open, close: session.close, day }));
  const { open, close } = regularSessionOn(calendar, istDate(now));
  return [{ open, close }, ...special];
}

const inside = (session: SessionHours, time: string) => clockMinutes(time) >= clockMinutes(session.open) && clockMinutes(time) <= clockMinutes(session.close);

/**
 * The times must all fall in one session (an entry at 18:05 and an exit at 18:45 in a Muhurat hour; not an entry
 * at 09:20 and an exit at 18:45). Refused (422 outside_market_hours) on the first field outside the session the
 * first time falls in: the regular one when it does, else the latest special session holding it, named with its day
 * and hours.
 */
function checkInSessions<Field extends BotTimeField>(times: Record<Field, string>, fields: readonly Field[], sessions: readonly SessionHours[]): void {
  if (sessions.some((session) => fields.every((field) => inside(session, times[field])))) return;
  const [regular] = sessions;
  const first = fields[0]!;
  const holdsFirst = (session: SessionHours) => inside(session, times[first]);
  const home = regular !== undefined && holdsFirst(regular) ? regular : [...sessions].reverse().find(holdsFirst);
  if (home === undefined || home === regular || home.day === undefined) {
    const field = home === undefined ? first : fields.find((candidate) => !inside(home, times[candidate]))!;
    throw unprocessable('outside_market_hours', field, botRuleTexts.outsideMarketHours(field, times[field], regular!));
  }
  const field = fields.find((candidate) => !inside(home, times[candidate]))!;
  throw unprocessable('outside_market_hours', field, botRuleTexts.outsideSpecialSession(field, times[field], { day: home.day, open: home.open, close: home.close }, first));
}

/** The trading bot's window: inside market hours, entries open before they close, and close by the exit time. */
export function checkTradingWindow(window: TradingWindow, sessions: readonly SessionHours[]): TradingWindow {
  checkInSessions(window, ['entry_from', 'entry_until', 'exit_time'], sessions);
  if (clockMinutes(window.entry_from) >= clockMinutes(window.entry_until)) {
    throw unprocessable('entry_not_before_exit', 'entry_until', botRuleTexts.entryWindowBackwards(window.entry_from));
  }
  if (clockMinutes(window.entry_until) > clockMinutes(window.exit_time)) {
    throw unprocessable('entry_not_before_exit', 'exit_time', botRuleTexts.exitInsideEntryWindow(window.entry_until));
  }
  return window;
}

/** Entry and exit inside one session (the regular one in force, 09:15–15:40 IST since 3 August 2026, or a special session's), entry first; weekdays sorted. */
export function checkSchedule(schedule: Schedule, sessions: readonly SessionHours[]): Schedule {
  checkInSessions(schedule, ['entry_time', 'exit_time'], sessions);
  if (clockMinutes(schedule.entry_time) >= clockMinutes(schedule.exit_time)) {
    throw unprocessable('entry_not_before_exit', 'exit_time', botRuleTexts.exitBeforeEntry(schedule.entry_time));
  }
  return { ...schedule, weekdays: [...schedule.weekdays].sort((a, b) => a - b) };
}
