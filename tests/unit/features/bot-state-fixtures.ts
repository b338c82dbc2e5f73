/** Bot engine answers for the portfolio screen tests. */
import type { components } from '@openapi/main';

type BotState = components['schemas']['BotState'];

/** A bot's state today with nothing done yet; override what the test is about. */
export function botState(bot: { id: number }, kind: 'trading' | 'daily', over: Partial<BotState> = {}): BotState {
  return {
    kind,
    bot_id: bot.id,
    trading_day: '2026-11-24',
    state: 'waiting',
    reason: null,
    pnl_today: null,
    entries_today: 0,
    open_positions: 0,
    last_action: null,
    next_action_at: null,
    approve_first: false,
    ...over,
  };
}
