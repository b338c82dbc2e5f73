import type { PriceAlertCreate } from '@/features/alerts/api/alert-calls';

/**
 * Whether an alert's level is already reached at `price`. The server fires an alert only when the last price
 * crosses its level (server/services/alerts/watchers/price-watcher.ts: "above" when the price seen before was
 * under the level and the price now is at or over it), and its first look only records the price. So an alert
 * "above ₹140" set while the option trades at ₹331 stays silent until the price has fallen under ₹140 and
 * risen again; at the level itself it is met too, as the next tick up is no crossing.
 */
export function alreadyMet(direction: PriceAlertCreate['direction'], level: number, price: number): boolean {
  return direction === 'above' ? price >= level : price <= level;
}
