// Upstox's webhook (POST /api/brokers/upstox/postback/): the JSON Upstox sends on every change of an order of
// the app's users. Upstox signs nothing, so nothing in it is believed: it only says which order to look at. Its
// `user_id` (Upstox's UCC: the account's client ID) and order go to the broker-neutral postbacks
// (../live/order-postbacks.ts: the logged-in accounts with that UCC, the reads counted, only Upstox's answer
// applied), confirmed as the portfolio stream's updates are (upstox-order-hints.ts). A body that is no order
// update, names no logged-in Upstox account, or whose order Upstox does not know for that account changes nothing
// and is refused (the route logs it). GTT and other updates are acknowledged and not read.
// https://upstox.com/developer/api-documentation/webhook
import type { Database } from '../../../db/database.ts';
import type { Clock } from '../../clock.ts';
import { DomainError } from '../../domain-error.ts';
import type { PostbackRefusal } from '../../texts/live-texts.ts';
import { upstoxTexts } from '../../texts/upstox-texts.ts';
import type { LimitRule } from '../../throttle.ts';
import { createOrderPostbacks, type PostbackOutcome } from '../live/order-postbacks.ts';
import { readWebhook } from '../upstox/upstox-webhook.ts';
import type { UpstoxOrderHints } from './upstox-order-hints.ts';

export type WebhookOutcome = PostbackOutcome | { kind: 'other'; updateType: string };

const refused = (reason: PostbackRefusal) => DomainError.said('postback_refused', upstoxTexts.webhookRefused(reason));

export function createUpstoxWebhooks({ db, clock, readsPerClient, hints }: { db: Database; clock: Clock; readsPerClient: LimitRule; hints: UpstoxOrderHints }) {
  const postbacks = createOrderPostbacks({ db, clock, broker: 'upstox', readsPerClient, confirm: hints.confirm, refused });

  async function receive(body: unknown): Promise<WebhookOutcome> {
    let hint;
    try {
      hint = readWebhook(body);
    } catch {
      throw refused('not_order');
    }
    if (hint.kind === 'other') return hint;
    return postbacks.receive({ clientId: hint.userId, orderId: hint.order.order_id });
  }

  return { receive };
}

export type UpstoxWebhooks = ReturnType<typeof createUpstoxWebhooks>;
