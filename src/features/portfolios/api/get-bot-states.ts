import type { BotStates } from '@/features/portfolios/api/bot-engine-types';
import { mainApi } from '@/lib/api/clients';
import { requireField } from '@/lib/api/require-field';

/** What every bot of a portfolio (trading and daily) is doing today: one call for all the cards. */
export async function getBotStates(portfolioId: number): Promise<BotStates> {
  const answer = await mainApi().GET('/api/bots/state/{portfolioId}/', { params: { path: { portfolioId } } });
  const { bots, as_of } = requireField(answer, 'bots', 'as_of');
  return { bots, as_of };
}
