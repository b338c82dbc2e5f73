// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { black76Greeks } from '../../../quant/black76.ts';
import { normalCdf } from '../../../quant/normal.ts';
import { forwardFromSpot } from '../../../quant/option-inputs.ts';
import { probabilityAbove, probabilityOfProfit, probabilityVolatility, sigmaRanges } from '../../../quant/probability.ts';
import { netGreeks } from '../../../quant/strategy-greeks.ts';
import { summariseStrategy, type StrategyScenario } from '../../../quant/strategy.ts';
import { signedQuantity, type StrategyLeg } from '../../../quant/strategy-legs.ts';
import { expiryMs, leg, nextExpiryMs, nowMs, rate, scenario, spot } from './strategy-fixtures.ts';

const years = 7 / 365;
const forward = spot * Math.exp(rate * years);
const panel: StrategyScenario = { ...scenario, spot, nowMs };
/** N(d2) at a price x: the lognormal probability that the underlying ends above x. */
const above = (x: number, volatility: number) => {
  const deviation = volatility * Math.sqrt(years);
  return normalCdf((Math.log(forward / x) - (deviation * deviation) / 2) / deviation);
};

describe('probability of profit, closed form', () => {
  it('is N(d2) at the breakeven for a single long call, at that leg’s IV', () => {
    // Buy the 26,000 call @ 180: profitable above 26,180.
    const call = leg('BUY', 'CE', 26_000, 180);
    const summary = summariseStrategy([call], panel);
    expect(summary.probabilityModel).toEqual({ forward, volatility: call.volatility, years });
    expect(summary.probabilityOfProfit).toBeCloseTo(above(26_180, call.volatility), 12);
    // Sanity: an out-of-the-money breakeven is less likely than not.
    expect(summary.probabilityOfProfit).toBeLessThan(0.5);
  });

  it('is N(d2(lower)) − N(d2(upper)) for a short straddle, at the mean of its call’s and put’s IV', () => {
    const legs = [leg('SELL', 'CE', 26_050, 150, { volatility: 0.13 }), leg('SELL', 'PE', 26_050, 140, { volatility: 0.15 })];
    const summary = summariseStrategy(legs, panel);
    expect(summary.probabilityModel?.volatility).toBeCloseTo(0.14, 15);
    expect(summary.probabilityOfProfit).toBeCloseTo(above(25_760, 0.14) - above(26_340, 0.14), 12);
  });

  it('takes the at-the-money leg of the nearest expiry, plus the IV shift, or the screen’s own volatility', () => {
    const condor = [leg('BUY', 'PE', 25_800, 37, { volatility: 0.16 }), leg('SELL', 'PE', 25_900, 66, { volatility: 0.14 }), leg('SELL', 'CE', 26_200, 72, { volatility: 0.11 }), leg('BUY', 'CE', 26_300, 40, { volatility: 0.105 })];
    // The forward is about 26,082: 26,200 is 118 away, 25,900 182.
    expect(probabilityVolatility(condor, forward)).toBe(0.11);
    expect(probabilityVolatility(condor, forward, 0.02)).toBeCloseTo(0.13, 15);
    expect(probabilityVolatility(condor, forward, -0.5)).toBe(0);
    // A later leg nearer the money does not count: the horizon is the nearest expiry.
    expect(probabilityVolatility([...condor, leg('BUY', 'CE', 26_100, 200, { expiryMs: nextExpiryMs, volatility: 0.3 })], forward)).toBe(0.11);
    expect(probabilityVolatility([], forward)).toBeNull();
    const chosen = summariseStrategy(condor, { ...panel, probabilityVolatility: 0.125 });
    // The condor is profitable from 25,839 to 26,261.
    expect(chosen.probabilityOfProfit).toBeCloseTo(above(25_839, 0.125) - above(26_261, 0.125), 12);
  });

  it('adds up the profitable intervals, from a price of 0 and up to infinity', () => {
    const inputs = { forward, volatility: 0.12, years };
    expect(probabilityOfProfit([{ from: 0, to: Infinity }], inputs)).toBe(1);
    expect(probabilityOfProfit([], inputs)).toBe(0);
    const split = probabilityOfProfit([{ from: 0, to: 25_900 }, { from: 26_200, to: Infinity }], inputs);
    expect(split).toBeCloseTo(1 - above(25_900, 0.12) + above(26_200, 0.12), 12);
    expect(probabilityAbove(26_000, inputs)).toBeCloseTo(above(26_000, 0.12), 15);
  });

  it('is certain or impossible once no time is left: the price is the forward', () => {
    const expired = { forward: 26_000, volatility: 0.12, years: 0 };
    expect(probabilityOfProfit([{ from: 25_900, to: 26_100 }], expired)).toBe(1);
    expect(probabilityOfProfit([{ from: 26_100, to: Infinity }], expired)).toBe(0);
  });
});

