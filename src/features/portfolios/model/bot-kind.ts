import type { PauseAction } from '@/features/portfolios/api/bot-engine-types';
import type {
  BotStatus,
  DailyBot,
  TradingBot,
  TradingBotCreate,
} from '@/features/portfolios/api/portfolio-types';

/** Trading bots follow signals through market hours; daily bots enter and exit at set times. */
export type BotKind = 'trading' | 'daily';
export type Bot = TradingBot | DailyBot;
export type Schedule = Pick<DailyBot, 'entry_time' | 'exit_time' | 'weekdays'>;

/** A trading bot's day: signals count from entry_from until entry_until; anything open is closed at exit_time. */
export type TradingWindow = Pick<TradingBot, 'entry_from' | 'entry_until' | 'exit_time'>;

/** What a bot form describes: a bot's own fields, plus its schedule (daily) or its entry window (trading). */
export type BotFields = Omit<TradingBotCreate, 'portfolio_id' | 'status'> & Partial<Schedule>;
/** pause_action: what a bot being paused does with the position it holds. */
export type BotChanges = Partial<BotFields> & { status?: BotStatus; pause_action?: PauseAction };

/** A bot list knows whose it is, so an answer that arrives after the trader moved on never lands elsewhere. */
export type PortfolioBots<B extends Bot> = { portfolioId: number | null; bots: B[] };

export function isDailyBot(bot: Bot): bot is DailyBot {
  return 'entry_time' in bot;
}

/** Pause and resume: a stopped bot resumes too. */
export function nextStatus(status: BotStatus): BotStatus {
  return status === 'active' ? 'paused' : 'active';
}
