// Kite's position figures in paise for the cases position-math.test.ts leaves out: a short (marked from its
// average sell price), a flat position, the day's totals, averages of nothing, realised P&L across
// instruments and days given out of order, and the drawdown of a losing start.
import { describe, expect, it } from 'vitest';
import type { LedgerTrade, TradeTotals } from '../../../server/services/brokers/broker-trading.ts';
import { averagePaise, dayTotals, maxDrawdown, positionFigures, realisedByDay } from '../../../server/services/brokers/paper/position-math.ts';

const noTrades: TradeTotals = {
  buyQuantity: 0,
  buyValuePaise: 0,
  sellQuantity: 0,
  sellValuePaise: 0,
  dayBuyQuantity: 0,
  dayBuyValuePaise: 0,
  daySellQuantity: 0,
  daySellValuePaise: 0,
  chargesPaise: 0,
  dayChargesPaise: 0,
};

describe('position figures', () => {
  it('marks an open short from its average sell price, and its carried quantity from the previous close', () => {
    // Sold 130 yesterday at ₹100 and 65 today at ₹103 (₹19,695 in all), bought 65 back today at ₹95; last ₹98, close ₹99.
    const figures = positionFigures(
      {
        ...noTrades,
        buyQuantity: 65,
        buyValuePaise: 617_500,
        sellQuantity: 195,
        sellValuePaise: 1_969_500,
        dayBuyQuantity: 65,
        dayBuyValuePaise: 617_500,
        daySellQuantity: 65,
        daySellValuePaise: 669_500,
        chargesPaise: 6_000,
        dayChargesPaise: 2_000,
      },
      9_800,
      9_900,
    );
    // Short 130 (the overnight 130, today's 65 sold and 65 bought back). Average sell ₹101 (19,695 / 195).
    // pnl = 19,695 − 6,175 − 130 × 98 = ₹780; unrealised 130 × (101 − 98) = ₹390; m2m = 6,695 − 6,175 − 130 × 98 + 130 × 99 = ₹650.
    expect(figures).toEqual({
      quantity: -130,
      overnightQuantity: -130,
      averagePricePaise: 10_100,
      buyPricePaise: 9_500,
      sellPricePaise: 10_100,
      pnlPaise: 78_000,
      realisedPaise: 39_000,
      unrealisedPaise: 39_000,
      m2mPaise: 65_000,
      chargesPaise: 6_000,
      netPnlPaise: 72_000,
    });
  });

  it('rounds an unrealised figure to the paisa, for a long and a short', () => {
    // Long 3 bought at ₹10.00 and ₹10.01 and ₹10.01 (average ₹10.00667), last ₹10.00: −₹0.02.
    expect(positionFigures({ ...noTrades, buyQuantity: 3, buyValuePaise: 3_002, dayBuyQuantity: 3, dayBuyValuePaise: 3_002 }, 1_000, 1_000).unrealisedPaise).toBe(-2);
    // Short 3 sold at the same prices, last ₹10.00: +₹0.02.
    expect(positionFigures({ ...noTrades, sellQuantity: 3, sellValuePaise: 3_002, daySellQuantity: 3, daySellValuePaise: 3_002 }, 1_000, 1_000).unrealisedPaise).toBe(2);
  });

  it('shows a closed position at its average buy price, all of it realised', () => {
    const figures = positionFigures(
      { ...noTrades, buyQuantity: 65, buyValuePaise: 650_000, sellQuantity: 65, sellValuePaise: 715_000, dayBuyQuantity: 65, dayBuyValuePaise: 650_000, daySellQuantity: 65, daySellValuePaise: 715_000 },
      12_000,
      9_000,
    );
    expect(figures).toMatchObject({ quantity: 0, averagePricePaise: 10_000, unrealisedPaise: 0, realisedPaise: 65_000, pnlPaise: 65_000, m2mPaise: 65_000 });
  });

  it('takes only the day\'s trades and charges for the day view', () => {
    const totals: TradeTotals = {
      buyQuantity: 195,
      buyValuePaise: 1_950_000,
      sellQuantity: 65,
      sellValuePaise: 700_000,
      dayBuyQuantity: 65,
      dayBuyValuePaise: 660_000,
      daySellQuantity: 65,
      daySellValuePaise: 700_000,
      chargesPaise: 9_000,
      dayChargesPaise: 3_000,
    };
    expect(dayTotals(totals)).toEqual({
      buyQuantity: 65,
      buyValuePaise: 660_000,
      sellQuantity: 65,
      sellValuePaise: 700_000,
      dayBuyQuantity: 65,
      dayBuyValuePaise: 660_000,
      daySellQuantity: 65,
      daySellValuePaise: 700_000,
      chargesPaise: 3_000,
      dayChargesPaise: 3_000,
    });
  });

  it('averages a value over a quantity to the paisa, and nothing traded as 0', () => {
    expect(averagePaise(1_000, 3)).toBe(333);
    expect(averagePaise(2_000, 3)).toBe(667);
    expect(averagePaise(0, 0)).toBe(0);
  });
});

