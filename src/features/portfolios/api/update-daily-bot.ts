import type { DailyBot, DailyBotUpdate } from '@/features/portfolios/api/portfolio-types';
import { mainApi } from '@/lib/api/clients';
import { requireField } from '@/lib/api/require-field';

/** Changes a daily bot (edit, pause, resume); answers it as saved. */
export async function updateDailyBot(id: number, changes: DailyBotUpdate): Promise<DailyBot> {
  const answer = await mainApi().PUT('/api/daily_bots/daily_bot/{id}/', { params: { path: { id } }, body: changes });
  return requireField(answer, 'daily_bot').daily_bot;
}
