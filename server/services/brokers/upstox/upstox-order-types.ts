// Upstox's order, state and trade records as its API sends them (rupees, IST "YYYY-MM-DD HH:MM:SS" strings,
// lower-case statuses such as "open", "complete", "trigger pending"). The order book, an order's details and
// its history share one record. https://upstox.com/developer/api-documentation/get-order-book
import { listAt, read } from './upstox-json.ts';

const orderShape = {
  order_id: 'string',
  exchange_order_id: 'string?',
  parent_order_id: 'string?',
  exchange: 'string',
  instrument_token: 'string',
  trading_symbol: 'string',
  product: 'string',
  order_type: 'string',
  transaction_type: 'string',
  validity: 'string',
  variety: 'string?',
  quantity: 'number',
  disclosed_quantity: 'number?',
  price: 'number',
  trigger_price: 'number',
  /** Null in some of Upstox's answers before a fill (its webhook page's example). */
  average_price: 'number?',
  filled_quantity: 'number',
  pending_quantity: 'number',
  status: 'string',
  status_message: 'string?',
  status_message_raw: 'string?',
  tag: 'string?',
  placed_by: 'string?',
  is_amo: 'boolean?',
  order_timestamp: 'string?',
  exchange_timestamp: 'string?',
  order_request_id: 'string?',
} as const;

export type UpstoxOrder = ReturnType<typeof readOrder>;

export function readOrder(value: unknown) {
  return read(value, orderShape, 'an order');
}

export function readOrders(value: unknown): UpstoxOrder[] {
  return listAt(value, 'the orders').map(readOrder);
}

const tradeShape = {
  trade_id: 'string',
  order_id: 'string',
  exchange_order_id: 'string?',
  exchange: 'string',
  instrument_token: 'string',
  trading_symbol: 'string',
  product: 'string',
  order_type: 'string',
  transaction_type: 'string',
  quantity: 'number',
  average_price: 'number',
  exchange_timestamp: 'string?',
  order_timestamp: 'string?',
} as const;

export type UpstoxTrade = ReturnType<typeof readTrade>;

export function readTrade(value: unknown) {
  return read(value, tradeShape, 'a trade');
}

/** Upstox's final statuses: nothing more happens to such an order. */
export const finalStatuses: readonly string[] = ['complete', 'cancelled', 'rejected'];
