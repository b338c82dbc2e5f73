import type { OrderRequest, Product } from '@/features/orders/api/trading-types';
import { hedgesFirst, type BuilderLeg } from '@/features/strategies/model/builder-leg';

/** The enabled legs as market orders, hedges (buys) first, each with the leg it came from. */
export function basketOrders(legs: readonly BuilderLeg[], product: Product): { leg: BuilderLeg; order: OrderRequest }[] {
  return hedgesFirst(legs.filter((leg) => leg.enabled)).map((leg) => ({
    leg,
    order: {
      tradingsymbol: leg.tradingsymbol,
      exchange: leg.exchange,
      transaction_type: leg.side,
      order_type: 'MARKET',
      product,
      quantity: leg.lots * leg.lotSize,
    },
  }));
}
