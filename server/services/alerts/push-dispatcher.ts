// Pushes new alerts to the devices that asked for their topic, on the leader after each tick. Alerts are
// claimed (pushed_at set) in a transaction with FOR UPDATE SKIP LOCKED, then sent outside it: two instances
// never claim one alert, and no transaction waits on a push service. A crash between claim and send loses
// that push (the alert stays in the feed): at most once is the right side to err on for a phone.
//
// A bot's proposal (issue 41) goes to every device of its trader, whatever the device's topics (turning
// approve-first on asked for it), while it is pending, with a single-use token minted for that device and
// that proposal (only its SHA-256 kept, void at the proposal's deadline) and a lifetime at the push service
// that ends at the deadline: a proposal delivered after it could only be refused.
import { createHash, randomBytes } from 'node:crypto';
import type { Database, Queryable } from '../../db/database.ts';
import type { Clock } from '../clock.ts';
import { localTextOf } from '../texts/said.ts';
import { deliveryOf, payloadOf, proposalPayloadOf, topicOf, type AlertEvent, type AlertForPush, type DeliveryOptions, type PushPayload } from './push-payload.ts';
import type { PushOutcome, PushSender } from './push-sender.ts';

/**
 * Alerts claimed per pass; the rest wait for the next tick. With at most `devicesPerUser` devices each
 * (push-devices-service.ts), a pass sends at most 200 requests.
 */
export const alertsPerPass = 20;
/** An alert older than this when first seen (the server was down) is not pushed: the feed still has it. */
export const staleAfterMs = 30 * 60 * 1000;
const parallelSends = 8;

type ClaimedRow = {
  id: string;
  user_id: number;
  category: AlertForPush['category'];
  event: AlertEvent;
  title: string;
  body: string;
  title_i18n: unknown;
  body_i18n: unknown;
  link: string;
  at: Date;
  position_open: boolean;
  dedupe_key: string | null;
};
type DeviceRow = { id: number; user_id: number; endpoint: string; p256dh: string; auth: string; topics: string[]; label: string };
type PendingProposal = { id: string; expires_at: Date };

export type DispatchReport = { claimed: number; sent: number; failed: number; removed: number };

