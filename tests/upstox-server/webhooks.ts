// Order updates POSTed as JSON to each of the user's apps that registered a webhook URL, on every change of an
// order, unsigned and unauthenticated as Upstox sends them: the order's record with `update_type: "order"`,
// `user_id` (and the older `userId`), `instrument_key`, `guid` and `order_ref_id`.
// https://upstox.com/developer/api-documentation/webhook
import type { BookOrder } from './order-book.ts';

export type Delivery = { url: string; body: Record<string, unknown>; status: number | null };

/** An order update as Upstox sends it, by webhook and on the portfolio stream feed alike. */
export function orderUpdateBody(userId: string, order: BookOrder): Record<string, unknown> {
  return { update_type: 'order', user_id: userId, userId, instrument_key: order.instrument_token, guid: null, order_ref_id: null, ...order };
}

export function createWebhooks() {
  const deliveries: Delivery[] = [];
  const pending = new Set<Promise<void>>();
  return {
    deliver(url: string, userId: string, order: BookOrder): void {
      const body = orderUpdateBody(userId, order);
      const delivery: Delivery = { url, body, status: null };
      deliveries.push(delivery);
      const sent = fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) })
        .then(async (response) => {
          delivery.status = response.status;
          await response.body?.cancel();
        })
        .catch(() => {
          delivery.status = 0;
        })
        .finally(() => pending.delete(sent));
      pending.add(sent);
    },
    deliveries: () => [...deliveries],
    /** Waits until every webhook sent so far has its answer. */
    async settle(): Promise<void> {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
}

export type Webhooks = ReturnType<typeof createWebhooks>;
