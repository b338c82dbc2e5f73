// A recommendation's legs as the builder opens them and as a basket sends them. The server names each leg
// by tradingsymbol and lots; its expiry is the day the recommendation is valid until (IST), and the lot size
// comes from that expiry's listed contracts.
import type { Recommendation } from '@/features/analytics/api/analytics-reads';
import type { OrderRequest, Product } from '@/features/orders/api/trading-types';
import { hedgesFirst } from '@/features/strategies/model/builder-leg';
import { istDay } from '@/lib/trading/live-order-confirmations';

export type RecommendedLeg = { side: 'BUY' | 'SELL'; lots: number; tradingsymbol: string };

/** The recommendation's expiry date (YYYY-MM-DD, IST): it is valid until that expiry's close. */
export function expiryOf(item: Pick<Recommendation, 'valid_until'>): string | null {
  return item.valid_until === null ? null : istDay(Date.parse(item.valid_until));
}

/** `BUY:1:NIFTY26JAN25800PE,SELL:1:…`: the builder's `legs` parameter. */
export function encodeLegs(legs: readonly RecommendedLeg[]): string {
  return legs.map((leg) => `${leg.side}:${leg.lots}:${leg.tradingsymbol}`).join(',');
}

/** The builder's `legs` parameter read back; anything malformed opens nothing. */
export function decodeLegs(text: string | null): RecommendedLeg[] {
  if (text === null || text === '') return [];
  const legs = text.split(',').map((part): RecommendedLeg | null => {
    const [side, lots, tradingsymbol] = part.split(':');
    const count = Number(lots);
    if ((side !== 'BUY' && side !== 'SELL') || !Number.isSafeInteger(count) || count < 1 || count > 100 || tradingsymbol === undefined || !/^[A-Z0-9]{1,40}$/.test(tradingsymbol)) return null;
    return { side, lots: count, tradingsymbol };
  });
  return legs.length > 20 || legs.some((leg) => leg === null) ? [] : legs.filter((leg) => leg !== null);
}

const legsOf = (item: Recommendation): RecommendedLeg[] => item.legs.map((leg) => ({ side: leg.transaction_type, lots: leg.lots, tradingsymbol: leg.tradingsymbol }));

/** The strategy builder with the recommendation's legs, on its index and expiry, priced live. */
export function builderLink(item: Recommendation): string {
  const expiry = expiryOf(item);
  const query = new URLSearchParams({ index: item.index, ...(expiry === null ? {} : { expiry }), legs: encodeLegs(legsOf(item)) });
  return `/app/strategy-builder?${query.toString()}`;
}

/** The legs as market orders, hedges (buys) first, in lots of the listed contracts; null while a lot size is unknown. */
export function basketRequests(item: Recommendation, lotSizes: ReadonlyMap<string, number>, product: Product): OrderRequest[] | null {
  const orders = hedgesFirst(item.legs.map((leg) => ({ ...leg, side: leg.transaction_type }))).map((leg) => {
    const lotSize = lotSizes.get(leg.tradingsymbol);
    return lotSize === undefined
      ? null
      : { tradingsymbol: leg.tradingsymbol, exchange: leg.exchange, transaction_type: leg.side, order_type: 'MARKET' as const, product, quantity: leg.lots * lotSize };
  });
  return orders.some((order) => order === null) ? null : orders.filter((order) => order !== null);
}
