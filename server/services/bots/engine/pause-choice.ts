// Pausing a bot that holds a position asks what to do with it: keep_managing (no new entry; its stop-loss,
// target and exit time still close it) or exit_now (the engine closes it on its next tick). The choice is
// kept on the bot's run of the day, where the engine reads it; resuming clears it.
import type { components } from '../../../../openapi/main.d.ts';
import type { Queryable } from '../../../db/database.ts';
import { DomainError } from '../../domain-error.ts';
import { istDate } from '../../market/ist.ts';
import type { BotKind } from './action-keys.ts';
import { changeRun } from './bot-runs.ts';
import { loadHeld } from './engine-store.ts';

type PauseAction = components['schemas']['PauseAction'];

export async function applyPauseChoice(
  q: Queryable,
  bot: { kind: BotKind; id: number; portfolioId: number; from: string; to: string },
  pauseAction: PauseAction | undefined,
  now: Date,
): Promise<void> {
  const pausing = bot.to === 'paused';
  if (!pausing && bot.from !== 'paused') return;
  const holding = ((await loadHeld(q, { kind: bot.kind, id: bot.id })).size ?? 0) > 0;
  if (pausing && holding && pauseAction === undefined) {
    throw new DomainError(
      'pause_choice_required',
      'pause_action: this bot holds a position. Choose keep_managing (it still exits by its stop-loss, target and exit time) or exit_now (closed on the next tick).',
      { field: 'pause_action' },
    );
  }
  if (!pausing && bot.from === 'paused') {
    await changeRun(q, bot, istDate(now), (run) => ({ pauseAction: null, state: run.state === 'paused' ? 'waiting' : run.state }), now);
    return;
  }
  if (holding) await changeRun(q, bot, istDate(now), () => (pauseAction === undefined ? {} : { pauseAction }), now);
}
