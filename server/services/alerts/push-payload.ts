// What a push notification carries for an alert, and which of the trader's chosen topics it belongs to.
// The service worker (sw/push.ts) shows `title` and `body`, opens `url` on a tap, and offers `actions`:
// an action that trades (kill switch, square off) only opens the app at its confirmation. Each text travels
// in English and as its code and parameters (`*_i18n`): the worker says it in the language the trader chose
// in the app (sw/push-text.ts), which it reads on the device, so it works while the app is closed.
import type { components } from '../../../openapi/main.d.ts';
import { said, type LocalText } from '../texts/said.ts';

type Schemas = components['schemas'];
export type PushTopic = Schemas['PushTopic'];
export type AlertEvent = Schemas['AlertEvent'];

export const pushTopics: readonly PushTopic[] = ['fills', 'rejections', 'stop_loss_target', 'kill_switch', 'broker_session', 'price_alerts', 'bot_activity'];

const topicByEvent: Record<AlertEvent, PushTopic> = {
  order_filled: 'fills',
  order_rejected: 'rejections',
  bot_rejected: 'rejections',
  stop_loss_hit: 'stop_loss_target',
  target_hit: 'stop_loss_target',
  bot_stop_loss: 'stop_loss_target',
  bot_target: 'stop_loss_target',
  // An exit being re-priced (execution policy) is an exit on its way, as a stop-loss's is.
  order_repriced: 'stop_loss_target',
  order_reprice_gave_up: 'rejections',
  // A position the broker's risk desk will square off, then did: as a rejection, something the trader must act on.
  delivery_margin_call: 'rejections',
  delivery_squared_off: 'rejections',
  kill_switch_armed: 'kill_switch',
  kill_switch_disarmed: 'kill_switch',
  broker_session_expiring: 'broker_session',
  broker_session_expired: 'broker_session',
  price_crossed: 'price_alerts',
  price_alert_expired: 'price_alerts',
  bot_entered: 'bot_activity',
  bot_exited: 'bot_activity',
  bot_error: 'bot_activity',
  bot_missed: 'bot_activity',
  bot_stopped: 'bot_activity',
  // Pushed to every device whatever its topics (push-dispatcher.ts): the trader asked for it by turning approve-first on.
  bot_proposal: 'bot_activity',
};

export function topicOf(event: AlertEvent): PushTopic {
  return topicByEvent[event];
}

/** Events after which a trader may want to stop everything: the notification offers the kill switch. */
const killSwitchWorthy = new Set<AlertEvent>(['bot_error', 'bot_rejected', 'order_rejected', 'stop_loss_hit', 'bot_stop_loss']);

/** Events a trader acts on at once: delivered with high urgency and dropped if not delivered soon. */
const tradingEvents = new Set<AlertEvent>([
  'order_filled',
  'order_rejected',
  // An exit still being re-priced, or an entry the execution policy gave up: the trader may act on it now.
  'order_repriced',
  'order_reprice_gave_up',
  'stop_loss_hit',
  'target_hit',
  'bot_entered',
  'bot_exited',
  'bot_stop_loss',
  'bot_target',
  'bot_rejected',
  'bot_error',
  'kill_switch_armed',
  'kill_switch_disarmed',
  'price_crossed',
  'bot_proposal',
]);

export type PushAction = { action: 'open' | 'kill_switch' | 'square_off' | 'approve' | 'reject'; title: string; title_i18n: LocalText };

/**
 * A proposal's notification (issue 41): its id and the single-use token minted for this device and this
 * proposal, which the service worker posts with the Approve or Reject button (docs/security.md).
 */
export type ProposalPush = { id: number; token: string; expires_at: string };

export type PushPayload = {
  title: string;
  body: string;
  title_i18n: LocalText | null;
  body_i18n: LocalText | null;
  tag: string;
  url: string;
  alert_id: number | null;
  category: Schemas['AlertCategory'] | null;
  event: AlertEvent | null;
  actions: PushAction[];
  proposal?: ProposalPush | undefined;
};

export type AlertForPush = {
  id: number;
  category: Schemas['AlertCategory'];
  event: AlertEvent;
  title: string;
  body: string;
  /** title and body as codes and parameters; null for alerts written before they were coded. */
  title_i18n: LocalText | null;
  body_i18n: LocalText | null;
  link: string;
  /** The position the filled order traded is open now, so squaring it off is worth offering. */
  positionOpen: boolean;
};

const actionTexts = {
  open: said('push.open', {}, 'Open'),
  kill_switch: said('push.kill_switch', {}, 'Kill switch…'),
  square_off: said('push.square_off', {}, 'Square off…'),
  approve: said('push.approve', {}, 'Approve'),
  reject: said('push.reject', {}, 'Reject'),
};

export const actionOf = (action: PushAction['action']): PushAction => ({ action, title: actionTexts[action].text, title_i18n: actionTexts[action].i18n });

export function actionsOf(alert: Pick<AlertForPush, 'event' | 'positionOpen'>): PushAction[] {
  const actions: PushAction[] = [actionOf('open')];
  if (killSwitchWorthy.has(alert.event)) actions.push(actionOf('kill_switch'));
  if (alert.event === 'order_filled' && alert.positionOpen) actions.push(actionOf('square_off'));
  return actions;
}

/** A proposal's push: Approve and Reject, the token for this device, and its own tag (one notification per proposal). */
export function proposalPayloadOf(alert: AlertForPush, proposal: ProposalPush): PushPayload {
  return { ...payloadOf(alert), tag: `proposal-${proposal.id}`, actions: [actionOf('approve'), actionOf('reject')], proposal };
}

export function payloadOf(alert: AlertForPush): PushPayload {
  return {
    title: alert.title,
    body: alert.body,
    title_i18n: alert.title_i18n,
    body_i18n: alert.body_i18n,
    tag: `alert-${alert.id}`,
    url: alert.link,
    alert_id: alert.id,
    category: alert.category,
    event: alert.event,
    actions: actionsOf(alert),
  };
}

export type DeliveryOptions = { ttlSeconds: number; urgency: 'normal' | 'high' };

/**
 * A fill or a stop-loss is worth knowing within minutes, not tomorrow: a push service holding it for an
 * offline phone drops it after 10 minutes. A session reminder keeps for hours.
 */
export function deliveryOf(event: AlertEvent): DeliveryOptions {
  return tradingEvents.has(event) ? { ttlSeconds: 10 * 60, urgency: 'high' } : { ttlSeconds: 6 * 60 * 60, urgency: 'normal' };
}
