// Postbacks: every order change that Kite posts (COMPLETE, CANCELLED, REJECTED, and UPDATE for partial fills
// and modifications) is POSTed as raw JSON to the app's postback URL, signed with
// checksum = SHA-256(order_id + order_timestamp + api_secret). Each delivery is recorded for the tests.
import { postbackChecksum } from '../../server/services/brokers/kite/postback.ts';
import type { KiteOrder } from '../../server/services/brokers/kite/kite-order-types.ts';
import type { App } from './apps.ts';

export type PostbackDelivery = { url: string; body: Record<string, unknown>; status: number | null; error: string | null };

export type Postbacks = ReturnType<typeof createPostbacks>;

export function createPostbacks() {
  const deliveries: PostbackDelivery[] = [];
  let queue: Promise<void> = Promise.resolve();

  function deliver(app: App, order: KiteOrder, status: string): void {
    if (!app.postbackUrl) return;
    const url = app.postbackUrl;
    const body: Record<string, unknown> = {
      user_id: app.userId,
      unfilled_quantity: order.pending_quantity,
      app_id: 1,
      checksum: postbackChecksum(order.order_id, order.order_timestamp ?? '', app.apiSecret),
      ...order,
      status,
    };
    const delivery: PostbackDelivery = { url, body, status: null, error: null };
    deliveries.push(delivery);
    // One at a time, in order, so a receiver sees an order's changes in the sequence they happened.
    queue = queue.then(() =>
      fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body), signal: AbortSignal.timeout(5000) })
        .then(async (response) => {
          delivery.status = response.status;
          await response.body?.cancel();
        })
        .catch((error: unknown) => {
          delivery.error = error instanceof Error ? error.message : String(error);
        }),
    );
  }

  return {
    deliver,
    deliveries: () => [...deliveries],
    /** Resolves once every delivery started so far has been answered or has failed. */
    settle: (): Promise<void> => queue,
  };
}
