// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { black76Price } from '../../../quant/black76.ts';
import { QuantInputError } from '../../../quant/option-inputs.ts';
import { roundToPaise } from '../../../quant/paise.ts';
import { analyseDatePayoff, analyseExpiryPayoff, upsideSlope } from '../../../quant/payoff-analysis.ts';
import { datePnlFunction, defaultPriceRange, expiryPnlFunction, payoffCurve, pnlAtPrice } from '../../../quant/payoff.ts';
import { premiumFlow, type StrategyLeg } from '../../../quant/strategy-legs.ts';
import { expiryMs, leg, lotSize, nextExpiryMs, nowMs, rate, scenario, spot } from './strategy-fixtures.ts';

// The NIFTY iron condor 25800/25900/26200/26300: credit 66 + 72 − 37 − 40 = 61 a unit.
const condor = (): StrategyLeg[] => [
  leg('BUY', 'PE', 25_800, 37),
  leg('SELL', 'PE', 25_900, 66),
  leg('SELL', 'CE', 26_200, 72),
  leg('BUY', 'CE', 26_300, 40),
];

describe('the expiry payoff', () => {
  it('is Σ signed quantity × (intrinsic − entry), lots and lot size included', () => {
    const legs = [leg('BUY', 'CE', 26_000, 180, { lots: 2 }), leg('SELL', 'PE', 25_900, 66, { lots: 3 })];
    const pnl = expiryPnlFunction(legs, scenario);
    // At 26,100: call +100 − 180 on 150 units; put expires worthless, 66 kept on 225 units.
    expect(pnl(26_100)).toBeCloseTo(-80 * 150 + 66 * 225, 9);
    // At 25,800: call lost 180 × 150; put 100 in the money: (66 − 100) × 225.
    expect(pnl(25_800)).toBeCloseTo(-180 * 150 - 34 * 225, 9);
    // At 0 the put pays its whole strike.
    expect(pnl(0)).toBeCloseTo(-180 * 150 + (66 - 25_900) * 225, 9);
  });

  it('samples both lines over a range, the ends included, each point what the crosshair reads there', () => {
    const legs = [...condor(), leg('BUY', 'CE', 26_050, 150, { expiryMs: nextExpiryMs }), leg('SELL', 'PE', 26_050, 140, { lots: 2 })];
    const curve = payoffCurve(legs, scenario, { from: 25_000, to: 27_000, points: 400 });
    expect(curve.prices).toHaveLength(400);
    expect(curve.prices[0]).toBe(25_000);
    expect(curve.prices[399]).toBe(27_000);
    for (const index of [0, 57, 200, 311, 399]) {
      const price = curve.prices[index] ?? Number.NaN;
      const reading = pnlAtPrice(legs, scenario, price);
      expect(curve.atExpiry[index]).toBe(reading.atExpiry);
      expect(curve.onDate[index]).toBe(reading.onDate);
    }
    for (const value of [...curve.atExpiry, ...curve.onDate]) expect(Number.isFinite(value)).toBe(true);
  });

  it('leaves switched-off legs out of everything', () => {
    const legs = condor();
    const withoutCallWing = legs.slice(0, 3);
    const switchedOff = legs.map((each) => (each.strike === 26_300 ? { ...each, enabled: false } : each));
    const on = expiryPnlFunction(withoutCallWing, scenario);
    const off = expiryPnlFunction(switchedOff, scenario);
    for (const price of [0, 25_850, 26_250, 26_400, 30_000]) expect(off(price)).toBe(on(price));
    expect(premiumFlow(switchedOff)).toEqual(premiumFlow(withoutCallWing));
    // Without its call wing the condor is a short call above 26,200: the loss is unlimited.
    expect(analyseExpiryPayoff(legs, scenario).maxLoss).toBeCloseTo(-2925, 9);
    expect(analyseExpiryPayoff(switchedOff, scenario)).toEqual(analyseExpiryPayoff(withoutCallWing, scenario));
    expect(analyseExpiryPayoff(switchedOff, scenario).maxLoss).toBe('unlimited');
    const allOff = legs.map((each) => ({ ...each, enabled: false }));
    expect(analyseExpiryPayoff(allOff, scenario)).toEqual({ breakevens: [], profitIntervals: [], maxProfit: 0, maxLoss: 0, rewardToRisk: null });
    expect([...payoffCurve(allOff, scenario, { from: 1, to: 2, points: 3 }).onDate]).toEqual([0, 0, 0]);
  });

  it('states the premium received and paid', () => {
    // Received (66 + 72) × 75 = 10,350; paid (37 + 40) × 75 = 5,775.
    expect(premiumFlow(condor())).toEqual({ received: 10_350, paid: 5775, net: 4575 });
  });
});

