// What an execution policy cost against the mid (backtest reports, issue 60), and the LIMIT price it sends:
// pure functions of the touch.
import { describe, expect, it } from 'vitest';
import { limitPriceFor } from '../../../server/services/execution/policy-prices.ts';
import { referenceOf, slippagePaise } from '../../../server/services/execution/execution-slippage.ts';
import { nseRules } from '../support/price-rules.ts';

const quote = { bidPaise: 9975, askPaise: 10025, lastPaise: 10000, closePaise: 10000 };

describe('the LIMIT price of the limit_reprice policy', () => {
  it('is the touch plus the buffer on the tick, rounded away from the touch', () => {
    expect(limitPriceFor('BUY', quote, { bufferUnit: 'ticks', bufferValue: 1 }, nseRules)).toBe(10030);
    expect(limitPriceFor('SELL', quote, { bufferUnit: 'ticks', bufferValue: 1 }, nseRules)).toBe(9970);
    // 8 % of ₹100.25 is ₹8.02: ₹108.27, up to the tick ₹108.30.
    expect(limitPriceFor('BUY', quote, { bufferUnit: 'percent', bufferValue: 8 }, nseRules)).toBe(10830);
    expect(limitPriceFor('SELL', quote, { bufferUnit: 'percent', bufferValue: 8 }, nseRules)).toBe(9175);
  });

  it('prices an empty side from the last price and stays inside the exchange band', () => {
    expect(limitPriceFor('SELL', { ...quote, bidPaise: 0 }, { bufferUnit: 'ticks', bufferValue: 1 }, nseRules)).toBe(9995);
    // A ₹5 option: NSE's band is ±₹20 up to a ₹50 reference, so a 50 % buffer is inside it; 500 ticks are not.
    const cheap = { bidPaise: 480, askPaise: 500, lastPaise: 490, closePaise: 490 };
    expect(limitPriceFor('BUY', cheap, { bufferUnit: 'ticks', bufferValue: 500 }, nseRules)).toBe(2490);
    expect(limitPriceFor('SELL', cheap, { bufferUnit: 'ticks', bufferValue: 500 }, nseRules)).toBe(5);
  });
});

describe('the slippage an execution policy cost', () => {
  it('is each fill against the mid of the touch it was priced on, times its quantity, positive a cost', () => {
    // A buy at the offer and a sell at the bid each cost half the ₹0.50 spread on 65: ₹16.25 each.
    const atTouch = [
      { side: 'BUY' as const, quantity: 65, fillPaise: 10025, ...quote },
      { side: 'SELL' as const, quantity: 65, fillPaise: 9975, ...quote },
    ];
    expect(slippagePaise(atTouch)).toBe(3250);
    // A sell re-priced down ₹1.25 below the mid cost ₹1.25 a unit.
    expect(slippagePaise([{ side: 'SELL', quantity: 65, fillPaise: 9875, ...quote }])).toBe(8125);
    // An improvement is a negative cost.
    expect(slippagePaise([{ side: 'BUY', quantity: 65, fillPaise: 9990, ...quote }])).toBe(-650);
  });

  it('measures against the last price when a side of the book was empty', () => {
    expect(referenceOf({ bidPaise: 0, askPaise: 10025, lastPaise: 10000 })).toBe(10000);
  });
});
