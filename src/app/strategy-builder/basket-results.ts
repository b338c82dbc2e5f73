import type { ReactNode } from 'react';
import type { IntentOutcome } from '@/features/orders/api/send-intent';
import type { Order } from '@/features/orders/api/trading-types';
import type { BuilderLeg } from '@/features/strategies/model/builder-leg';
import type { ApiError } from '@/lib/api/api-error';

export type LegResult =
  | { status: 'filled'; order: Order; orders: Order[] }
  /** The reason as the trader reads it: words, or words with a link to the screen a refusal names. */
  | { status: 'failed'; reason: ReactNode; orders: Order[] }
  | { status: 'working'; orders: Order[] };

/**
 * What happened to each leg of a basket. A leg may come back as several orders (sliced above the freeze
 * quantity): it filled when all of them did, at their quantity-weighted average; it failed when any was
 * rejected or cancelled; otherwise it is still working. A refused request failed every leg it carried.
 */
/**
 * `reasonOf`: a refused order's reason as the trader reads it (the server's coded words in the interface
 * language); `refusalOf`: the same for a refusal of the whole basket.
 */
export function legResults(
  legs: readonly BuilderLeg[],
  outcome: IntentOutcome,
  reasonOf: (order: Order) => string = (order) => order.status_message ?? order.status,
  refusalOf: (error: ApiError) => ReactNode = (error) => error.message,
): Map<string, LegResult> {
  const results = new Map<string, LegResult>();
  if (outcome.kind === 'refused') {
    for (const leg of legs) results.set(leg.id, { status: 'failed', reason: refusalOf(outcome.error), orders: [] });
    return results;
  }
  if (outcome.kind !== 'answered' && outcome.kind !== 'found') return results;
  const unclaimed = [...outcome.orders];
  for (const leg of legs) {
    const mine = unclaimed.filter((order) => order.tradingsymbol === leg.tradingsymbol && order.transaction_type === leg.side);
    for (const order of mine) unclaimed.splice(unclaimed.indexOf(order), 1);
    const bad = mine.find((order) => order.status === 'REJECTED' || order.status === 'CANCELLED');
    if (mine.length === 0) continue;
    if (bad !== undefined) {
      results.set(leg.id, { status: 'failed', reason: reasonOf(bad), orders: mine });
    } else if (mine.every((order) => order.status === 'COMPLETE')) {
      const quantity = mine.reduce((sum, order) => sum + order.filled_quantity, 0);
      const value = mine.reduce((sum, order) => sum + order.filled_quantity * order.average_price, 0);
      const first = mine[0] as Order;
      results.set(leg.id, { status: 'filled', order: { ...first, average_price: quantity === 0 ? first.average_price : value / quantity, filled_quantity: quantity }, orders: mine });
    } else {
      results.set(leg.id, { status: 'working', orders: mine });
    }
  }
  return results;
}
