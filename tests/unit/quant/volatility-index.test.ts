// @vitest-environment node
// India VIX's arithmetic (CBOE's, as NSE adapts it): the 30-day variance of the whole smile. On a flat smile
// it is that volatility; with a put skew it reads above the at-the-money IV, as India VIX does over NIFTY's.
import { describe, expect, it } from 'vitest';
import { volatilityIndex } from '../../../quant/volatility-index.ts';

const month = { forward: 26_120, years: 30 / 365, rate: 0.055, strikeStep: 50 };

describe('volatilityIndex', () => {
  it('is the volatility itself on a flat smile (to a hundredth of a point)', () => {
    for (const flat of [0.1, 0.15, 0.3]) expect(volatilityIndex({ ...month, smile: () => flat })).toBeCloseTo(flat, 4);
  });

  it('reads above the at-the-money IV when out-of-the-money puts are dearer, by a point or two on NIFTY’s smile', () => {
    const atm = 0.115;
    const smile = (strike: number) => {
      const k = Math.log(strike / month.forward);
      return Math.max(atm / 2, atm - 0.6 * k + 2.5 * k * k);
    };
    const vix = volatilityIndex({ ...month, smile });
    expect(vix - atm).toBeGreaterThan(0.005);
    expect(vix - atm).toBeLessThan(0.03);
  });

  it('refuses what is not a market', () => {
    expect(() => volatilityIndex({ ...month, years: 0, smile: () => 0.1 })).toThrow(/greater than 0/);
    expect(() => volatilityIndex({ ...month, forward: Number.NaN, smile: () => 0.1 })).toThrow(/forward/);
  });
});
