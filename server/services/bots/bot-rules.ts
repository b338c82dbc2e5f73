// The rules every bot obeys, whatever the contract's schemas cannot say (its mode: live-bot-rules.ts): params valid
// for the chosen base strategy (defaults filled in), lots within the index's freeze limit, and for daily
// bots a schedule inside market hours. Failures answer 422 naming the field and the limit.
import type { components } from '../../../openapi/main.d.ts';
import type { Queryable } from '../../db/database.ts';
import { DomainError, type DomainErrorCode } from '../domain-error.ts';
import { indexFacts } from '../market/index-config.ts';
import { clockMinutes, marketHours } from '../market/ist.ts';
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
  const facts = await indexFacts(q, fields.underlying, now);
  if (fields.lots > facts.freezeLots) {
    throw unprocessable('lots_above_freeze_limit', 'lots', botRuleTexts.lotsAboveFreeze({ underlying: fields.underlying, ...facts }, fields.lots));
  }
  return { ...fields, name, params };
}

/** The hours a bot's times must fall in (IST). */
export type SessionHours = { open: string; close: string };
/** Demo mode: the simulated market never closes, so a bot may be scheduled at any time of day. */
export const demoHours: SessionHours = { open: '00:00', close: '23:59' };

function checkInMarketHours<Field extends BotTimeField>(times: Record<Field, string>, fields: readonly Field[], hours: SessionHours): void {
  const open = clockMinutes(hours.open);
  const close = clockMinutes(hours.close);
  for (const field of fields) {
    const minutes = clockMinutes(times[field]);
    if (minutes < open || minutes > close) {
      throw unprocessable('outside_market_hours', field, botRuleTexts.outsideMarketHours(field, times[field], hours));
    }
  }
}

/** The trading bot's window: inside market hours, entries open before they close, and close by the exit time. */
export function checkTradingWindow(window: TradingWindow, hours: SessionHours = marketHours): TradingWindow {
  checkInMarketHours(window, ['entry_from', 'entry_until', 'exit_time'], hours);
  if (clockMinutes(window.entry_from) >= clockMinutes(window.entry_until)) {
    throw unprocessable('entry_not_before_exit', 'entry_until', botRuleTexts.entryWindowBackwards(window.entry_from));
  }
  if (clockMinutes(window.entry_until) > clockMinutes(window.exit_time)) {
    throw unprocessable('entry_not_before_exit', 'exit_time', botRuleTexts.exitInsideEntryWindow(window.entry_until));
  }
  return window;
}

/** Entry and exit inside market hours (09:15–15:30 IST), entry first; weekdays sorted. */
export function checkSchedule(schedule: Schedule, hours: SessionHours = marketHours): Schedule {
  checkInMarketHours(schedule, ['entry_time', 'exit_time'], hours);
  if (clockMinutes(schedule.entry_time) >= clockMinutes(schedule.exit_time)) {
    throw unprocessable('entry_not_before_exit', 'exit_time', botRuleTexts.exitBeforeEntry(schedule.entry_time));
  }
  return { ...schedule, weekdays: [...schedule.weekdays].sort((a, b) => a - b) };
}
