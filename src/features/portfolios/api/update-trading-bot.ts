import type { TradingBot, TradingBotUpdate } from '@/features/portfolios/api/portfolio-types';
import { mainApi } from '@/lib/api/clients';
import { requireField } from '@/lib/api/require-field';

/** Changes a trading bot (edit, pause, resume); answers it as saved. */
export async function updateTradingBot(id: number, changes: TradingBotUpdate): Promise<TradingBot> {
  const answer = await mainApi().PUT('/api/trading_bots/trading_bot/{id}/', { params: { path: { id } }, body: changes });
  return requireField(answer, 'trading_bot').trading_bot;
}