export function createPushDispatcher({ db, clock, send }: { db: Database; clock: Clock; send: PushSender }) {
  async function claim(tx: Queryable, now: Date): Promise<ClaimedRow[]> {
    // An order alert's dedupe key is order:<order_id>:<status> (order-watcher.ts). After a fill that leaves its
    // position open, the notification offers to square it off: the paper broker's fills, or the mirror of a
    // live Kite account's (kite-broker/mirror.ts).
    const { rows } = await tx.query<ClaimedRow>(
      `WITH claimed AS (
         SELECT id FROM alerts WHERE pushed_at IS NULL ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED
       )
       UPDATE alerts a SET pushed_at = $2 FROM claimed WHERE a.id = claimed.id
       RETURNING a.id, a.user_id, a.category, a.event, a.title, a.body, a.title_i18n, a.body_i18n, a.link, a.at, a.dedupe_key,
         (a.event = 'order_filled' AND (EXISTS (
           SELECT 1 FROM paper_orders o JOIN paper_trades t
             ON t.broker_account_id = o.broker_account_id AND t.instrument_token = o.instrument_token AND t.product = o.product
           WHERE o.order_id = split_part(a.dedupe_key, ':', 2) AND o.broker_account_id = a.broker_account_id
           GROUP BY o.id HAVING sum(CASE WHEN t.transaction_type = 'BUY' THEN t.quantity ELSE -t.quantity END) <> 0
         ) OR EXISTS (
           SELECT 1 FROM kite_orders o JOIN kite_trades t
             ON t.broker_account_id = o.broker_account_id AND t.instrument_token = o.instrument_token AND t.product = o.product
           WHERE o.order_id = split_part(a.dedupe_key, ':', 2) AND o.broker_account_id = a.broker_account_id
           GROUP BY o.id HAVING sum(CASE WHEN t.transaction_type = 'BUY' THEN t.quantity ELSE -t.quantity END) <> 0
         ))) AS position_open`,
      [alertsPerPass, now],
    );
    return rows.sort((a, b) => Number(a.id) - Number(b.id));
  }

  async function devicesOf(userIds: number[]): Promise<DeviceRow[]> {
    if (userIds.length === 0) return [];
    const { rows } = await db.query<DeviceRow>('SELECT id, user_id, endpoint, p256dh, auth, topics, label FROM push_devices WHERE user_id = ANY($1::int[]) ORDER BY id', [
      userIds,
    ]);
    return rows;
  }

  async function record(device: DeviceRow, outcome: PushOutcome, now: Date): Promise<'sent' | 'failed' | 'removed'> {
    if (outcome.ok) {
      await db.query('UPDATE push_devices SET last_sent_at = $2, last_error = NULL, last_error_i18n = NULL WHERE id = $1', [device.id, now]);
      return 'sent';
    }
    if (outcome.gone) {
      // Only this subscription: the browser may have subscribed again under a new endpoint meanwhile.
      await db.query('DELETE FROM push_devices WHERE id = $1 AND endpoint = $2', [device.id, device.endpoint]);
      return 'removed';
    }
    await db.query('UPDATE push_devices SET last_error = $2, last_error_i18n = $3::jsonb WHERE id = $1', [device.id, outcome.reason.text, JSON.stringify(outcome.reason.i18n)]);
    return 'failed';
  }

  /** The pending proposals among the claimed alerts' (dedupe key proposal:<id>), by id. */
  async function pendingProposals(alerts: readonly ClaimedRow[], now: Date): Promise<Map<string, PendingProposal>> {
    const ids = alerts.filter((alert) => alert.event === 'bot_proposal').map((alert) => (alert.dedupe_key ?? '').replace(/^proposal:/, ''));
    if (ids.length === 0) return new Map();
    const { rows } = await db.query<PendingProposal>(`SELECT id, expires_at FROM bot_proposals WHERE id = ANY($1::bigint[]) AND status = 'pending' AND expires_at > $2`, [ids, now]);
    return new Map(rows.map((row) => [String(row.id), row]));
  }

  /** This device's own token for the proposal: a fresh one each push, spent by its first use. */
  async function mintToken(device: DeviceRow, proposal: PendingProposal): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await db.query('INSERT INTO proposal_tokens (token_hash, proposal_id, push_device_id, device_label, expires_at) VALUES ($1, $2, $3, $4, $5)', [
      createHash('sha256').update(token).digest('hex'),
      proposal.id,
      device.id,
      device.label.slice(0, 100),
      proposal.expires_at,
    ]);
    return token;
  }

  /** One pass: claims unpushed alerts and sends each to its owner's devices subscribed to its topic. */
  async function dispatch(now: Date = clock()): Promise<DispatchReport> {
    const claimed = await db.transaction((tx) => claim(tx, now));
    const report: DispatchReport = { claimed: claimed.length, sent: 0, failed: 0, removed: 0 };
    const fresh = claimed.filter((alert) => now.getTime() - new Date(alert.at).getTime() <= staleAfterMs);
    const proposals = await pendingProposals(fresh, now);
    const proposalOf = (alert: ClaimedRow) => (alert.event === 'bot_proposal' ? proposals.get((alert.dedupe_key ?? '').replace(/^proposal:/, '')) : undefined);
    // A proposal decided or past its deadline before its push went is not pushed: it could only be refused.
    const pushable = fresh.filter((alert) => alert.event !== 'bot_proposal' || proposalOf(alert) !== undefined);
    const devices = await devicesOf([...new Set(pushable.map((alert) => alert.user_id))]);
    // One queue per device, sent in order: a phone shows its alerts in the order they happened, and a device the
    // push service says is gone is not tried again in this pass.
    const queues: { device: DeviceRow; alerts: ClaimedRow[] }[] = [];
    for (const device of devices) {
      const alerts = pushable.filter((alert) => alert.user_id === device.user_id && (alert.event === 'bot_proposal' || device.topics.includes(topicOf(alert.event))));
      if (alerts.length > 0) queues.push({ device, alerts });
    }
    const worker = async () => {
      for (let queue = queues.shift(); queue !== undefined; queue = queues.shift()) {
        for (const alert of queue.alerts) {
          const forPush: AlertForPush = {
            ...alert,
            id: Number(alert.id),
            title_i18n: localTextOf(alert.title_i18n),
            body_i18n: localTextOf(alert.body_i18n),
            positionOpen: alert.position_open,
          };
          const proposal = proposalOf(alert);
          let payload: PushPayload = payloadOf(forPush);
          let delivery: DeliveryOptions = deliveryOf(alert.event);
          if (proposal !== undefined) {
            const token = await mintToken(queue.device, proposal);
            payload = proposalPayloadOf(forPush, { id: Number(proposal.id), token, expires_at: new Date(proposal.expires_at).toISOString() });
            delivery = { ttlSeconds: Math.max(1, Math.floor((new Date(proposal.expires_at).getTime() - now.getTime()) / 1000)), urgency: 'high' };
          }
          const result = await record(queue.device, await send(queue.device, JSON.stringify(payload), delivery), now);
          report[result] += 1;
          if (result === 'removed') break;
        }
      }
    };
    await Promise.all(Array.from({ length: parallelSends }, worker));
    return report;
  }

  return { dispatch };
}

export type PushDispatcher = ReturnType<typeof createPushDispatcher>;
