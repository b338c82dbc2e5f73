// A bot's alert log (webhook_alerts): every delivery to a live address, accepted or refused, with why. An
// alert that goes on to be placed is "counted" first, under the bot's webhook row lock, so the same alert id
// (within its IST day, or the bot's window: issue 60) or the same body (within a minute) finds it and places
// nothing, on every instance alike.
import type { Database, Queryable } from '../../../db/database.ts';
import { DomainError } from '../../domain-error.ts';
import { istDate, istInstant } from '../../market/ist.ts';
import { localTextOf, type LocalText, type Said } from '../../texts/said.ts';
import { webhookTexts } from '../../texts/webhook-texts.ts';
import type { AlertAction } from './webhook-payload.ts';

/** The same body again within this long is the same alert (TradingView and ChartInk send no retries of their own). */
export const duplicateWindowMs = 60_000;

export type AlertOutcome = 'placed' | 'working' | 'proposed' | 'refused' | 'failed';

export type LoggedAlert = {
  id: number;
  received_at: string;
  alert_id: string | null;
  action: AlertAction | null;
  outcome: AlertOutcome;
  code: string | null;
  message: string | null;
  message_i18n: LocalText | null;
  order_ids: string[];
};

export type Delivery = { botId: number; receivedAt: Date; alertId: string | null; action: AlertAction | null; bodyHash: string };

/**
 * How long an alert id counts once placed: `null` for its IST day (the date it arrives on), else the bot's window
 * in minutes. Answers when the earliest alert that makes this one a duplicate may have arrived, and the period
 * of its exactly-once key: the IST date, or the window-long slot of the clock it arrived in. Two arrivals in
 * one slot are less than a window apart, so the key never refuses an alert the window lets through.
 */
export function countingPeriod(receivedAt: Date, windowMinutes: number | null): { since: Date; period: string } {
  const day = istDate(receivedAt);
  if (windowMinutes === null) return { since: istInstant(day, '00:00'), period: day };
  const windowMs = windowMinutes * 60_000;
  return { since: new Date(receivedAt.getTime() - windowMs), period: `${windowMinutes}m:${Math.floor(receivedAt.getTime() / windowMs)}` };
}

/** Logs a delivery refused before it could count (a bad signature, a payload that does not parse, a duplicate). */
export async function logRefused(q: Queryable, delivery: Delivery, code: string, reason: Said): Promise<void> {
  await q.query(
    `INSERT INTO webhook_alerts (bot_id, received_at, alert_id, action, outcome, code, message, message_i18n, body_hash) VALUES ($1, $2, $3, $4, 'refused', $5, $6, $7, $8)`,
    [delivery.botId, delivery.receivedAt, delivery.alertId, delivery.action, code, reason.text.slice(0, 500), reason.i18n, delivery.bodyHash],
  );
}

/**
 * Counts the delivery as the one placement of its alert, or throws alert_duplicate (and logs it) when the same
 * alert id was counted within its period (countingPeriod, with the bot's window read under the lock) or the
 * same body within a minute. The bot's webhook row is locked for it, so twenty simultaneous deliveries on any
 * number of instances count one. Answers the log row's id.
 */
