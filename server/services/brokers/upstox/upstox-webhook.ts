// Upstox's webhook: every change of an order is POSTed to the URL registered with the app, as the same
// record the order book holds plus `update_type`, `user_id` and `instrument_key`. Upstox signs nothing and
// asks for no authentication, so a webhook is a hint that an order changed, never the order's state: the
// caller reads the order from Upstox (getOrderDetails) before showing or acting on anything.
// https://upstox.com/developer/api-documentation/webhook
import { isObject } from './upstox-json.ts';
import { readOrder, type UpstoxOrder } from './upstox-order-types.ts';

export type UpstoxWebhook =
  | { kind: 'order'; userId: string; order: UpstoxOrder }
  /** GTT updates and anything else Upstox may add: not read. */
  | { kind: 'other'; updateType: string };

/** Reads a webhook body; throws an UpstoxError (MALFORMED_ANSWER) for an order update that is not one. */
export function readWebhook(body: unknown): UpstoxWebhook {
  const updateType = isObject(body) && typeof body.update_type === 'string' ? body.update_type : '';
  if (updateType !== 'order') return { kind: 'other', updateType };
  const order = readOrder(body);
  const userId = isObject(body) && typeof body.user_id === 'string' ? body.user_id : '';
  return { kind: 'order', userId, order };
}
