import type { DailyBot } from '@/features/portfolios/api/portfolio-types';
import { mainApi } from '@/lib/api/clients';
import { requireField } from '@/lib/api/require-field';

/** A portfolio's daily bots. */
export async function getDailyBots(portfolioId: number): Promise<DailyBot[]> {
  const answer = await mainApi().GET('/api/daily_bots/daily_bots/{portfolioId}/', {
    params: { path: { portfolioId } },
  });
  return requireField(answer, 'daily_bots').daily_bots;
}
