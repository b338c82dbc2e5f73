import type { BotState } from '@/features/portfolios/api/bot-engine-types';

/** What the card calls a bot's day: its state, with a day that has traded told apart from one still to begin. */
export type DayWords = BotState['state'] | 'waiting_next' | 'done';

/**
 * The card's words for the bot's day. The server says 'waiting' after an exit only when the bot will enter
 * again today (a trend bot's next signal while it has trades left in its entry window, a daily bot's
 * re-entry after a stop), and 'exited' when it will not: so a bot waiting after it entered reads as waiting
 * for its next entry, and an exited one as done for the day, never "exited" while it can still trade.
 */
export function dayWordsOf(state: Pick<BotState, 'state' | 'entries_today'>): DayWords {
  if (state.state === 'exited') return 'done';
  if (state.state === 'waiting' && state.entries_today > 0) return 'waiting_next';
  return state.state;
}
