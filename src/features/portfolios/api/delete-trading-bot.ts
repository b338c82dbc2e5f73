import { mainApi } from '@/lib/api/clients';
import { requireField } from '@/lib/api/require-field';

/** Deletes a trading bot; its open positions stay (they are squared off separately). Answers the server's message. */
export async function deleteTradingBot(id: number): Promise<string> {
  const answer = await mainApi().DELETE('/api/trading_bots/trading_bot/{id}/', { params: { path: { id } } });
  return requireField(answer, 'message').message;
}
