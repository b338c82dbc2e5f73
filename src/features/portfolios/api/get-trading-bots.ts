import type { TradingBot } from '@/features/portfolios/api/portfolio-types';
import { mainApi } from '@/lib/api/clients';
import { requireField } from '@/lib/api/require-field';

/** A portfolio's trading bots. */
export async function getTradingBots(portfolioId: number): Promise<TradingBot[]> {
  const answer = await mainApi().GET('/api/trading_bots/trading_bots/{portfolioId}/', {
    params: { path: { portfolioId } },
  });
  return requireField(answer, 'trading_bots').trading_bots;
}
