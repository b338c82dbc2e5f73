// Dhan's order calls (https://dhanhq.co/docs/v2/orders/): place (POST /v2/orders, the caller's `correlationId`),
// place sliced at the freeze quantity (POST /v2/orders/slicing: one order a slice, each with the correlationId),
// modify (PUT /v2/orders/{id}), cancel (DELETE /v2/orders/{id}); the day's orders, one order, the orders of a
// correlationId, the day's trades. Every write names the account's `dhanClientId`.
import type { AfterMarketTime } from '../broker-trading.ts';
import type { DhanHttp } from './dhan-http.ts';
import { DhanError } from './dhan-errors.ts';
import { read } from './dhan-json.ts';
import { listOf, readDhanOrder, readDhanTrade, type DhanOrder, type DhanTrade } from './dhan-order-types.ts';

export type DhanOrderType = 'LIMIT' | 'MARKET' | 'STOP_LOSS' | 'STOP_LOSS_MARKET';
export type DhanProduct = 'INTRADAY' | 'MARGIN' | 'CNC';

export type DhanPlacement = {
  dhanClientId: string;
  correlationId: string;
  transactionType: 'BUY' | 'SELL';
  exchangeSegment: string;
  productType: DhanProduct;
  orderType: DhanOrderType;
  validity: 'DAY';
  securityId: string;
  quantity: number;
  price: number;
  triggerPrice: number;
  afterMarketOrder: boolean;
  /** When Dhan sends the AMO to the exchange: PRE_OPEN, OPEN, OPEN_30 or OPEN_60 (DhanHQ v2, Orders). */
  amoTime?: AfterMarketTime;
};

/** Dhan's `amoTime`s (DhanHQ v2, Orders): the times its API takes for an AMO, and so the ones StrikeDesk lets an order name. */
export const dhanAfterMarketTimes: readonly AfterMarketTime[] = ['PRE_OPEN', 'OPEN', 'OPEN_30', 'OPEN_60'];

export type DhanModification = { dhanClientId: string; orderId: string; orderType: DhanOrderType; legName: ''; quantity: number; price: number; triggerPrice: number; validity: 'DAY' };

const placedShape = { orderId: 'string', orderStatus: 'string?' } as const;

export async function placeOrder(http: DhanHttp, order: DhanPlacement): Promise<string[]> {
  return [read(await http.request({ method: 'POST', path: '/v2/orders', json: order, write: true }), placedShape, 'placement').orderId];
}

export async function placeSlicedOrder(http: DhanHttp, order: DhanPlacement): Promise<string[]> {
  return listOf(await http.request({ method: 'POST', path: '/v2/orders/slicing', json: order, write: true }), 'placement', (item) => read(item, placedShape, 'placement').orderId);
}

export async function modifyOrder(http: DhanHttp, change: DhanModification): Promise<void> {
  await http.request({ method: 'PUT', path: `/v2/orders/${encodeURIComponent(change.orderId)}`, json: change, write: true });
}

export async function cancelOrder(http: DhanHttp, orderId: string): Promise<void> {
  await http.request({ method: 'DELETE', path: `/v2/orders/${encodeURIComponent(orderId)}`, write: true });
}

export async function getOrders(http: DhanHttp): Promise<DhanOrder[]> {
  return listOf(await http.request({ method: 'GET', path: '/v2/orders' }), 'orders', readDhanOrder);
}

export async function getOrder(http: DhanHttp, orderId: string): Promise<DhanOrder> {
  const answer = await http.request({ method: 'GET', path: `/v2/orders/${encodeURIComponent(orderId)}` });
  // Some answers wrap the one order in a list.
  const [order] = Array.isArray(answer) ? answer : [answer];
  if (order === undefined) throw new DhanError(404, 'Order_Error', 'DH-906', `Dhan has no order ${orderId}`);
  return readDhanOrder(order);
}

export async function getTrades(http: DhanHttp): Promise<DhanTrade[]> {
  return listOf(await http.request({ method: 'GET', path: '/v2/trades' }), 'trades', readDhanTrade);
}
