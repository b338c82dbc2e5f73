// Kite's hours are the live core's (../live/live-hours.ts: `regular` while the exchange is open, Kite's `amo`,
// POST /orders/amo, held as "AMO REQ RECEIVED" and sent at the open, inside the AMO window); what is Kite's
// own is where a change of an order goes (its variety).
import type { KiteVariety } from '../kite/kite-order-types.ts';

/**
 * The variety a change (modify, cancel) of a Kite order goes to: an AMO Kite still holds is changed as
 * `amo`; once Kite sent it to the exchange at the open it is a regular order there and changed as
 * `regular`, although Kite's book keeps showing variety "amo" (Kite forum, "Cancel AMO order after market
 * opens", Zerodha's answer: "The amo's variety changes once OMS places the order at the exchange").
 */
export function changeVariety(placedAs: string, exchangeOrderId: string | null): KiteVariety {
  if (placedAs === 'amo') return exchangeOrderId === null || exchangeOrderId === '' ? 'amo' : 'regular';
  return (['regular', 'co', 'iceberg', 'auction'] as readonly string[]).includes(placedAs) ? (placedAs as KiteVariety) : 'regular';
}
