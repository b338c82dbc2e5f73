import type { IntlShape } from 'react-intl';
import type { BotActionRecord } from '@/features/portfolios/api/bot-engine-types';
import { isolate } from '@/lib/format/isolate';
import { actionDoneMessage, actionNameMessage, actionStatusMessage, legActionMessage } from '@/features/portfolios/bot-state-messages';

/**
 * "Entered 09:20" for a completed action; "Entry failed at 09:20" and the like otherwise; a per-leg stop names
 * its leg: "Leg stop-loss hit 10:15 · NIFTY26D0125800CE".
 */
export function actionText(intl: IntlShape, action: BotActionRecord, clock: (at: string) => string): string {
  const text =
    action.status === 'completed'
      ? intl.formatMessage(actionDoneMessage, { action: action.action, time: clock(action.completed_at ?? action.claimed_at) })
      : intl.formatMessage(actionStatusMessage, { status: action.status, action: intl.formatMessage(actionNameMessage, { action: action.action }), time: clock(action.claimed_at) });
  return action.leg === null ? text : intl.formatMessage(legActionMessage, { action: text, leg: isolate(action.leg) });
}
