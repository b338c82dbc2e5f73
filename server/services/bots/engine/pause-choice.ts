// Pausing a bot that holds a position asks what to do with it: keep_managing (no new entry; its stop-loss,
// target and exit time still close it) or exit_now (the engine closes it on its next tick). The choice is
// kept on the bot's run of the day, where the engine reads it; resuming clears it.
import type { components } from '../../../../openapi/main.d.ts';
import type { Queryable } from '../../../db/database.ts';
import { DomainError } from '../../domain-error.ts';
import { istDate } from '../../market/ist.ts';
import { botRuleTexts } from '../../texts/bot-rule-texts.ts';
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
  const holding = (await loadHeld(q, { kind: bot.kind, id: bot.id })).size > 0;
  if (pausing && holding && pauseAction === undefined) {
    throw DomainError.said('pause_choice_required', botRuleTexts.pauseChoiceRequired, { field: 'pause_action' });
  }
  // Not pausing, so resuming (or stopping) a paused bot: the line above returned for any other.
  if (!pausing) {
    await changeRun(q, bot, istDate(now), (run) => ({ pauseAction: null, state: run.state === 'paused' ? 'waiting' : run.state }), now);
    return;
  }
  if (holding) await changeRun(q, bot, istDate(now), () => (pauseAction === undefined ? {} : { pauseAction }), now);
}