export async function countOnce(db: Database, delivery: Delivery): Promise<number> {
  const counted = await db.transaction(async (tx) => {
    const { rows: hooks } = await tx.query<{ duplicate_window_minutes: number | null }>('SELECT duplicate_window_minutes FROM bot_webhooks WHERE bot_id = $1 FOR UPDATE', [
      delivery.botId,
    ]);
    const windowMinutes = hooks[0]?.duplicate_window_minutes == null ? null : Number(hooks[0].duplicate_window_minutes);
    const { since, period } = countingPeriod(delivery.receivedAt, windowMinutes);
    const { rows } = await tx.query<{ alert_id: string | null; received_at: Date }>(
      `SELECT alert_id, received_at FROM webhook_alerts WHERE bot_id = $1 AND counted
         AND ((alert_id = $2 AND received_at >= $5) OR (body_hash = $3 AND received_at > $4)) ORDER BY received_at DESC LIMIT 1`,
      [delivery.botId, delivery.alertId, delivery.bodyHash, new Date(delivery.receivedAt.getTime() - duplicateWindowMs), since],
    );
    const earlier = rows[0];
    if (earlier !== undefined) {
      const ago = Math.max(0, Math.round((delivery.receivedAt.getTime() - new Date(earlier.received_at).getTime()) / 1000));
      const reason =
        delivery.alertId !== null && earlier.alert_id === delivery.alertId
          ? windowMinutes === null
            ? webhookTexts.duplicateToday(delivery.alertId)
            : webhookTexts.duplicateWithin(delivery.alertId, windowMinutes)
          : webhookTexts.duplicateBody(ago);
      await logRefused(tx, delivery, 'alert_duplicate', reason);
      return reason;
    }
    const { rows: inserted } = await tx.query<{ id: string }>(
      `INSERT INTO webhook_alerts (bot_id, received_at, alert_id, action, outcome, body_hash, counted, once_period) VALUES ($1, $2, $3, $4, 'working', $5, true, $6) RETURNING id::text`,
      [delivery.botId, delivery.receivedAt, delivery.alertId, delivery.action, delivery.bodyHash, delivery.alertId === null ? null : period],
    );
    return Number(inserted[0]!.id);
  });
  if (typeof counted === 'number') return counted;
  throw DomainError.said('alert_duplicate', counted);
}

/** A counted alert refused after all (paused, outside hours, a limit, the order gate): it no longer makes a later one a duplicate. */
export async function refuseCounted(q: Queryable, logId: number, code: string, reason: Said): Promise<void> {
  await q.query(`UPDATE webhook_alerts SET outcome = 'refused', counted = false, code = $2, message = $3, message_i18n = $4 WHERE id = $1`, [
    logId,
    code,
    reason.text.slice(0, 500),
    reason.i18n,
  ]);
}

/** What the bot's action did with a counted alert. */
export async function settleCounted(q: Queryable, logId: number, outcome: Exclude<AlertOutcome, 'refused'>, actionId: number | null, orderIds: readonly string[], reason: Said): Promise<void> {
  await q.query(`UPDATE webhook_alerts SET outcome = $2, bot_action_id = $3, order_ids = $4::text[], message = $5, message_i18n = $6 WHERE id = $1`, [
    logId,
    outcome,
    actionId,
    `{${orderIds.join(',')}}`,
    reason.text.slice(0, 500),
    reason.i18n,
  ]);
}

/** Names the bot action a counted alert is about to claim (null: it lost the claim, the action is not its own). */
export async function nameAction(q: Queryable, logId: number, actionKey: string | null): Promise<void> {
  await q.query('UPDATE webhook_alerts SET action_key = $2 WHERE id = $1', [logId, actionKey]);
}

/** Whether a bot action was an alert's (the engine never places one of those later: bot-engine.ts reconcile). */
export async function isAlertAction(q: Queryable, botId: number, actionKey: string): Promise<boolean> {
  const { rows } = await q.query('SELECT 1 FROM webhook_alerts WHERE bot_id = $1 AND action_key = $2', [botId, actionKey]);
  return rows.length > 0;
}

/** The bot's latest alerts, newest first. */
export async function recentAlerts(q: Queryable, botId: number, limit = 50): Promise<LoggedAlert[]> {
  const { rows } = await q.query<Omit<LoggedAlert, 'id' | 'received_at' | 'message_i18n'> & { id: string; received_at: Date; message_i18n: unknown }>(
    `SELECT id::text, received_at, alert_id, action, outcome, code, message, message_i18n, order_ids FROM webhook_alerts WHERE bot_id = $1 ORDER BY received_at DESC, id DESC LIMIT $2`,
    [botId, limit],
  );
  return rows.map((row) => ({ ...row, id: Number(row.id), received_at: new Date(row.received_at).toISOString(), message_i18n: localTextOf(row.message_i18n), order_ids: [...row.order_ids] }));
}
