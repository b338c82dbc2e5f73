// Which topic each alert event belongs to (the settings screen's choices) and what its notification offers.
import { describe, expect, it } from 'vitest';
import { actionsOf, deliveryOf, topicOf, type AlertEvent, type PushTopic } from '../../../server/services/alerts/push-payload.ts';

const expected: Record<PushTopic, AlertEvent[]> = {
  fills: ['order_filled'],
  rejections: ['order_rejected', 'bot_rejected'],
  stop_loss_target: ['stop_loss_hit', 'target_hit', 'bot_stop_loss', 'bot_target'],
  kill_switch: ['kill_switch_armed', 'kill_switch_disarmed'],
  broker_session: ['broker_session_expiring', 'broker_session_expired'],
  price_alerts: ['price_crossed'],
  bot_activity: ['bot_entered', 'bot_exited', 'bot_error', 'bot_missed', 'bot_stopped'],
};

describe('push topics and actions', () => {
  it('files every event under the topic a trader would look for it in', () => {
    for (const [topic, events] of Object.entries(expected)) {
      for (const event of events) expect(topicOf(event), event).toBe(topic);
    }
  });

  it('offers the kill switch where a trader in trouble needs it, and square-off only for an open position', () => {
    expect(actionsOf({ event: 'order_rejected', positionOpen: false }).map((action) => action.action)).toEqual(['open', 'kill_switch']);
    expect(actionsOf({ event: 'kill_switch_armed', positionOpen: false }).map((action) => action.action)).toEqual(['open']);
    expect(actionsOf({ event: 'order_filled', positionOpen: true }).map((action) => action.action)).toEqual(['open', 'square_off']);
    expect(actionsOf({ event: 'order_filled', positionOpen: false }).map((action) => action.action)).toEqual(['open']);
    // A square-off is offered for the trader's own fills; a bot manages its own positions.
    expect(actionsOf({ event: 'bot_entered', positionOpen: true }).map((action) => action.action)).toEqual(['open']);
  });

  it('delivers trading events at once or not at all, reminders within hours', () => {
    expect(deliveryOf('stop_loss_hit')).toEqual({ ttlSeconds: 600, urgency: 'high' });
    expect(deliveryOf('broker_session_expiring')).toEqual({ ttlSeconds: 21600, urgency: 'normal' });
  });
});