describe('"unlimited", from the net calls beyond the top strike', () => {
  it('finds a long call unlimited in profit, its loss the premium, breakeven strike + premium', () => {
    const analysis = analyseExpiryPayoff([leg('BUY', 'CE', 26_000, 180)], scenario);
    expect(analysis).toEqual({ breakevens: [26_180], profitIntervals: [{ from: 26_180, to: Infinity }], maxProfit: 'unlimited', maxLoss: -13_500, rewardToRisk: 'unlimited' });
  });

  it('finds a short straddle unlimited in loss', () => {
    const analysis = analyseExpiryPayoff([leg('SELL', 'CE', 26_050, 150), leg('SELL', 'PE', 26_050, 140)], scenario);
    expect(analysis.maxLoss).toBe('unlimited');
    expect(analysis.maxProfit).toBeCloseTo(21_750, 9);
  });

  it('bounds the downside at a price of 0: a long put and a short put are never unlimited', () => {
    // Long put 25,900 @ 66: best at 0, (25,900 − 66) × 75 = 1,937,550.
    expect(analyseExpiryPayoff([leg('BUY', 'PE', 25_900, 66)], scenario)).toMatchObject({ maxProfit: 1_937_550, maxLoss: -4950, breakevens: [25_834] });
    expect(analyseExpiryPayoff([leg('SELL', 'PE', 25_900, 66)], scenario)).toMatchObject({ maxProfit: 4950, maxLoss: -1_937_550 });
  });

  it('weighs the calls by quantity: a 1×2 call ratio is unlimited in loss, a 2×1 in profit', () => {
    // Buy 26,000 @ 180, sell two 26,200 @ 72: debit 36 a unit, best at 26,200: (200 − 36) × 75 = 12,300.
    const ratio = [leg('BUY', 'CE', 26_000, 180), leg('SELL', 'CE', 26_200, 72, { lots: 2 })];
    expect(upsideSlope(ratio)).toBe(-75);
    const analysis = analyseExpiryPayoff(ratio, scenario);
    expect(analysis.maxLoss).toBe('unlimited');
    expect(analysis.maxProfit).toBeCloseTo(12_300, 9);
    // Profitable from 26,036 to 26,200 + 164 = 26,364.
    expect(analysis.breakevens[0]).toBeCloseTo(26_036, 9);
    expect(analysis.breakevens[1]).toBeCloseTo(26_364, 9);
    const backspread = [leg('SELL', 'CE', 26_000, 180), leg('BUY', 'CE', 26_200, 72, { lots: 2 })];
    expect(analyseExpiryPayoff(backspread, scenario).maxProfit).toBe('unlimited');
  });

  it('treats a spread of calls and puts with no net calls as bounded (a synthetic long hedged by a short call)', () => {
    // Long 26,000 call, short 26,050 put, short 26,200 call: net calls 0.
    const legs = [leg('BUY', 'CE', 26_000, 180), leg('SELL', 'PE', 26_050, 140), leg('SELL', 'CE', 26_200, 72)];
    const analysis = analyseExpiryPayoff(legs, scenario);
    // Above 26,200: 200 − 180 + 140 + 72 = 232 a unit → 17,400; at 0: −180 + 140 − 26,050 + 72.
    expect(analysis.maxProfit).toBeCloseTo(17_400, 9);
    expect(analysis.maxLoss).toBeCloseTo((-180 + 140 - 26_050 + 72) * 75, 9);
  });
});

