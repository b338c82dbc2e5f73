import type { IntlShape } from 'react-intl';
import type { BotActionRecord } from '@/features/portfolios/api/bot-engine-types';
import { isolate } from '@/lib/format/isolate';
import { sayServerText } from '@/i18n/say-server-text';
import { approvalActionMessage, actionDoneMessage, actionNameMessage, actionStatusMessage, legActionMessage } from '@/features/portfolios/bot-state-messages';

/**
 * "Entered 09:20" for a completed action; "Entry failed at 09:20" and the like otherwise; a per-leg stop names
 * its leg: "Leg stop-loss hit 10:15 · NIFTY26D0125800CE"; an entry an approve-first bot proposed says how the
 * proposal ended: "Entry approved from Chrome on Android at 09:21".
 */
export function actionText(intl: IntlShape, action: BotActionRecord, clock: (at: string) => string): string {
  // An approve-first bot's entry says how its proposal ended, when and from which device (issue 41).
  if (action.approval !== undefined) {
    const { approval } = action;
    const device = approval.device === null ? 'none' : isolate(sayServerText(intl, approval.device_text, approval.device));
    return intl.formatMessage(approvalActionMessage, { action: action.action, status: approval.status, device, time: clock(approval.decided_at) });
  }
  const text =
    action.status === 'completed'
      ? intl.formatMessage(actionDoneMessage, { action: action.action, time: clock(action.completed_at ?? action.claimed_at) })
      : intl.formatMessage(actionStatusMessage, { status: action.status, action: intl.formatMessage(actionNameMessage, { action: action.action }), time: clock(action.claimed_at) });
  return action.leg === null ? text : intl.formatMessage(legActionMessage, { action: text, leg: isolate(action.leg) });
}
