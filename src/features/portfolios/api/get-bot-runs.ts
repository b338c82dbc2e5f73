import type { BotRun } from '@/features/portfolios/api/bot-engine-types';
import type { BotKind } from '@/features/portfolios/model/bot-kind';
import { mainApi } from '@/lib/api/clients';
import { requireField } from '@/lib/api/require-field';

/** A bot's history: one run per trading day, newest first, with each action it took. */
export async function getBotRuns(kind: BotKind, id: number): Promise<BotRun[]> {
  const answer = await mainApi().GET('/api/bots/runs/{kind}/{id}/', { params: { path: { kind, id } } });
  return requireField(answer, 'runs').runs;
}
