// What the paper broker remembers of its orders' lives: every state an order went through (paper_order_states,
// written by migration 024's trigger wherever paper_orders changes), as the order history and as the stream
// of order changes reads it. Each state is the order's fixed fields (contract, side, purpose, tag) with what
// changed (status, message, type, quantity, prices, fills, modifications) as they were then.
import type { Queryable } from '../../../db/database.ts';
import type { BrokerOrder } from '../broker-trading.ts';
import { orderColumns, ownedOrder, type OrderRow } from './order-rows.ts';

/** The order's columns, those a state records taken from the state `s`. */
const stateColumns = orderColumns
  .split(',')
  .map((column) => column.trim())
  .map((column) => {
    const name = column.replace(/^o\./, '');
    const recorded = ['status', 'status_message', 'order_type', 'quantity', 'price_paise', 'trigger_price_paise', 'filled_quantity', 'filled_value_paise', 'cancelled_quantity', 'modifications'];
    return recorded.includes(name) ? `s.${name}` : column;
  })
  .concat(['s.at AS updated_at'])
  .join(', ');

/** A state as the contract's order (the row id is the paper broker's own). */
function asOrder({ id: _rowId, ...order }: OrderRow): BrokerOrder {
  return { ...order, price_paise: String(order.price_paise), trigger_price_paise: String(order.trigger_price_paise), filled_value_paise: String(order.filled_value_paise) };
}

/** Every state of one of the account's orders, oldest first; an order the account does not have is not_found. */
export async function orderHistory(q: Queryable, accountId: number, orderId: string): Promise<BrokerOrder[]> {
  const order = await ownedOrder(q, accountId, orderId);
  const { rows } = await q.query<OrderRow>(
    `SELECT ${stateColumns} FROM paper_order_states s JOIN paper_orders o ON o.id = s.order_row_id WHERE s.order_row_id = $1 ORDER BY s.id`,
    [order.id],
  );
  return rows.map(asOrder);
}

export type RecordedState = { stateId: number; order: BrokerOrder };

/** The states of these accounts' orders recorded at or after `from`, in the order they were written. */
export async function statesSince(q: Queryable, accountIds: readonly number[], from: Date): Promise<RecordedState[]> {
  if (accountIds.length === 0) return [];
  const { rows } = await q.query<OrderRow & { state_id: string }>(
    `SELECT s.id AS state_id, ${stateColumns} FROM paper_order_states s JOIN paper_orders o ON o.id = s.order_row_id
     WHERE s.broker_account_id = ANY($1::int[]) AND s.at >= $2 ORDER BY s.id`,
    [accountIds, from],
  );
  return rows.map(({ state_id: stateId, ...order }) => ({ stateId: Number(stateId), order: asOrder(order) }));
}
