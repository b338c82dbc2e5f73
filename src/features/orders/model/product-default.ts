import type { Product } from '@/features/orders/api/trading-types';

/**
 * MIS in the session now trading, as the server's market status tells it (the price stream): the broker's MIS
 * cut-off (HH:MM IST, from the server's exchange calendar: 15:25 on a regular day, a special session's own),
 * whether a fresh MIS order is refused now (from the cut-off to the close, on the exchange's hours), and
 * whether this is the demo market (MIS at any hour, squared off at the cut-off each day). Null while the
 * market is closed (an order is then an AMO for the next session) or the status is not known.
 */
export type MisWindow = { closed: boolean; cutOff: string; demo: boolean };

/**
 * The product an order starts with: the trader's default, except NRML once MIS is closed for the day (the
 * broker would refuse a fresh MIS order), so the ticket and the builder never lead to that refusal.
 */
export function defaultProduct(preferred: Product, mis: MisWindow | null): Product {
  return mis?.closed === true ? 'NRML' : preferred;
}