const trade = (day: string, key: string, side: 'BUY' | 'SELL', quantity: number, pricePaise: number, chargesPaise = 0): LedgerTrade => ({
  day,
  key,
  side,
  quantity,
  pricePaise,
  chargesPaise,
});

describe('daily realised P&L', () => {
  it('keeps each instrument\'s average apart, and lists the days in order', () => {
    const days = realisedByDay([
      trade('2026-11-19', 'A:NRML', 'BUY', 65, 10_000),
      trade('2026-11-19', 'B:NRML', 'BUY', 65, 20_000),
      trade('2026-11-20', 'B:NRML', 'SELL', 65, 21_000, 500),
      trade('2026-11-18', 'A:NRML', 'BUY', 65, 9_000, 300),
      trade('2026-11-20', 'A:NRML', 'SELL', 130, 10_000),
    ]);
    // A: 65 at ₹100 then 65 at ₹90 (average ₹95), sold 130 at ₹100: +₹650. B: +₹650, less ₹5 of charges.
    expect(days).toEqual([
      { day: '2026-11-18', netRealisedPaise: -300, cumulativePaise: -300 },
      { day: '2026-11-19', netRealisedPaise: 0, cumulativePaise: -300 },
      { day: '2026-11-20', netRealisedPaise: 129_500, cumulativePaise: 129_200 },
    ]);
  });

  it('realises a short bought back below its average, and rounds a day to the paisa', () => {
    // Sold 1 at ₹1.00 and 2 at ₹1.01 (average ₹1.00667), bought 3 back at ₹1.00: +₹0.02.
    const days = realisedByDay([
      trade('2026-11-20', 'A:MIS', 'SELL', 1, 100),
      trade('2026-11-20', 'A:MIS', 'SELL', 2, 101),
      trade('2026-11-20', 'A:MIS', 'BUY', 3, 100),
    ]);
    expect(days).toEqual([{ day: '2026-11-20', netRealisedPaise: 2, cumulativePaise: 2 }]);
  });

  it('keeps the average of a position reduced in part', () => {
    // Long 130 at ₹100: 65 sold at ₹110 (+₹650), the other 65 at ₹120 (+₹1,300); then short 65 at ₹90 bought back at ₹80 (+₹650).
    const days = realisedByDay([
      trade('2026-11-20', 'A:NRML', 'BUY', 130, 10_000),
      trade('2026-11-20', 'A:NRML', 'SELL', 65, 11_000),
      trade('2026-11-20', 'A:NRML', 'SELL', 65, 12_000),
      trade('2026-11-23', 'A:NRML', 'SELL', 130, 9_000),
      trade('2026-11-23', 'A:NRML', 'BUY', 65, 8_000),
      trade('2026-11-23', 'A:NRML', 'BUY', 65, 8_000),
    ]);
    expect(days.map((day) => day.netRealisedPaise)).toEqual([195_000, 130_000]);
  });

  it('opens the rest of a flip at the flipping trade\'s price', () => {
    // Long 65 at ₹100; sold 130 at ₹110 (+₹650, short 65 at ₹110); bought 65 back at ₹105 (+₹325).
    const days = realisedByDay([
      trade('2026-11-18', 'A:NRML', 'BUY', 65, 10_000),
      trade('2026-11-19', 'A:NRML', 'SELL', 130, 11_000),
      trade('2026-11-20', 'A:NRML', 'BUY', 65, 10_500),
      trade('2026-11-20', 'A:NRML', 'BUY', 65, 10_000),
      trade('2026-11-20', 'A:NRML', 'SELL', 65, 10_000),
    ]);
    expect(days.map((day) => day.netRealisedPaise)).toEqual([0, 65_000, 32_500]);
  });
});

describe('maximum drawdown', () => {
  it('counts a losing start from zero, and is 0 for a P&L that never fell', () => {
    const day = (cumulativePaise: number) => ({ day: '2026-11-20', netRealisedPaise: 0, cumulativePaise });
    expect(maxDrawdown([day(-500), day(-200)])).toBe(500);
    expect(maxDrawdown([day(100), day(300), day(300)])).toBe(0);
    expect(maxDrawdown([day(1_000), day(400), day(1_500), day(1_200)])).toBe(600);
    expect(maxDrawdown([])).toBe(0);
  });

  it('ends its curve now, with the open positions at their price, as the net P&L beside it', () => {
    const day = (cumulativePaise: number) => ({ day: '2026-11-20', netRealisedPaise: 0, cumulativePaise });
    // Realised −₹61.72, an open position ₹260 down: the net P&L is −₹321.72, and so is the fall from zero.
    expect(maxDrawdown([day(-6_172)], -26_000)).toBe(32_172);
    // Nothing closed yet: the open loss alone.
    expect(maxDrawdown([], -26_000)).toBe(26_000);
    // An open gain lifts the last point, never the drawdown already taken.
    expect(maxDrawdown([day(1_000), day(400)], 5_000)).toBe(600);
  });
});
