import type { DailyBot, DailyBotCreate } from '@/features/portfolios/api/portfolio-types';
import { mainApi } from '@/lib/api/clients';
import { requireField } from '@/lib/api/require-field';

/** Creates a daily bot in the portfolio the body names (the path carries the same id, as the contract asks). */
export async function createDailyBot(bot: DailyBotCreate): Promise<DailyBot> {
  const answer = await mainApi().POST('/api/daily_bots/daily_bots/{portfolioId}/', {
    params: { path: { portfolioId: bot.portfolio_id } },
    body: bot,
  });
  return requireField(answer, 'daily_bot').daily_bot;
}
