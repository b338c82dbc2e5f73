import type { BotState } from '@/features/portfolios/api/bot-engine-types';

/** The dashboard's bots figure: how many run, hold a position, are paused or stopped, and their net P&L today. */
export type BotsToday = { running: number; inPosition: number; paused: number; stopped: number; pnl: number | null };

/**
 * Sums the bots' states. The P&L adds only what the server gave (in paise, so the rupees come out exact);
 * when no bot has traded today it is null, shown as "—", never a zero made up from missing figures.
 */
export function botsToday(states: readonly BotState[]): BotsToday {
  const count = (state: BotState['state']) => states.filter((bot) => bot.state === state).length;
  const paused = count('paused');
  const stopped = count('stopped');
  const known = states.flatMap((bot) => (bot.pnl_today === null ? [] : [Math.round(bot.pnl_today * 100)]));
  return {
    running: states.length - paused - stopped,
    inPosition: count('in_position'),
    paused,
    stopped,
    pnl: known.length === 0 ? null : known.reduce((sum, paise) => sum + paise, 0) / 100,
  };
}
