import type { IntlShape } from 'react-intl';
import type { BotActionRecord } from '@/features/portfolios/api/bot-engine-types';
import { actionDoneMessage, actionNameMessage, actionStatusMessage } from '@/features/portfolios/bot-state-messages';

/** "Entered 09:20" for a completed action; "Entry failed at 09:20" and the like otherwise. */
export function actionText(intl: IntlShape, action: BotActionRecord, clock: (at: string) => string): string {
  if (action.status === 'completed') {
    return intl.formatMessage(actionDoneMessage, { action: action.action, time: clock(action.completed_at ?? action.claimed_at) });
  }
  const name = intl.formatMessage(actionNameMessage, { action: action.action });
  return intl.formatMessage(actionStatusMessage, { status: action.status, action: name, time: clock(action.claimed_at) });
}
