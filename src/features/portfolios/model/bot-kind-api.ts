/**
 * What differs between trading bots and daily bots, so one set of hooks and components serves both:
 * their calls, their list atom, and which fields their bodies carry (the contract rejects unknown fields,
 * so a trading bot's body never carries a daily schedule, and a daily bot's never an entry window).
 */
import type { PrimitiveAtom } from 'jotai';
import { createDailyBot } from '@/features/portfolios/api/create-daily-bot';
import { createTradingBot } from '@/features/portfolios/api/create-trading-bot';
import { deleteDailyBot } from '@/features/portfolios/api/delete-daily-bot';
import { deleteTradingBot } from '@/features/portfolios/api/delete-trading-bot';
import { getDailyBots } from '@/features/portfolios/api/get-daily-bots';
import { getTradingBots } from '@/features/portfolios/api/get-trading-bots';
import type { DailyBot, TradingBot } from '@/features/portfolios/api/portfolio-types';
import { updateDailyBot } from '@/features/portfolios/api/update-daily-bot';
import { updateTradingBot } from '@/features/portfolios/api/update-trading-bot';
import { dailyBotsAtom } from '@/features/portfolios/atoms/daily-bots-atom';
import { tradingBotsAtom } from '@/features/portfolios/atoms/trading-bots-atom';
import type { Bot, BotChanges, BotFields, BotKind, PortfolioBots, Schedule, TradingWindow } from '@/features/portfolios/model/bot-kind';

export type BotKindApi<B extends Bot> = {
  kind: BotKind;
  atom: PrimitiveAtom<PortfolioBots<B>>;
  list: (portfolioId: number) => Promise<B[]>;
  create: (portfolioId: number, fields: BotFields) => Promise<B>;
  update: (id: number, changes: BotChanges) => Promise<B>;
  remove: (id: number) => Promise<string>;
};

/** A bot is paper unless its form says live (a bot on a live account: BotMode). */
const PAPER = 'paper';

/** Both kinds have exit_time; only daily bots have entry_time and weekdays. */
function withoutDailyFields<T extends Partial<Schedule>>(fields: T): Omit<T, 'entry_time' | 'weekdays'> {
  const { entry_time: _entry, weekdays: _weekdays, ...rest } = fields;
  return rest;
}

function withoutWindow<T extends Partial<TradingWindow>>(fields: T): Omit<T, 'entry_from' | 'entry_until'> {
  const { entry_from: _from, entry_until: _until, ...rest } = fields;
  return rest;
}

function scheduleOf(fields: Partial<Schedule>): Schedule {
  const { entry_time, exit_time, weekdays } = fields;
  // The daily form always has these; reaching here without them is a bug, not a trader's mistake.
  if (entry_time === undefined || exit_time === undefined || weekdays === undefined) {
    throw new Error('A daily bot needs its entry time, exit time and weekdays');
  }
  return { entry_time, exit_time, weekdays };
}

export const tradingBotApi: BotKindApi<TradingBot> = {
  kind: 'trading',
  atom: tradingBotsAtom,
  list: getTradingBots,
  create: (portfolioId, fields) =>
    createTradingBot({ ...withoutDailyFields(fields), portfolio_id: portfolioId, mode: fields.mode ?? PAPER }),
  update: (id, changes) => updateTradingBot(id, withoutDailyFields(changes)),
  remove: deleteTradingBot,
};

export const dailyBotApi: BotKindApi<DailyBot> = {
  kind: 'daily',
  atom: dailyBotsAtom,
  list: getDailyBots,
  create: (portfolioId, fields) =>
    createDailyBot({ ...withoutWindow(fields), ...scheduleOf(fields), portfolio_id: portfolioId, mode: fields.mode ?? PAPER }),
  update: (id, changes) => updateDailyBot(id, withoutWindow(changes)),
  remove: deleteDailyBot,
};
