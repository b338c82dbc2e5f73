/**
 * The trading calls of the desk, said to a replay's book (issue 39). The replay's routes take orders and
 * cancellations (each with the intent's Idempotency-Key, as every trading call); the desk's other intents are
 * the orders they stand for: a square-off is a MARKET order against the position the replay's book holds now,
 * a stop-loss an SL order, a target a LIMIT order. Modifying an order has no replay route: refused, with
 * nothing sent (cancel and place again).
 */
import type { components } from '@openapi/main';
import { ApiError } from '@/lib/api/api-error';
import { getReplayPositionBook, placeReplayOrders, type Replay } from '@/lib/replay/replay-calls';

type Schemas = components['schemas'];
type OrderRequest = Schemas['OrderRequest'];
type PositionRef = Schemas['PositionRef'];
type Order = Schemas['Order'];

/** MARKET orders closing these positions as the replay's book holds them (those already flat send nothing). */
async function closingOrders(replay: Replay, refs: readonly (PositionRef & { quantity?: number })[]): Promise<OrderRequest[]> {
  const book = await getReplayPositionBook(replay.id);
  return refs.flatMap((ref) => {
    const held = book.net.find((position) => position.tradingsymbol === ref.tradingsymbol && position.exchange === ref.exchange && position.product === ref.product);
    if (held === undefined || held.quantity === 0) return [];
    const quantity = Math.min(Math.abs(held.quantity), ref.quantity ?? Math.abs(held.quantity));
    const side = held.quantity > 0 ? ('SELL' as const) : ('BUY' as const);
    return [{ tradingsymbol: ref.tradingsymbol, exchange: ref.exchange, product: ref.product, transaction_type: side, order_type: 'MARKET' as const, quantity }];
  });
}

async function place(replay: Replay, key: string, orders: OrderRequest[]): Promise<Order[]> {
  if (orders.length === 0) return [];
  return placeReplayOrders(replay.id, key, orders);
}

export async function replayExecute(replay: Replay, key: string, body: Schemas['ExecuteOrderRequest']): Promise<Order[]> {
  if (body.action === 'squareoff') return place(replay, key, await closingOrders(replay, [body]));
  const { action: _action, account_number: _account, portfolio_id: _portfolio, ...order } = body;
  return place(replay, key, [order]);
}

export async function replayPlaceTrades(replay: Replay, key: string, body: Schemas['PlaceTradesRequest']): Promise<Order[]> {
  return place(replay, key, body.orders);
}

export async function replaySquareoff(replay: Replay, key: string, body: Schemas['SquareoffTradesRequest']): Promise<Order[]> {
  return place(replay, key, await closingOrders(replay, body.positions));
}

export async function replayStopLoss(replay: Replay, key: string, body: Schemas['StopLossOrderRequest']): Promise<Order[]> {
  const { account_number: _account, portfolio_id: _portfolio, ...order } = body;
  return place(replay, key, [order.order_type === 'SL' ? { ...order, order_type: 'SL', price: order.price ?? order.trigger_price } : { ...order, order_type: 'SL-M' }]);
}

export async function replayTarget(replay: Replay, key: string, body: Schemas['TargetOrderRequest']): Promise<Order[]> {
  const { account_number: _account, portfolio_id: _portfolio, ...order } = body;
  return place(replay, key, [{ ...order, order_type: 'LIMIT' }]);
}

/** A replay's orders cannot be modified: refused here, as the server refuses a request (nothing was sent). */
export function replayModifyRefused(): ApiError {
  return new ApiError('rejected', 'An order in a replay cannot be modified: cancel it and place another.', { status: 422, code: 'replay_modify' });
}
