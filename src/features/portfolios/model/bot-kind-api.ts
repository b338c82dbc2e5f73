/**
 * What differs between trading bots and daily bots, so one set of hooks and components serves both:
 * their calls, their list atom, and which fields their bodies carry (the contract rejects unknown fields,
 * so a trading bot's body never carries a schedule).
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
import type { Bot, BotChanges, BotFields, BotKind, PortfolioBots, Schedule } from '@/features/portfolios/model/bot-kind';

export type BotKindApi<B extends Bot> = {
  kind: BotKind;
  atom: PrimitiveAtom<PortfolioBots<B>>;
  list: (portfolioId: number) => Promise<B[]>;
  create: (portfolioId: number, fields: BotFields) => Promise<B>;
  update: (id: number, changes: BotChanges) => Promise<B>;
  remove: (id: number) => Promise<string>;
};

/** Bots run on paper until a real broker adapter exists (BotMode). */
const PAPER = 'paper';

function withoutSchedule<T extends Partial<Schedule>>(fields: T): Omit<T, keyof Schedule> {
  const { entry_time: _entry, exit_time: _exit, weekdays: _weekdays, ...rest } = fields;
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
    createTradingBot({ ...withoutSchedule(fields), portfolio_id: portfolioId, mode: PAPER }),
  update: (id, changes) => updateTradingBot(id, withoutSchedule(changes)),
  remove: deleteTradingBot,
};

export const dailyBotApi: BotKindApi<DailyBot> = {
  kind: 'daily',
  atom: dailyBotsAtom,
  list: getDailyBots,
  create: (portfolioId, fields) =>
    createDailyBot({ ...fields, ...scheduleOf(fields), portfolio_id: portfolioId, mode: PAPER }),
  update: updateDailyBot,
  remove: deleteDailyBot,
};