describe('breakevens', () => {
  it('are exact roots between strikes, and one stretch that only touches 0 stays one interval', () => {
    // A long butterfly bought for exactly its width's half: 25,900 / 26,000 ×2 / 26,100, debit 50.
    // P&L at expiry: −50 below 25,900, +50 at 26,000, −50 above 26,100: breakevens 25,950 and 26,050.
    const fly = [leg('BUY', 'CE', 25_900, 150), leg('SELL', 'CE', 26_000, 100, { lots: 2 }), leg('BUY', 'CE', 26_100, 100)];
    const analysis = analyseExpiryPayoff(fly, scenario);
    expect(analysis.breakevens).toEqual([25_950, 26_050]);
    // A straddle bought for nothing gains everywhere but at its strike, where it touches 0: one
    // profitable stretch from 0 up, no breakeven.
    const free = [leg('BUY', 'CE', 26_000, 0), leg('BUY', 'PE', 26_000, 0)];
    expect(analyseExpiryPayoff(free, scenario)).toMatchObject({ breakevens: [], profitIntervals: [{ from: 0, to: Infinity }], maxLoss: 0 });
  });
});

describe('a calendar at the nearest expiry', () => {
  // Sell the 26,000 call of this week @ 180, buy next week's @ 260. At this week's expiry the bought
  // call still has 7 days: P&L(S) = 75·(180 − max(0, S − 26,000)) + 75·(C₇(S) − 260), with C₇ Black-76
  // off the forward S·e^(r·7/365) at its IV.
  const calendar = [leg('SELL', 'CE', 26_000, 180), leg('BUY', 'CE', 26_000, 260, { expiryMs: nextExpiryMs })];
  const years = 7 / 365;
  const farCall = (price: number) => black76Price({ kind: 'CE', forward: price * Math.exp(rate * years), strike: 26_000, years, rate, volatility: calendar[1]?.volatility ?? 0 });
  const byHand = (price: number) => 75 * (180 - Math.max(0, price - 26_000)) + 75 * (farCall(price) - 260);

  it('prices the later leg with Black-76 at its remaining time', () => {
    const pnl = expiryPnlFunction(calendar, scenario);
    for (const price of [25_000, 25_900, 26_000, 26_080, 27_000]) expect(pnl(price)).toBeCloseTo(byHand(price), 8);
    // At 0 the far call is worthless: 75 × (180 − 260) = −6,000, the worst (no net calls: bounded).
    expect(pnl(0)).toBeCloseTo(-6000, 9);
  });

  it('finds its breakevens, its best at the strike and its worst at 0, numerically', () => {
    const analysis = analyseExpiryPayoff(calendar, scenario);
    expect(analysis.maxProfit).toBeCloseTo(byHand(26_000), 6);
    expect(analysis.maxLoss).toBeCloseTo(-6000, 6);
    expect(analysis.breakevens).toHaveLength(2);
    const [low = 0, high = 0] = analysis.breakevens;
    expect(low).toBeLessThan(26_000);
    expect(high).toBeGreaterThan(26_000);
    for (const breakeven of analysis.breakevens) {
      expect(Math.abs(byHand(breakeven))).toBeLessThan(1e-4);
      expect(Math.sign(byHand(breakeven - 0.5))).toBe(-Math.sign(byHand(breakeven + 0.5)));
    }
  });

  it('meets the "today" line at the nearest expiry, and the date is never taken past it', () => {
    const atExpiry = expiryPnlFunction(calendar, scenario);
    const onExpiryDay = datePnlFunction(calendar, { ...scenario, atMs: expiryMs });
    const afterIt = datePnlFunction(calendar, { ...scenario, atMs: nextExpiryMs });
    for (const price of [25_500, 26_000, 26_500]) {
      expect(onExpiryDay(price)).toBe(atExpiry(price));
      expect(afterIt(price)).toBe(atExpiry(price));
    }
  });
});

