// Orders: place, modify, cancel, and the day's book. A place, modify or cancel that ends in
// KiteOutcomeUnknownError may have happened: find the order by its tag (ordersTagged) before doing anything
// else, never place again blindly. Autoslice children carry the parent's tag, so the tag finds them all.
import { isKiteErrorType, type KiteErrorType, KiteOutcomeUnknownError } from './kite-errors.ts';
import type { KiteHttp } from './kite-http.ts';
import { arrayAt, isObject, num, objectAt, optStr, str } from './kite-json.ts';
import {
  type KiteOrder,
  type KiteOrderType,
  type KiteTrade,
  type KiteTransactionType,
  type KiteValidity,
  type KiteVariety,
  readKiteOrder,
  readKiteTrade,
} from './kite-order-types.ts';

export type KitePlaceOrder = {
  variety: KiteVariety;
  exchange: string;
  tradingsymbol: string;
  transaction_type: KiteTransactionType;
  order_type: KiteOrderType;
  quantity: number;
  product: string;
  /** Rupees on the instrument's tick. */
  price?: number;
  trigger_price?: number;
  disclosed_quantity?: number;
  validity?: KiteValidity;
  /** Minutes, with validity TTL. */
  validity_ttl?: number;
  iceberg_legs?: number;
  iceberg_quantity?: number;
  auction_number?: string;
  /** At most 20 characters; how a lost answer is found again in the book. */
  tag?: string;
  /** Percent for MARKET and SL-M orders: 0 to 100, or -1 for Kite's automatic protection. */
  market_protection?: number;
  /** Split a quantity above the exchange's freeze limit into child orders. */
  autoslice?: boolean;
};

export type KiteModifyOrder = {
  order_type?: KiteOrderType;
  /** Required by Kite when an order becomes MARKET or SL-M (-1: automatic protection). */
  market_protection?: number;
  quantity?: number;
  price?: number;
  trigger_price?: number;
  disclosed_quantity?: number;
  validity?: KiteValidity;
};

/** One autoslice child: its order_id, or why Kite refused that slice. */
export type KiteSlice = { order_id: string } | { error: { code: number; error_type: KiteErrorType; message: string } };

export type KitePlaced = {
  order_id: string;
  /** Empty unless the order was autosliced. */
  children: KiteSlice[];
};

export const maxTagLength = 20;

/** Refuses what Kite would refuse for the caller's own mistake, before anything is sent. */
export function checkPlaceOrder(order: KitePlaceOrder): void {
  if (order.tag !== undefined && (order.tag.length === 0 || order.tag.length > maxTagLength || /[^\x20-\x7e]/.test(order.tag))) {
    throw new RangeError(`A Kite tag is 1 to ${maxTagLength} printable characters, got "${order.tag}"`);
  }
  const protection = order.market_protection;
  if (protection !== undefined && protection !== -1 && !(protection >= 0 && protection <= 100)) {
    throw new RangeError(`market_protection is -1 or a percentage from 0 to 100, got ${protection}`);
  }
  if (!Number.isInteger(order.quantity) || order.quantity <= 0) throw new RangeError(`quantity must be a positive integer, got ${order.quantity}`);
}

export async function placeOrder(http: KiteHttp, order: KitePlaceOrder): Promise<KitePlaced> {
  checkPlaceOrder(order);
  const { variety, ...form } = order;
  const path = `/orders/${variety}`;
  const data = await http.request({ method: 'POST', path, form, write: true });
  // An answer without an order_id does not say whether the order exists: as unknown as no answer.
  if (!isObject(data) || typeof data.order_id !== 'string') {
    throw new KiteOutcomeUnknownError('unreadable', 'POST', path, 'Kite accepted the order without saying its order_id');
  }
  const children = data.children === undefined || data.children === null ? [] : arrayAt(data.children, 'children').map(readSlice);
  return { order_id: data.order_id, children };
}

function readSlice(value: unknown): KiteSlice {
  const o = objectAt(value, 'autoslice child');
  if (o.error === undefined) return { order_id: str(o, 'order_id') };
  const error = objectAt(o.error, 'autoslice child error');
  const errorType = isKiteErrorType(error.error_type) ? error.error_type : 'GeneralException';
  return { error: { code: num(error, 'code'), error_type: errorType, message: optStr(error, 'message') ?? '' } };
}

export async function modifyOrder(http: KiteHttp, variety: KiteVariety, orderId: string, changes: KiteModifyOrder): Promise<string> {
  const data = await http.request({ method: 'PUT', path: `/orders/${variety}/${encodeURIComponent(orderId)}`, form: changes, write: true });
  return str(objectAt(data, 'modify answer'), 'order_id');
}

export async function cancelOrder(http: KiteHttp, variety: KiteVariety, orderId: string, parentOrderId?: string): Promise<string> {
  const path = `/orders/${variety}/${encodeURIComponent(orderId)}`;
  const data = await http.request({ method: 'DELETE', path, query: { parent_order_id: parentOrderId }, write: true });
  return str(objectAt(data, 'cancel answer'), 'order_id');
}

/** The day's orders, each at its latest state. */
export async function getOrders(http: KiteHttp): Promise<KiteOrder[]> {
  return arrayAt(await http.request({ method: 'GET', path: '/orders' }), 'orders').map(readKiteOrder);
}

/** Every state one order went through, oldest first. */
export async function getOrderHistory(http: KiteHttp, orderId: string): Promise<KiteOrder[]> {
  const data = await http.request({ method: 'GET', path: `/orders/${encodeURIComponent(orderId)}` });
  return arrayAt(data, 'order history').map(readKiteOrder);
}

export async function getOrderTrades(http: KiteHttp, orderId: string): Promise<KiteTrade[]> {
  const data = await http.request({ method: 'GET', path: `/orders/${encodeURIComponent(orderId)}/trades` });
  return arrayAt(data, 'order trades').map(readKiteTrade);
}

export async function getTrades(http: KiteHttp): Promise<KiteTrade[]> {
  return arrayAt(await http.request({ method: 'GET', path: '/trades' }), 'trades').map(readKiteTrade);
}

/** The orders a tag names (a parent and its autoslice children share it): how a lost answer is reconciled. */
export function ordersTagged(orders: readonly KiteOrder[], tag: string): KiteOrder[] {
  return orders.filter((order) => order.tag === tag || order.tags.includes(tag));
}
