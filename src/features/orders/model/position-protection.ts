// Which working orders protect a position. The server keeps a stop-loss and a target on a position as two
// ordinary orders (a pair: one cancels the other), so a position row finds them in the order book: still
// working, on the same contract, product and portfolio, on the side that closes it. SL and SL-M orders are
// its stop-losses; a LIMIT order is its target (an exit at a better price than now).
import type { components } from '@openapi/main';
import type { Order } from '@/features/orders/api/trading-types';

type Position = components['schemas']['Position'];

export type Protection = { stopLosses: Order[]; targets: Order[] };

const working = (order: Order) => order.status === 'OPEN' || order.status === 'TRIGGER PENDING';

/** The working stop-losses and targets of `position` among `orders` (none for a closed position). */
export function protectionOf(position: Position, orders: readonly Order[]): Protection {
  if (position.quantity === 0) return { stopLosses: [], targets: [] };
  const closingSide = position.quantity > 0 ? 'SELL' : 'BUY';
  const mine = orders.filter(
    (order) =>
      working(order) &&
      order.exchange === position.exchange &&
      order.tradingsymbol === position.tradingsymbol &&
      order.product === position.product &&
      order.transaction_type === closingSide &&
      // The account's book nets every portfolio: there, any portfolio's protection is the position's.
      (position.portfolio_id === null || order.portfolio_id === position.portfolio_id),
  );
  return {
    stopLosses: mine.filter((order) => order.order_type === 'SL' || order.order_type === 'SL-M'),
    targets: mine.filter((order) => order.order_type === 'LIMIT'),
  };
}
