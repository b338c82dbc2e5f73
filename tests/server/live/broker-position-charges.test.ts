// How much of a live broker position's charges StrikeDesk knows, from the quantities its book and StrikeDesk's
// recorded fills give: all (priced), part (today's own fills, a lower bound), or nothing it can claim (not priced at ₹0).
import { describe, expect, it } from 'vitest';
import { brokerPositionCharges, type MirroredFills } from '../../../server/services/brokers/live/broker-position-charges.ts';

// StrikeDesk sold one lot of 65 today (₹9.20) and one yesterday (₹8.00).
const mirrored: MirroredFills = {
  buyQuantity: 0,
  sellQuantity: 130,
  dayBuyQuantity: 0,
  daySellQuantity: 65,
  chargesPaise: 1720,
  dayChargesPaise: 920,
  chargesNotPriced: false,
  dayChargesNotPriced: false,
  brokerageNotPriced: false,
  dayBrokerageNotPriced: false,
};
const broker = { buy_quantity: 0, sell_quantity: 130, day_buy_quantity: 0, day_sell_quantity: 65 };

describe('a live broker position’s charges', () => {
  it('are all of StrikeDesk’s fills when they are all of the position’s, today’s and in all', () => {
    expect(brokerPositionCharges(mirrored, broker)).toEqual({ chargesPaise: 1720, dayChargesPaise: 920, status: 'priced', brokerageNotPriced: false });
    expect(brokerPositionCharges({ ...mirrored, chargesNotPriced: true }, broker).status).toBe('not_priced');
  });

  it('are today’s own fills’ alone, partly priced, when the broker reports more sold today than StrikeDesk placed', () => {
    const more = { ...broker, sell_quantity: 195, day_sell_quantity: 130 };
    expect(brokerPositionCharges(mirrored, more)).toEqual({ chargesPaise: 920, dayChargesPaise: 920, status: 'partial', brokerageNotPriced: false });
    // Flattrade's: the same lower bound, its brokerage left out and said so.
    expect(brokerPositionCharges({ ...mirrored, dayBrokerageNotPriced: true }, more)).toMatchObject({ chargesPaise: 920, status: 'partial', brokerageNotPriced: true });
    // Also when the difference is in what was carried: today's own fills are still the position's.
    expect(brokerPositionCharges(mirrored, { ...broker, sell_quantity: 260 })).toMatchObject({ chargesPaise: 920, status: 'partial' });
  });

  it('say not priced, over partly, while one of today’s own orders has no figure yet', () => {
    expect(brokerPositionCharges({ ...mirrored, dayChargesNotPriced: true }, { ...broker, day_sell_quantity: 130, sell_quantity: 195 })).toMatchObject({ chargesPaise: 920, status: 'not_priced' });
  });

  it('claim nothing, not priced at ₹0, without a fill of StrikeDesk’s today or with more than the broker reports', () => {
    const nothing = { chargesPaise: 0, dayChargesPaise: 0, status: 'not_priced', brokerageNotPriced: false };
    expect(brokerPositionCharges(undefined, broker)).toEqual(nothing);
    // Carried from yesterday's StrikeDesk sale, but today's sales were all the broker's own app's.
    expect(brokerPositionCharges({ ...mirrored, sellQuantity: 65, daySellQuantity: 0, chargesPaise: 800, dayChargesPaise: 0 }, broker)).toEqual(nothing);
    // StrikeDesk recorded a sale today that the broker's book does not show yet.
    expect(brokerPositionCharges(mirrored, { ...broker, day_sell_quantity: 0, sell_quantity: 65 })).toEqual(nothing);
    expect(brokerPositionCharges({ ...mirrored, dayBuyQuantity: 65, buyQuantity: 65 }, { ...broker, sell_quantity: 195, day_sell_quantity: 130 })).toEqual(nothing);
  });
});
