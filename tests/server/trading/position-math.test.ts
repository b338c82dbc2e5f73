// Kite's position arithmetic in paise, and the daily realised P&L history with its drawdown.
import { describe, expect, it } from 'vitest';
import type { LedgerTrade } from '../../../server/services/brokers/broker-trading.ts';
import { maxDrawdown, positionFigures, realisedByDay } from '../../../server/services/brokers/paper/position-math.ts';
import { applyRate } from '../../../server/services/brokers/paper/charges.ts';

const trade = (day: string, side: 'BUY' | 'SELL', quantity: number, rupees: number, charges = 0): LedgerTrade => ({
  day,
  key: 'NIFTY26NOV26050CE:NRML',
  side,
  quantity,
  pricePaise: Math.round(rupees * 100),
  chargesPaise: Math.round(charges * 100),
});

describe('daily realised P&L at average cost', () => {
  it('realises on the quantity closed, flips a position through zero, and nets each day\'s charges', () => {
    const days = realisedByDay([
      trade('2026-11-18', 'BUY', 65, 100, 10),
      trade('2026-11-18', 'SELL', 65, 110, 10),
      // Short 65 at ₹50, then buy 130 at ₹60: −₹650 on the short closed, and long 65 at ₹60.
      trade('2026-11-19', 'SELL', 65, 50),
      trade('2026-11-19', 'BUY', 130, 60),
      trade('2026-11-20', 'SELL', 65, 70),
    ]);
    expect(days).toEqual([
      { day: '2026-11-18', netRealisedPaise: 63_000, cumulativePaise: 63_000 },
      { day: '2026-11-19', netRealisedPaise: -65_000, cumulativePaise: -2_000 },
      { day: '2026-11-20', netRealisedPaise: 65_000, cumulativePaise: 63_000 },
    ]);
    expect(maxDrawdown(days)).toBe(65_000);
  });

  it('averages the cost of adds before realising', () => {
    // Bought 65 at ₹100 and 65 at ₹120 (average ₹110), sold 130 at ₹115: 130 × ₹5.
    const [day] = realisedByDay([trade('2026-11-20', 'BUY', 65, 100), trade('2026-11-20', 'BUY', 65, 120), trade('2026-11-20', 'SELL', 130, 115)]);
    expect(day?.netRealisedPaise).toBe(65_000);
  });
});

describe('position figures', () => {
  it('marks an open long from its average, carries overnight quantity from the previous close', () => {
    // 130 bought yesterday at ₹100 (₹13,000), 65 sold today at ₹110 (₹7,150); last ₹105, close ₹102.
    const figures = positionFigures(
      {
        buyQuantity: 130,
        buyValuePaise: 1_300_000,
        sellQuantity: 65,
        sellValuePaise: 715_000,
        dayBuyQuantity: 0,
        dayBuyValuePaise: 0,
        daySellQuantity: 65,
        daySellValuePaise: 715_000,
        chargesPaise: 5_000,
        dayChargesPaise: 2_500,
      },
      10_500,
      10_200,
    );
    // pnl = 7,150 − 13,000 + 65 × 105 = ₹975; unrealised 65 × (105 − 100) = ₹325; m2m = 7,150 + 6,825 − 130 × 102 = ₹715.
    expect(figures).toMatchObject({ quantity: 65, overnightQuantity: 130, pnlPaise: 97_500, unrealisedPaise: 32_500, realisedPaise: 65_000, m2mPaise: 71_500, netPnlPaise: 92_500 });
  });
});

describe('rates', () => {
  it('apply exactly and round half up to the paisa', () => {
    expect(applyRate(650_000, '0.0003553')).toBe(231); // 230.945
    expect(applyRate(650_000, '0.00003')).toBe(20); // 19.5
    expect(applyRate(715_325, '0.0015')).toBe(1073); // 1072.9875
    expect(() => applyRate(1, '1e-3')).toThrow();
  });
});
