// The arithmetic of charges on made-up rates whose every component differs, so that a charge billed on
// the wrong side, to the wrong fill or left out of GST shows as a different number of paise. The rates
// in force and their sources are in charge-rates.test.ts; these are the rules that apply them.
import { describe, expect, it } from 'vitest';
import {
  addCharges,
  applyRate,
  autoSquareOffCharges,
  expiryCharges,
  fillCharges,
  noCharges,
  totalCharges,
  type ChargeRates,
} from '../../../server/services/brokers/paper/charges.ts';

const rates: ChargeRates = {
  brokeragePerOrderPaise: 2000,
  brokerageRate: null,
  sttSell: '0.001',
  exchange: '0.0005',
  sebi: '0.00001',
  gst: '0.18',
  stampBuy: '0.00003',
  sttExercise: '0.00125',
  autoSquareOffPerOrderPaise: 5000,
  exerciseBrokeragePerOrderPaise: 2000,
  exerciseExchange: '0',
  exerciseSebi: '0',
  exerciseStamp: '0',
};

// 100 units at ₹100: ₹10,000 of turnover, 10,00,000 paise.
const quantity = 100;
const pricePaise = 10_000;

describe('applyRate', () => {
  it('rounds half a paisa up and less than half down', () => {
    expect(applyRate(1, '0.5')).toBe(1);
    expect(applyRate(3, '0.5')).toBe(2);
    expect(applyRate(1, '0.49')).toBe(0);
    expect(applyRate(199, '0.01')).toBe(2);
  });

  it('takes a whole-number rate and a rate with several whole digits', () => {
    expect(applyRate(7, '5')).toBe(35);
    expect(applyRate(3, '12.5')).toBe(38); // 37.5
  });

  it.each(['', '.5', '5.', '-0.1', 'x0.1', '0.1x', '0.1.2', ' 0.1'])('refuses %j as a rate', (rate) => {
    expect(() => applyRate(100, rate)).toThrow(/Not a rate/);
  });
});

describe('fillCharges', () => {
  it('bills a first sell fill brokerage, STT, exchange, SEBI and GST on the three, and no stamp duty', () => {
    expect(fillCharges(rates, 'SELL', quantity, pricePaise, true)).toEqual({
      brokerage: 2000,
      stt: 1000,
      exchange: 500,
      sebi: 10,
      gst: 452, // 18 % of 2,510
      stamp: 0,
      callAndTrade: 0,
    });
  });

  it('bills a first buy fill stamp duty and no STT', () => {
    expect(fillCharges(rates, 'BUY', quantity, pricePaise, true)).toEqual({
      brokerage: 2000,
      stt: 0,
      exchange: 500,
      sebi: 10,
      gst: 452,
      stamp: 30,
      callAndTrade: 0,
    });
  });

  it('bills a later fill of the same order no brokerage, nor GST on it', () => {
    expect(fillCharges(rates, 'SELL', quantity, pricePaise, false)).toEqual({
      brokerage: 0,
      stt: 1000,
      exchange: 500,
      sebi: 10,
      gst: 92, // 18 % of 510
      stamp: 0,
      callAndTrade: 0,
    });
  });
});

describe('autoSquareOffCharges', () => {
  it('adds the call-and-trade charge to the first fill, with GST on it too', () => {
    expect(autoSquareOffCharges(rates, 'SELL', quantity, pricePaise, true)).toEqual({
      brokerage: 2000,
      stt: 1000,
      exchange: 500,
      sebi: 10,
      gst: 1352, // 18 % of 7,510 (SEBI's fee subtracted would make it 1,348)
      stamp: 0,
      callAndTrade: 5000,
    });
  });

  it('bills a later fill of the square-off order as any later fill', () => {
    expect(autoSquareOffCharges(rates, 'BUY', quantity, pricePaise, false)).toEqual(fillCharges(rates, 'BUY', quantity, pricePaise, false));
  });
});

describe('expiryCharges', () => {
  it('bills an exercised long brokerage per settlement order, GST on it, and STT on the intrinsic value', () => {
    // 1,800 units settle in two orders of the 900-unit freeze quantity; STT: 0.125 % of 1,800 × ₹50.
    expect(expiryCharges(rates, { long: true, quantity: 1800, intrinsicPaise: 5000, freezeQuantity: 900 })).toEqual({
      ...noCharges,
      brokerage: 4000,
      gst: 720,
      stt: 11_250,
    });
  });

  it('counts a part of a freeze quantity as one more order', () => {
    expect(expiryCharges(rates, { long: true, quantity: 1801, intrinsicPaise: 5000, freezeQuantity: 900 }).brokerage).toBe(6000);
  });

  it('bills a short settled in the money brokerage but no STT', () => {
    expect(expiryCharges(rates, { long: false, quantity: 900, intrinsicPaise: 5000, freezeQuantity: 900 })).toEqual({
      ...noCharges,
      brokerage: 2000,
      gst: 360,
    });
  });

  it('counts one order per unit when the freeze quantity is missing (0), never an endless one', () => {
    expect(expiryCharges(rates, { long: false, quantity: 2, intrinsicPaise: 5000, freezeQuantity: 0 }).brokerage).toBe(4000);
  });

  it('reads every settlement line from its own rates: brokerage apart from the trading one, and exchange, SEBI and stamp on the settlement value when levied', () => {
    // Made-up rates, each different: 1,000 units × ₹50 intrinsic = ₹50,000 of settlement value (50,00,000 paise).
    const levied = { ...rates, exerciseBrokeragePerOrderPaise: 3000, exerciseExchange: '0.0002', exerciseSebi: '0.000004', exerciseStamp: '0.00007' };
    // Two orders of the 900 freeze: ₹60 brokerage; exchange ₹10.00; SEBI ₹0.20; stamp ₹3.50; GST 18 % of ₹70.20 = ₹12.64.
    expect(expiryCharges(levied, { long: true, quantity: 1000, intrinsicPaise: 5000, freezeQuantity: 900 })).toEqual({
      brokerage: 6000,
      stt: 6250,
      exchange: 1000,
      sebi: 20,
      gst: 1264,
      stamp: 350,
      callAndTrade: 0,
    });
    expect(expiryCharges(levied, { long: false, quantity: 1000, intrinsicPaise: 5000, freezeQuantity: 900 })).toEqual({
      brokerage: 6000,
      stt: 0,
      exchange: 1000,
      sebi: 20,
      gst: 1264,
      stamp: 350,
      callAndTrade: 0,
    });
  });

  it('bills nothing for an option that expires at the money or out of it', () => {
    expect(expiryCharges(rates, { long: true, quantity: 900, intrinsicPaise: 0, freezeQuantity: 900 })).toEqual(noCharges);
    expect(expiryCharges(rates, { long: true, quantity: 900, intrinsicPaise: -100, freezeQuantity: 900 })).toEqual(noCharges);
  });
});

describe('addCharges and totalCharges', () => {
  const a = { brokerage: 1, stt: 2, exchange: 4, sebi: 8, gst: 16, stamp: 32, callAndTrade: 64 };
  const b = { brokerage: 128, stt: 256, exchange: 512, sebi: 1024, gst: 2048, stamp: 4096, callAndTrade: 8192 };

  it('adds two sets of charges kind by kind', () => {
    expect(addCharges(a, b)).toEqual({ brokerage: 129, stt: 258, exchange: 516, sebi: 1032, gst: 2064, stamp: 4128, callAndTrade: 8256 });
  });

  it('totals every kind, each once', () => {
    expect(totalCharges(a)).toBe(127);
    expect(totalCharges(b)).toBe(16_256);
  });
});
