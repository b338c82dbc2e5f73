// The two kinds of bot. A trading bot is signal-driven and runs through market hours; a daily bot also
// has a schedule: it enters at entry_time and exits at exit_time (IST) on the chosen weekdays.
import { checkSchedule, checkTradingWindow, type DailyBot, type TradingBot } from './bot-rules.ts';
import { commonFields, type BotKind, type BotRow } from './bots-service.ts';
import { defaultMaxStockPositions } from './engine/engine-types.ts';

/** A trading bot's window when the trader leaves it out: after the opening's noise, flat well before the close. */
export const defaultTradingWindow = { entry_from: '09:30', entry_until: '14:30', exit_time: '15:15' } as const;

export const tradingBotKind: BotKind<TradingBot> = {
  table: 'trading_bots',
  thing: 'trading_bot',
  extraColumns: ['entry_from', 'entry_until', 'exit_time', 'stock_from_alert', 'max_stock_positions'],
  extraSelect: ['b.entry_from', 'b.entry_until', 'b.exit_time', 'b.stock_from_alert', 'b.max_stock_positions'],
  toBot: (row: BotRow) => ({
    ...commonFields(row),
    entry_from: String(row.entry_from),
    entry_until: String(row.entry_until),
    exit_time: String(row.exit_time),
    stock_from_alert: row.stock_from_alert === true,
    max_stock_positions: Number(row.max_stock_positions),
  }),
  checkExtra: (bot, sessions) => ({ ...bot, ...checkTradingWindow(bot, sessions) }),
  extraValues: (bot) => [bot.entry_from, bot.entry_until, bot.exit_time, bot.stock_from_alert === true, bot.max_stock_positions ?? defaultMaxStockPositions],
  defaults: { ...defaultTradingWindow, stock_from_alert: false, max_stock_positions: defaultMaxStockPositions },
};

function weekdaysOf(value: unknown): number[] {
  // array_to_json comes back parsed on both drivers; a text form would be the only other shape.
  const list: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  return Array.isArray(list) ? list.map(Number) : [];
}

export const dailyBotKind: BotKind<DailyBot> = {
  table: 'daily_bots',
  thing: 'daily_bot',
  extraColumns: ['entry_time', 'exit_time', 'weekdays'],
  extraSelect: ['b.entry_time', 'b.exit_time', 'array_to_json(b.weekdays) AS weekdays'],
  toBot: (row: BotRow) => ({
    ...commonFields(row),
    entry_time: String(row.entry_time),
    exit_time: String(row.exit_time),
    weekdays: weekdaysOf(row.weekdays),
  }),
  checkExtra: (bot, sessions) => ({ ...bot, ...checkSchedule(bot, sessions) }),
  // A Postgres array literal: both drivers pass text through unchanged, whatever they do with JS arrays.
  extraValues: (bot) => [bot.entry_time, bot.exit_time, `{${bot.weekdays.join(',')}}`],
  defaults: {},
};
