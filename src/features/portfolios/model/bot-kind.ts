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

/** What a bot form describes: a bot's own fields, plus its schedule for a daily bot. */
export type BotFields = Omit<TradingBotCreate, 'portfolio_id' | 'status' | 'mode'> & Partial<Schedule>;
export type BotChanges = Partial<BotFields> & { status?: BotStatus };

/** A bot list knows whose it is, so an answer that arrives after the trader moved on never lands elsewhere. */
export type PortfolioBots<B extends Bot> = { portfolioId: number | null; bots: B[] };

export function isDailyBot(bot: Bot): bot is DailyBot {
  return 'entry_time' in bot;
}

/** Pause and resume: a stopped bot resumes too. */
export function nextStatus(status: BotStatus): BotStatus {
  return status === 'active' ? 'paused' : 'active';
}
