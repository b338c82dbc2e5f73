// "Save as a bot": a bot configured on the spot for a backtest, created as a paper bot through the bots API
// (never live: only portfolios under a paper account are offered, and the mode is sent as paper). It is
// created paused, so keeping a backtested idea never starts trading by itself.
import type { components } from '@openapi/main';
import type { Backtest } from '@/features/backtests/api/backtest-calls';
import { mainApi } from '@/lib/api/clients';
import { requireField } from '@/lib/api/require-field';

type Schemas = components['schemas'];
export type SavedFromBacktest = { kind: Schemas['BotKind']; id: number; name: string };

/** Null when the bot's strategy is no longer offered (the report keeps its slug, the bot needs its id). */
export async function saveAsPaperBot(bot: Backtest['bot'], portfolioId: number, name: string): Promise<SavedFromBacktest | null> {
  const strategies = requireField(await mainApi().GET('/api/base_strategies/base_strategies/'), 'base_strategies').base_strategies;
  const strategy = strategies.find((candidate) => candidate.slug === bot.strategy);
  if (strategy === undefined) return null;
  const common = {
    portfolio_id: portfolioId,
    name,
    base_strategy: strategy.id,
    underlying: bot.underlying,
    lots: bot.lots,
    stop_loss_pct: bot.stop_loss_pct,
    target_pct: bot.target_pct,
    params: bot.params,
    mode: 'paper' as const,
    status: 'paused' as const,
  };
  const path = { params: { path: { portfolioId } } };
  if (bot.kind === 'daily') {
    const body = { ...common, entry_time: bot.entry_time, exit_time: bot.exit_time, weekdays: bot.weekdays ?? [1, 2, 3, 4, 5] };
    const saved = requireField(await mainApi().POST('/api/daily_bots/daily_bots/{portfolioId}/', { ...path, body }), 'daily_bot').daily_bot;
    return { kind: 'daily', id: saved.id, name: saved.name };
  }
  const window = { entry_from: bot.entry_time, exit_time: bot.exit_time, ...(bot.entry_until === undefined ? {} : { entry_until: bot.entry_until }) };
  const saved = requireField(await mainApi().POST('/api/trading_bots/trading_bots/{portfolioId}/', { ...path, body: { ...common, ...window } }), 'trading_bot').trading_bot;
  return { kind: 'trading', id: saved.id, name: saved.name };
}
