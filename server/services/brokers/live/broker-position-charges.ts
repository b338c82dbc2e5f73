// A live broker's position book carries no charges. What StrikeDesk knows of them is its own fills' (each fill's
// share of its order's charges, priced per order in order-updates.ts and kept on the mirror's orders). The one
// thing both sides give is the quantity bought and sold, today's and in all, so this is where a broker position's
// charges and how much of it they cover are decided, and nowhere else.
import type { ChargesStatus } from '../broker-trading.ts';
import type { WirePosition } from './live-wire.ts';

/** StrikeDesk's recorded fills of one contract and product on the account (the mirror), summed. */
export type MirroredFills = {
  buyQuantity: number;
  sellQuantity: number;
  dayBuyQuantity: number;
  daySellQuantity: number;
  chargesPaise: number;
  dayChargesPaise: number;
  /** Some of these fills' orders have no charges figure yet (the broker has not priced them); today's apart. */
  chargesNotPriced: boolean;
  dayChargesNotPriced: boolean;
  /** Some of these fills' charges leave the brokerage out (Flattrade: no tariff dated); today's apart. */
  brokerageNotPriced: boolean;
  dayBrokerageNotPriced: boolean;
};

export type BrokerQuantities = Pick<WirePosition, 'buy_quantity' | 'sell_quantity' | 'day_buy_quantity' | 'day_sell_quantity'>;

export type BrokerPositionCharges = { chargesPaise: number; dayChargesPaise: number; status: ChargesStatus; brokerageNotPriced: boolean };

const unknown: BrokerPositionCharges = { chargesPaise: 0, dayChargesPaise: 0, status: 'not_priced', brokerageNotPriced: false };

/**
 * - `priced`: StrikeDesk's fills are all the position's fills (the same quantities bought and sold, today's and in
 *   all): their charges, whole (or `not_priced` while one of its orders has no figure yet).
 * - `partial`: not all, but today's fills of StrikeDesk's fit within the broker's today (no more bought, no more
 *   sold): the rest was placed in the broker's own app or carried from before. Those today's fills are certainly
 *   the position's, so their charges are a lower bound, counted in the net view and the day view alike. Earlier
 *   days' fills are left out: the broker's carried quantity is a net figure, which StrikeDesk's earlier fills
 *   cannot be matched to fill by fill.
 * - `not_priced` at ₹0 otherwise: no fill of StrikeDesk's today, or more recorded than the broker reports (its
 *   book behind the mirror), where no figure of StrikeDesk's can be said to belong to the position.
 */
export function brokerPositionCharges(mirrored: MirroredFills | undefined, broker: BrokerQuantities): BrokerPositionCharges {
  if (mirrored === undefined) return unknown;
  const whole =
    mirrored.buyQuantity === broker.buy_quantity &&
    mirrored.sellQuantity === broker.sell_quantity &&
    mirrored.dayBuyQuantity === broker.day_buy_quantity &&
    mirrored.daySellQuantity === broker.day_sell_quantity;
  if (whole) {
    return {
      chargesPaise: mirrored.chargesPaise,
      dayChargesPaise: mirrored.dayChargesPaise,
      status: mirrored.chargesNotPriced ? 'not_priced' : 'priced',
      brokerageNotPriced: mirrored.brokerageNotPriced,
    };
  }
  const tradedToday = mirrored.dayBuyQuantity + mirrored.daySellQuantity > 0;
  const withinToday = mirrored.dayBuyQuantity <= broker.day_buy_quantity && mirrored.daySellQuantity <= broker.day_sell_quantity;
  if (!tradedToday || !withinToday) return unknown;
  return {
    chargesPaise: mirrored.dayChargesPaise,
    dayChargesPaise: mirrored.dayChargesPaise,
    // An order of StrikeDesk's own not priced yet leaves out more than the outside fills: the weaker claim.
    status: mirrored.dayChargesNotPriced ? 'not_priced' : 'partial',
    brokerageNotPriced: mirrored.dayBrokerageNotPriced,
  };
}
