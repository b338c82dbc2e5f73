// The trading calls (spec §7). Every trading POST carries the intent's Idempotency-Key; none is ever
// retried here or queued anywhere (the service worker lets /api/ pass to the network untouched): an
// unknown outcome is settled by send-intent.ts reading the order book.
import type {
  ExecuteOrderRequest,
  ModifyOrderRequest,
  OrderBook,
  OrderMargins,
  OrderRequest,
  Order,
  PlaceTradesRequest,
  SquareoffTradesRequest,
  StopLossOrderRequest,
  TargetOrderRequest,
} from '@/features/orders/api/trading-types';
import { mainApi } from '@/lib/api/clients';
import { requireField } from '@/lib/api/require-field';

const keyed = (key: string) => ({ header: { 'Idempotency-Key': key } });

export async function placeTrades(key: string, body: PlaceTradesRequest): Promise<Order[]> {
  return requireField(await mainApi().POST('/api/order-book/order-book/place_trades/', { params: keyed(key), body }), 'orders').orders;
}

export async function executeOrder(key: string, body: ExecuteOrderRequest): Promise<Order[]> {
  return requireField(await mainApi().POST('/api/order-book/order-book/execute_order/', { params: keyed(key), body }), 'orders').orders;
}

export async function squareoffTrades(key: string, body: SquareoffTradesRequest): Promise<Order[]> {
  return requireField(await mainApi().POST('/api/order-book/order-book/squareoff_trades/', { params: keyed(key), body }), 'orders').orders;
}

export async function placeStopLoss(key: string, body: StopLossOrderRequest): Promise<Order[]> {
  return requireField(await mainApi().POST('/api/order-book/order-book/place_slorder/', { params: keyed(key), body }), 'orders').orders;
}

export async function placeTarget(key: string, body: TargetOrderRequest): Promise<Order[]> {
  return requireField(await mainApi().POST('/api/order-book/order-book/place_targetorder/', { params: keyed(key), body }), 'orders').orders;
}

export async function modifyOrder(key: string, body: ModifyOrderRequest): Promise<Order[]> {
  return requireField(await mainApi().POST('/api/order-book/order-book/modify_order/', { params: keyed(key), body }), 'orders').orders;
}

export async function cancelOrders(key: string, accountNumber: string, orderIds: string[]): Promise<Order[]> {
  const body = { account_number: accountNumber, order_ids: orderIds };
  return requireField(await mainApi().POST('/api/order-book/order-book/cancel_order/', { params: keyed(key), body }), 'orders').orders;
}

/** The account's orders and trades of a trading day (today when no date). */
export async function getOrderBook(accountNumber: string, date?: string): Promise<OrderBook> {
  const answer = await mainApi().GET('/api/order-book/order-book/{accountNumber}', {
    params: { path: { accountNumber }, query: date === undefined ? {} : { start_date: date } },
  });
  return requireField(answer, 'order_book', 'trades');
}

/** What orders would need together (margin with hedge benefit, premium, charges); places nothing. */
export async function getOrderMargins(accountNumber: string, orders: OrderRequest[]): Promise<OrderMargins> {
  const answer = await mainApi().POST('/api/order-book/margins/orders/', { body: { account_number: accountNumber, orders } });
  return requireField(answer, 'margins').margins;
}
