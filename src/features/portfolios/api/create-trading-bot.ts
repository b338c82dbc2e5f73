import type { TradingBot, TradingBotCreate } from '@/features/portfolios/api/portfolio-types';
import { mainApi } from '@/lib/api/clients';
import { requireField } from '@/lib/api/require-field';

/** Creates a trading bot in the portfolio the body names (the path carries the same id, as the contract asks). */
export async function createTradingBot(bot: TradingBotCreate): Promise<TradingBot> {
  const answer = await mainApi().POST('/api/trading_bots/trading_bots/{portfolioId}/', {
    params: { path: { portfolioId: bot.portfolio_id } },
    body: bot,
  });
  return requireField(answer, 'trading_bot').trading_bot;
}
