// Kite's published limits (kite.trade docs and forum, 2026): order placements, modifications and
// cancellations 10 a second, 400 a minute and 5,000 a day per account; quotes 1 a second; an order modified
// at most 25 times; Zerodha's autoslice makes at most 10 slices of an API order. Counted by ../live/rate-limits.ts.
import { kiteTexts, type KiteLimit } from '../../texts/kite-texts.ts';
import type { LiveLimits } from '../live/rate-limits.ts';

export type KiteLimits = { ordersPerSecond: number; ordersPerMinute: number; ordersPerDay: number; quotesPerSecond: number; modificationsPerOrder: number };

export const kiteLimits: KiteLimits = { ordersPerSecond: 10, ordersPerMinute: 400, ordersPerDay: 5000, quotesPerSecond: 1, modificationsPerOrder: 25 };

/** Past it an order is refused whole (too_many_orders), never partly placed; the paper broker allows 20. */
export const maxKiteSlicesPerOrder = 10;

export function liveLimitsOfKite(limits: KiteLimits): LiveLimits<KiteLimit> {
  return {
    orders: [
      { limit: 'orders_second', count: limits.ordersPerSecond, windowMs: 1000 },
      { limit: 'orders_minute', count: limits.ordersPerMinute, windowMs: 60_000 },
      { limit: 'orders_day', count: limits.ordersPerDay, windowMs: 'day' },
    ],
    burst: 'orders_burst',
    quotes: { limit: 'quotes_second', perSecond: limits.quotesPerSecond },
    modificationsPerOrder: limits.modificationsPerOrder,
    refusal: kiteTexts.rateLimited,
  };
}
