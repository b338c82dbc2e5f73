// Orders through Upstox's v3 order API (place with `slice`, modify, cancel: each answers `metadata.latency`,
// Upstox's own time in ms) and the v2 reads (the day's book, one order's details and history, trades).
// https://upstox.com/developer/api-documentation/v3/place-order, .../v3/modify-order, .../v3/cancel-order,
// .../get-order-book, .../get-order-details, .../get-order-history, .../get-trade-history, .../get-trades-by-order
import type { UpstoxHttp } from './upstox-http.ts';
import { listAt, objectAt, read } from './upstox-json.ts';
import { readOrder, readOrders, readTrade, type UpstoxOrder, type UpstoxTrade } from './upstox-order-types.ts';

export type UpstoxProduct = 'I' | 'D' | 'MTF';
export type UpstoxOrderType = 'MARKET' | 'LIMIT' | 'SL' | 'SL-M';

export type PlaceOrderV3 = {
  /** Upstox's instrument key, `NSE_FO|43919`. */
  instrument_token: string;
  transaction_type: 'BUY' | 'SELL';
  order_type: UpstoxOrderType;
  product: UpstoxProduct;
  validity: 'DAY' | 'IOC';
  quantity: number;
  price: number;
  trigger_price: number;
  disclosed_quantity: number;
  is_amo: boolean;
  /** Upstox cuts the order at the exchange's freeze quantity (at most 25 slices). */
  slice: boolean;
  /** What finds the order again after a lost answer. */
  tag: string;
};

export type Placed = { order_ids: string[]; latencyMs: number | null };

function latency(body: Record<string, unknown>): number | null {
  const metadata = body.metadata;
  if (typeof metadata !== 'object' || metadata === null || !('latency' in metadata)) return null;
  return typeof metadata.latency === 'number' ? metadata.latency : null;
}

export async function placeOrder(http: UpstoxHttp, order: PlaceOrderV3): Promise<Placed> {
  const body = await http.request({ method: 'POST', path: '/v3/order/place', json: order, write: true });
  const data = read(body.data, { order_ids: 'strings' }, 'the placement');
  return { order_ids: data.order_ids, latencyMs: latency(body) };
}

export type ModifyOrderV3 = {
  order_id: string;
  order_type: UpstoxOrderType;
  validity: 'DAY' | 'IOC';
  quantity?: number;
  price: number;
  trigger_price?: number;
  disclosed_quantity?: number;
};

export async function modifyOrder(http: UpstoxHttp, change: ModifyOrderV3): Promise<string> {
  const body = await http.request({ method: 'PUT', path: '/v3/order/modify', json: change, write: true });
  return read(body.data, { order_id: 'string' }, 'the modification').order_id;
}

export async function cancelOrder(http: UpstoxHttp, orderId: string): Promise<string> {
  const body = await http.request({ method: 'DELETE', path: '/v3/order/cancel', query: { order_id: orderId }, write: true });
  return read(body.data, { order_id: 'string' }, 'the cancellation').order_id;
}

/** The day's order book (orders stay one trading day). */
export async function getOrders(http: UpstoxHttp): Promise<UpstoxOrder[]> {
  return readOrders(await http.data({ method: 'GET', path: '/v2/order/retrieve-all' }));
}

export async function getOrderDetails(http: UpstoxHttp, orderId: string): Promise<UpstoxOrder> {
  return readOrder(objectAt(await http.data({ method: 'GET', path: '/v2/order/details', query: { order_id: orderId } }), 'the order'));
}

/** Every state of one order, oldest first; or every state of the orders carrying a tag. */
export async function getOrderHistory(http: UpstoxHttp, by: { order_id: string } | { tag: string }): Promise<UpstoxOrder[]> {
  return readOrders(await http.data({ method: 'GET', path: '/v2/order/history', query: by }));
}

export async function getTrades(http: UpstoxHttp): Promise<UpstoxTrade[]> {
  return listAt(await http.data({ method: 'GET', path: '/v2/order/trades/get-trades-for-day' }), 'the trades').map(readTrade);
}

export async function getOrderTrades(http: UpstoxHttp, orderId: string): Promise<UpstoxTrade[]> {
  return listAt(await http.data({ method: 'GET', path: '/v2/order/trades', query: { order_id: orderId } }), 'the trades').map(readTrade);
}
