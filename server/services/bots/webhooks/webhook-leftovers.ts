// Alerts a crash left "working" (issue 61). The receiver logs an alert as working before its claim and settles
// the log after the broker call; a server that dies between the two leaves the order placed once (good) but the
// log saying "working" with no order for ever. Each such alert is settled from its bot action, and the action,
// when still claimed, from the order book by its tag (the engine's settleFromBook): at start, before anyone is
// served, and after each engine tick (an alert settled as working while a live broker's order was open, too).
import type { Database, Queryable } from '../../../db/database.ts';
import { localTextOf, words, type Said } from '../../texts/said.ts';
import { webhookTexts } from '../../texts/webhook-texts.ts';
import { staleClaimMs } from '../engine/action-claims.ts';
import type { BotEngine } from '../engine/bot-engine.ts';
import { actionColumns, toAction } from '../engine/engine-store.ts';
import { refuseCounted, settleCounted } from './webhook-log.ts';

type LeftAlert = {
  id: string;
  received_at: Date;
  action_id: string | null;
  action_status: 'claimed' | 'completed' | 'failed' | 'skipped' | null;
  order_ids: string[] | null;
  message: string | null;
  message_i18n: unknown;
};

/** Working alerts and their bot action: the one settled on them, else the one they named before claiming. */
async function leftAlerts(q: Queryable): Promise<LeftAlert[]> {
  const { rows } = await q.query<LeftAlert>(
    `SELECT a.id::text, a.received_at, b.id::text AS action_id, b.status AS action_status, b.order_ids, b.message, b.message_i18n
     FROM webhook_alerts a
     LEFT JOIN LATERAL (
       SELECT x.id, x.status, x.order_ids, x.message, x.message_i18n FROM bot_actions x WHERE x.id = a.bot_action_id
       UNION ALL
       SELECT x.id, x.status, x.order_ids, x.message, x.message_i18n FROM bot_actions x
       WHERE a.bot_action_id IS NULL AND x.bot_kind = 'trading' AND x.bot_id = a.bot_id AND x.idempotency_key = a.action_key
       LIMIT 1
     ) b ON true
     WHERE a.outcome = 'working'
     ORDER BY a.id`,
  );
  return rows;
}

/** The words of a settled action's log line: its orders when it completed, else its own reason. */
function settledWords(alert: LeftAlert): Said {
  const i18n = localTextOf(alert.message_i18n);
  if (alert.action_status === 'completed') return webhookTexts.placed(alert.order_ids?.length ?? 0);
  return i18n === null ? words(alert.message ?? 'Refused') : { text: alert.message ?? '', i18n };
}

/**
 * Settles every working alert whose action is final; `fromBook`: first settle the still-claimed actions they
 * name from the order book (start-up). An alert with no claim at all (the crash came before it) and older than
 * a claim may stay fresh placed nothing: it is refused as interrupted, so the same alert sent again places.
 * Answers how many alerts were settled.
 */
export async function settleLeftAlerts(db: Database, engine: Pick<BotEngine, 'settleFromBook'> | null, now: Date): Promise<number> {
  // Asked first on its own, as cheap as the join when nothing is working (every tick but an alert's): it reads the
  // alerts alone, so a backtest's book answers it from its read cache until an alert is written, where the join
  // with bot_actions went to Postgres after each action of the bot (book-read-cache.ts: two calls a trading day).
  const { rows: working } = await db.query<{ any: boolean }>(`SELECT EXISTS (SELECT 1 FROM webhook_alerts WHERE outcome = 'working') AS any`);
  if (working[0]?.any !== true) return 0;
  let alerts = await leftAlerts(db);
  if (engine !== null && alerts.some((alert) => alert.action_status === 'claimed')) {
    const ids = alerts.filter((alert) => alert.action_status === 'claimed').map((alert) => alert.action_id);
    const { rows } = await db.query<Parameters<typeof toAction>[0]>(`SELECT ${actionColumns} FROM bot_actions WHERE id = ANY($1::bigint[]) AND status = 'claimed'`, [ids]);
    for (const row of rows) await engine.settleFromBook(toAction(row), now);
    alerts = await leftAlerts(db);
  }
  let settled = 0;
  for (const alert of alerts) {
    const id = Number(alert.id);
    if (alert.action_status === null) {
      if (now.getTime() - new Date(alert.received_at).getTime() < staleClaimMs) continue;
      await refuseCounted(db, id, 'interrupted', webhookTexts.interrupted);
    } else if (alert.action_status === 'claimed') {
      continue;
    } else {
      const outcome = alert.action_status === 'completed' ? 'placed' : 'failed';
      await settleCounted(db, id, outcome, Number(alert.action_id), alert.order_ids ?? [], settledWords(alert));
    }
    settled += 1;
  }
  return settled;
}