describe('σ ranges', () => {
  it('hold 68.27 % and 95.45 % of the same lognormal, around its median', () => {
    const inputs = { forward, volatility: 0.12, years };
    const { oneSigma, twoSigma } = sigmaRanges(inputs);
    const deviation = 0.12 * Math.sqrt(years);
    // About ±1.66 % of the forward for a week at 12 %.
    expect(oneSigma.to / oneSigma.from).toBeCloseTo(Math.exp(2 * deviation), 12);
    expect(Math.sqrt(oneSigma.from * oneSigma.to)).toBeCloseTo(forward * Math.exp((-deviation * deviation) / 2), 8);
    expect(probabilityOfProfit([oneSigma], inputs)).toBeCloseTo(0.682_689_492, 9);
    expect(probabilityOfProfit([twoSigma], inputs)).toBeCloseTo(0.954_499_736, 9);
    expect(oneSigma.probability).toBeCloseTo(0.682_689_492, 9);
    expect(twoSigma.from).toBeLessThan(oneSigma.from);
  });
});

describe('net greeks', () => {
  // A diagonal and a put spread: two expiries, both sides, several lot counts.
  const legs: StrategyLeg[] = [
    leg('BUY', 'CE', 26_300, 40, { expiryMs: nextExpiryMs, lots: 2 }),
    leg('SELL', 'CE', 26_200, 72, { lots: 3 }),
    leg('BUY', 'PE', 25_800, 37),
    leg('SELL', 'PE', 25_900, 66, { lots: 2, volatility: 0.14 }),
  ];

  it('equal the sum of each leg’s Black-76 greeks × its signed quantity', () => {
    const shifted = { ...scenario, volatilityShift: 0.01 };
    const total = netGreeks(legs, spot, shifted);
    const expected = { delta: 0, gamma: 0, theta: 0, vega: 0 };
    for (const each of legs) {
      const legYears = (each.expiryMs - nowMs) / (365 * 24 * 3600 * 1000);
      const greeks = black76Greeks({ kind: each.kind === 'PE' ? 'PE' : 'CE', forward: forwardFromSpot(spot, rate, legYears), strike: each.strike, years: legYears, rate, volatility: each.volatility + 0.01 });
      const quantity = signedQuantity(each);
      expected.delta += quantity * greeks.delta;
      expected.gamma += quantity * greeks.gamma;
      expected.theta += quantity * greeks.theta;
      expected.vega += quantity * greeks.vega;
    }
    for (const key of ['delta', 'gamma', 'theta', 'vega'] as const) expect(total[key]).toBeCloseTo(expected[key], 9);
    // Two calls short against two long, more puts short than long: the book is short vega.
    expect(total.vega).toBeLessThan(0);
  });

  it('are additive: the combination is the sum of its parts, a switched-off leg adds nothing', () => {
    const total = netGreeks(legs, spot, scenario);
    const parts = legs.map((each) => netGreeks([each], spot, scenario));
    for (const key of ['delta', 'gamma', 'theta', 'vega'] as const)
      expect(total[key]).toBeCloseTo(parts.reduce((sum, part) => sum + part[key], 0), 9);
    const withOneOff = legs.map((each, index) => (index === 1 ? { ...each, enabled: false } : each));
    const withoutIt = legs.filter((_, index) => index !== 1);
    expect(netGreeks(withOneOff, spot, scenario)).toEqual(netGreeks(withoutIt, spot, scenario));
    expect(netGreeks([], spot, scenario)).toEqual({ delta: 0, gamma: 0, theta: 0, vega: 0 });
  });

  it('turn a long straddle at the money into near-zero delta, positive gamma and vega, negative theta', () => {
    const straddle = [leg('BUY', 'CE', 26_050, 150), leg('BUY', 'PE', 26_050, 140)];
    const greeks = netGreeks(straddle, spot, scenario);
    expect(Math.abs(greeks.delta)).toBeLessThan(0.1 * 75);
    expect(greeks.gamma).toBeGreaterThan(0);
    expect(greeks.vega).toBeGreaterThan(0);
    expect(greeks.theta).toBeLessThan(0);
  });
});

describe('the summary panel', () => {
  it('puts the figures together for the issue’s iron condor', () => {
    const condor = [leg('BUY', 'PE', 25_800, 37), leg('SELL', 'PE', 25_900, 66), leg('SELL', 'CE', 26_200, 72), leg('BUY', 'CE', 26_300, 40)];
    const summary = summariseStrategy(condor, panel);
    expect(summary.premium).toEqual({ received: 10_350, paid: 5775, net: 4575 });
    expect(summary.atExpiry.breakevens).toEqual([25_839, 26_261]);
    expect(summary.nearestExpiryMs).toBe(expiryMs);
    const volatility = summary.probabilityModel?.volatility ?? 0;
    expect(summary.probabilityOfProfit).toBeCloseTo(above(25_839, volatility) - above(26_261, volatility), 12);
    expect(summary.sigmaRanges).toEqual(sigmaRanges({ forward, volatility, years }));
    expect(summary.greeks).toEqual(netGreeks(condor, spot, scenario));
  });

  it('has no probability with every leg switched off', () => {
    const summary = summariseStrategy([leg('BUY', 'CE', 26_000, 180, { enabled: false })], panel);
    expect(summary).toMatchObject({ probabilityOfProfit: null, probabilityModel: null, sigmaRanges: null, nearestExpiryMs: null });
  });
});
