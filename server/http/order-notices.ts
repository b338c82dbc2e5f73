// A desk that pushes (issue 37): the price stream of a named account also says when one of that account's
// orders changed (placed, triggered, filled, modified, cancelled, rejected), the moment its broker reports
// it, so the desk reads its order book and positions then instead of on a timer. The changes come from the
// broker-neutral stream (BrokerTrading.subscribe's onOrder): the paper broker's order states, read back on
// every pass of every instance (a fill made by the leader, a placement served by another instance), and a Kite
// account's postbacks, ticker updates and book reads. An `order` event is a notice, not the order: the
// positions a fill moved need a read anyway, and one read after a burst of notices (a basket's legs) shows
// them all.
import type { BrokerOrder, BrokerTrading, OrderStatus, TradingAccount } from '../services/brokers/broker-trading.ts';
import type { Warn } from '../services/brokers/kite-broker/instrument-load.ts';

export type OrderNotice = { account_id: number; order_id: string; status: OrderStatus; filled_quantity: number };

export function orderNotice(order: BrokerOrder): OrderNotice {
  return { account_id: order.broker_account_id, order_id: order.order_id, status: order.status, filled_quantity: order.filled_quantity };
}

/**
 * Follows the account's orders from now on. Subscribed before the stream answers, so a change made after the
 * client sees the stream open is told, and one made before is in the read the client makes then; changes
 * heard before `tellTo` (the stream not yet joined) are covered by that read too, and dropped.
 */
export async function followOrders(trading: BrokerTrading, account: TradingAccount, warn: Warn) {
  let tell: ((notice: OrderNotice) => void) | null = null;
  const stream = await trading.subscribe(account, { onOrder: (order) => tell?.(orderNotice(order)), warn });
  return {
    tellTo: (listener: (notice: OrderNotice) => void) => {
      tell = listener;
    },
    close: () => {
      tell = null;
      stream.close();
    },
  };
}