describe('the "today" line', () => {
  const longCall = [leg('BUY', 'CE', 26_000, 180)];

  it('prices each leg with Black-76 at its IV plus the shift, at the chosen date', () => {
    const threeDaysOn = { ...scenario, atMs: nowMs + 3 * 24 * 3600 * 1000, volatilityShift: 0.02 };
    const years = 4 / 365;
    const volatility = (longCall[0]?.volatility ?? 0) + 0.02;
    const price = black76Price({ kind: 'CE', forward: 26_100 * Math.exp(rate * years), strike: 26_000, years, rate, volatility });
    expect(datePnlFunction(longCall, threeDaysOn)(26_100)).toBeCloseTo(75 * (price - 180), 9);
  });

  it('rises with the IV shift for a long option and lies above the expiry line (time value)', () => {
    const now = datePnlFunction(longCall, scenario);
    const higher = datePnlFunction(longCall, { ...scenario, volatilityShift: 0.05 });
    const lower = datePnlFunction(longCall, { ...scenario, volatilityShift: -0.5 });
    const expiry = expiryPnlFunction(longCall, scenario);
    for (const price of [25_500, 26_000, 26_500]) {
      expect(higher(price)).toBeGreaterThan(now(price));
      expect(now(price)).toBeGreaterThan(expiry(price));
      // IV shifted below 0 is floored at 0: the discounted intrinsic value, no NaN.
      expect(Number.isFinite(lower(price))).toBe(true);
    }
    expect(now(0)).toBe(-180 * lotSize);
  });

  it('has its own breakevens, found numerically: a long call breaks even sooner before expiry', () => {
    const analysis = analyseDatePayoff(longCall, scenario);
    expect(analysis.breakevens).toHaveLength(1);
    const [breakeven = 0] = analysis.breakevens;
    expect(breakeven).toBeLessThan(26_180);
    expect(Math.abs(datePnlFunction(longCall, scenario)(breakeven))).toBeLessThan(1e-6);
    expect(analysis.maxProfit).toBe('unlimited');
    expect(analysis.maxLoss).toBeCloseTo(-180 * 75, 6);
  });
});

describe('the price range, money and bad input', () => {
  it('spans every strike and the spot with room either side', () => {
    expect(defaultPriceRange(condor(), spot)).toEqual({ from: 25_800 - 1042, to: 26_300 + 1042, points: 400 });
    const wide = [leg('SELL', 'PE', 24_000, 5), leg('SELL', 'CE', 28_000, 5)];
    expect(defaultPriceRange(wide, spot, 200)).toEqual({ from: 22_000, to: 30_000, points: 200 });
  });

  it('rounds figures shown as money to paise, half away from zero', () => {
    expect(roundToPaise(4575)).toBe(457_500);
    expect(roundToPaise(1.005)).toBe(101);
    expect(roundToPaise(12.345)).toBe(1235);
    expect(roundToPaise(-12.345)).toBe(-1235);
    expect(roundToPaise(-0.004)).toBe(0);
    expect(Object.is(roundToPaise(-0.004), -0)).toBe(false);
    expect(() => roundToPaise(Number.NaN)).toThrow(QuantInputError);
  });

  it('refuses a bad leg or range, naming it, instead of drawing NaN', () => {
    expect(() => expiryPnlFunction([leg('BUY', 'CE', 26_000, 180, { lots: 0 })], scenario)).toThrow(/leg 1 lots/);
    expect(() => expiryPnlFunction([...condor(), leg('BUY', 'CE', 26_000, Number.NaN)], scenario)).toThrow(/leg 5 entry price/);
    expect(() => expiryPnlFunction([leg('BUY', 'CE', -5, 1)], scenario)).toThrow(/leg 1 strike/);
    expect(() => expiryPnlFunction(condor(), scenario)(-1)).toThrow(/price/);
    expect(() => payoffCurve(condor(), scenario, { from: 26_000, to: 25_000, points: 400 })).toThrow(/range/);
    expect(() => payoffCurve(condor(), scenario, { from: 25_000, to: 26_000, points: 1 })).toThrow(/points/);
    expect(() => datePnlFunction(condor(), { ...scenario, rate: Number.NaN })).toThrow(/rate/);
  });
});
