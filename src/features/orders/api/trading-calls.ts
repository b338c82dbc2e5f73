// The trading calls (spec §7). Every trading POST carries the intent's Idempotency-Key; none is ever
// retried here or queued anywhere (the service worker lets /api/ pass to the network untouched): an
// unknown outcome is settled by send-intent.ts reading the order book.
import type { components } from '@openapi/main';
import type {
  ExecuteOrderRequest,
  KillSwitchState,
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
import { replayTradedBy } from '@/lib/replay/replay-account';
import { cancelReplayOrders, getReplayOrderBook, getReplayOrderMargins } from '@/lib/replay/replay-calls';
import { replayExecute, replayModifyRefused, replayPlaceTrades, replaySquareoff, replayStopLoss, replayTarget } from '@/lib/replay/replay-trading';

const keyed = (key: string) => ({ header: { 'Idempotency-Key': key } });

// An open replay's account (RP1) trades in the replay's own book: each call below that names it goes to the
// replay's routes (lib/replay), so the ticket, the books and the square-offs need no replay of their own.

export async function placeTrades(key: string, body: PlaceTradesRequest): Promise<Order[]> {
  const replay = replayTradedBy(body.account_number);
  if (replay !== null) return replayPlaceTrades(replay, key, body);
  return requireField(await mainApi().POST('/api/order-book/order-book/place_trades/', { params: keyed(key), body }), 'orders').orders;
}

export async function executeOrder(key: string, body: ExecuteOrderRequest): Promise<Order[]> {
  const replay = replayTradedBy(body.account_number);
  if (replay !== null) return replayExecute(replay, key, body);
  return requireField(await mainApi().POST('/api/order-book/order-book/execute_order/', { params: keyed(key), body }), 'orders').orders;
}

export async function squareoffTrades(key: string, body: SquareoffTradesRequest): Promise<Order[]> {
  const replay = replayTradedBy(body.account_number);
  if (replay !== null) return replaySquareoff(replay, key, body);
  return requireField(await mainApi().POST('/api/order-book/order-book/squareoff_trades/', { params: keyed(key), body }), 'orders').orders;
}

export async function placeStopLoss(key: string, body: StopLossOrderRequest): Promise<Order[]> {
  const replay = replayTradedBy(body.account_number);
  if (replay !== null) return replayStopLoss(replay, key, body);
  return requireField(await mainApi().POST('/api/order-book/order-book/place_slorder/', { params: keyed(key), body }), 'orders').orders;
}

export async function placeTarget(key: string, body: TargetOrderRequest): Promise<Order[]> {
  const replay = replayTradedBy(body.account_number);
  if (replay !== null) return replayTarget(replay, key, body);
  return requireField(await mainApi().POST('/api/order-book/order-book/place_targetorder/', { params: keyed(key), body }), 'orders').orders;
}

export async function modifyOrder(key: string, body: ModifyOrderRequest): Promise<Order[]> {
  if (replayTradedBy(body.account_number) !== null) throw replayModifyRefused();
  return requireField(await mainApi().POST('/api/order-book/order-book/modify_order/', { params: keyed(key), body }), 'orders').orders;
}

export async function cancelOrders(key: string, accountNumber: string, orderIds: string[]): Promise<Order[]> {
  const replay = replayTradedBy(accountNumber);
  if (replay !== null) return cancelReplayOrders(replay.id, key, orderIds);
  const body = { account_number: accountNumber, order_ids: orderIds };
  return requireField(await mainApi().POST('/api/order-book/order-book/cancel_order/', { params: keyed(key), body }), 'orders').orders;
}

/**
 * The account's orders and trades of a trading day (today when no date); with `updatedSince` (a previous
 * answer's as_of), only what changed since.
 */
export async function getOrderBook(accountNumber: string, date?: string, updatedSince?: string): Promise<OrderBook> {
  // A replay's book is one day's, read whole (it holds what a trader placed in one sitting).
  const replay = replayTradedBy(accountNumber);
  if (replay !== null) return getReplayOrderBook(replay.id);
  const query = { ...(date === undefined ? {} : { start_date: date }), ...(updatedSince === undefined ? {} : { updated_since: updatedSince }) };
  const answer = await mainApi().GET('/api/order-book/order-book/{accountNumber}', { params: { path: { accountNumber }, query } });
  return requireField(answer, 'order_book', 'trades');
}

/**
 * A book with the changes of a later read applied: changed orders replaced where they stand, new ones on
 * top (newest first). The server's answer repeats what changed shortly before the last read's as_of (trading-books.ts,
 * lateCommitMs): an order or trade it repeats unchanged is no change. The same order list and trades come
 * back when nothing changed, so nothing re-renders.
 */
export function mergeOrderBook(book: OrderBook, changes: OrderBook): OrderBook {
  const known = new Map(book.order_book.map((order) => [order.order_id, order]));
  const changed = new Map(changes.order_book.filter((order) => !sameOrder(known.get(order.order_id), order)).map((order) => [order.order_id, order]));
  const tradeIds = new Set(book.trades.map((trade) => trade.trade_id));
  const newTrades = changes.trades.filter((trade) => !tradeIds.has(trade.trade_id));
  if (changed.size === 0 && newTrades.length === 0 && changes.status === book.status) return { ...book, as_of: changes.as_of };
  const added = [...changed.values()].filter((order) => !known.has(order.order_id));
  const orders = changed.size === 0 ? book.order_book : [...added, ...book.order_book.map((order) => changed.get(order.order_id) ?? order)];
  const trades = newTrades.length === 0 ? book.trades : [...newTrades, ...book.trades];
  return { order_book: orders, trades, status: changes.status, as_of: changes.as_of };
}

/** The same order as read before: every field the server gave alike. */
function sameOrder(known: Order | undefined, read: Order): boolean {
  return known !== undefined && JSON.stringify(known) === JSON.stringify(read);
}

/**
 * Every account's kill switch: the desk says so before an order is typed when its account's is on (the
 * kill switch feature arms and disarms them; trading only needs to know).
 */
export async function getKillSwitchStates(): Promise<KillSwitchState[]> {
  return requireField(await mainApi().GET('/api/kill-switch/'), 'kill_switches').kill_switches;
}

/** What orders would need together (margin with hedge benefit, premium, charges); places nothing. */
/** `portfolioId`: the portfolio the orders are placed within; its capital left is then what is available. */
export async function getOrderMargins(accountNumber: string, orders: OrderRequest[], portfolioId: number | null = null): Promise<OrderMargins> {
  // A replay's book answers for its own account (RP1) at the replayed minute; the trader's accounts never hold it.
  const replay = replayTradedBy(accountNumber);
  if (replay !== null) return getReplayOrderMargins(replay.id, orders);
  const portfolio = portfolioId === null ? {} : { portfolio_id: portfolioId };
  const answer = await mainApi().POST('/api/order-book/margins/orders/', { body: { account_number: accountNumber, ...portfolio, orders } });
  return requireField(answer, 'margins').margins;
}

export type MarketDepth = components['schemas']['MarketDepthResponse'];

/** A contract's depth beyond the best bid and ask, where the account's broker streams it (Dhan's 20 levels). */
export async function getMarketDepth(accountNumber: string, tradingsymbol: string): Promise<MarketDepth> {
  return requireField(await mainApi().GET('/api/market-depth/{accountNumber}/', { params: { path: { accountNumber }, query: { exchange: 'NFO', tradingsymbol } } }), 'bids', 'asks');
}
