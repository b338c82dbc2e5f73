// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { black76Greeks, black76Price } from '../../../quant/black76.ts';
import { forwardFromParity, forwardFromSpot, QuantInputError, type OptionInputs } from '../../../quant/option-inputs.ts';

const nifty = { forward: 24_000, strike: 24_000, years: 7 / 365, rate: 0.065, volatility: 0.13 };

describe('Black-76 against Hull (Options, Futures, and Other Derivatives)', () => {
  it('prices a European futures option: F = K = 20, r = 9 %, σ = 25 %, 4 months → put 1.12 (and the call equals it)', () => {
    const inputs = { forward: 20, strike: 20, years: 4 / 12, rate: 0.09, volatility: 0.25 };
    expect(black76Price({ ...inputs, kind: 'PE' })).toBeCloseTo(1.1166, 4);
    expect(black76Price({ ...inputs, kind: 'CE' })).toBeCloseTo(1.1166, 4);
  });

  it('reproduces Black–Scholes on a stock through the forward: S = 42, K = 40, r = 10 %, σ = 20 %, 6 months → call 4.76, put 0.81', () => {
    const years = 0.5;
    const inputs = { forward: forwardFromSpot(42, 0.1, years), strike: 40, years, rate: 0.1, volatility: 0.2 };
    expect(black76Price({ ...inputs, kind: 'CE' })).toBeCloseTo(4.7594, 4);
    expect(black76Price({ ...inputs, kind: 'PE' })).toBeCloseTo(0.8086, 4);
  });

  it("gives Hull's greeks for S = 49, K = 50, r = 5 %, σ = 20 %, 20 weeks once expressed against the spot", () => {
    const years = 20 / 52;
    const rate = 0.05;
    const forward = forwardFromSpot(49, rate, years);
    const inputs: OptionInputs = { kind: 'CE', forward, strike: 50, years, rate, volatility: 0.2 };
    const greeks = black76Greeks(inputs);
    const carry = Math.exp(rate * years);
    expect(black76Price(inputs)).toBeCloseTo(2.4005, 4);
    expect(greeks.delta * carry).toBeCloseTo(0.522, 3);
    expect(greeks.gamma * carry * carry).toBeCloseTo(0.066, 3);
    expect(greeks.vega).toBeCloseTo(0.121, 3);
    // With the spot held instead of the forward, a day also moves the forward by −r·F·dt.
    const spotThetaPerYear = greeks.theta * 365 - rate * forward * greeks.delta;
    expect(spotThetaPerYear).toBeCloseTo(-4.31, 2);
  });
});

describe('Black-76 consistency', () => {
  const strikes = [12_000, 20_000, 23_000, 23_950, 24_000, 24_050, 25_000, 30_000, 48_000];
  const expiries = [1 / 365 / 24, 1 / 365, 7 / 365, 30 / 365, 1, 3];
  const volatilities = [0.01, 0.13, 0.4, 1.5];

  it('holds put-call parity to 1e-9 across strikes, expiries and volatilities', () => {
    for (const strike of strikes)
      for (const years of expiries)
        for (const volatility of volatilities) {
          const inputs = { ...nifty, strike, years, volatility };
          const parity = Math.exp(-inputs.rate * years) * (inputs.forward - strike);
          const gap = black76Price({ ...inputs, kind: 'CE' }) - black76Price({ ...inputs, kind: 'PE' }) - parity;
          expect(Math.abs(gap)).toBeLessThan(1e-9);
        }
  });

  it('has greeks that match finite differences of the price', () => {
    for (const kind of ['CE', 'PE'] as const)
      for (const strike of [22_000, 24_000, 26_000]) {
        const inputs: OptionInputs = { ...nifty, kind, strike, years: 30 / 365, volatility: 0.15 };
        const price = (changes: Partial<OptionInputs>) => black76Price({ ...inputs, ...changes });
        const greeks = black76Greeks(inputs);
        const h = 1;
        expect(greeks.delta).toBeCloseTo((price({ forward: inputs.forward + h }) - price({ forward: inputs.forward - h })) / (2 * h), 6);
        const secondDifference = price({ forward: inputs.forward + h }) - 2 * price({}) + price({ forward: inputs.forward - h });
        expect(greeks.gamma).toBeCloseTo(secondDifference / (h * h), 7);
        expect(greeks.vega).toBeCloseTo((price({ volatility: 0.15001 }) - price({ volatility: 0.14999 })) / 0.002, 5);
        const day = 1 / 365;
        expect(greeks.theta).toBeCloseTo((price({ years: inputs.years - day / 2 }) - price({ years: inputs.years + day / 2 })), 3);
      }
  });

  it('finds the forward from put-call parity at the money', () => {
    const inputs = { ...nifty, forward: 24_137.5, strike: 24_100 };
    const call = black76Price({ ...inputs, kind: 'CE' });
    const put = black76Price({ ...inputs, kind: 'PE' });
    expect(forwardFromParity(24_100, call, put, inputs.rate, inputs.years)).toBeCloseTo(24_137.5, 9);
  });
});

describe('Black-76 at the edges: a clear number, never NaN', () => {
  const everyNumber = (inputs: OptionInputs) => [black76Price(inputs), ...Object.values(black76Greeks(inputs))];

  it('is worth its intrinsic value at expiry, with a step delta and no gamma, vega or theta', () => {
    const atExpiry = { ...nifty, years: 0 };
    expect(black76Price({ ...atExpiry, kind: 'CE', strike: 23_900 })).toBe(100);
    expect(black76Price({ ...atExpiry, kind: 'PE', strike: 23_900 })).toBe(0);
    expect(black76Greeks({ ...atExpiry, kind: 'CE', strike: 23_900 })).toEqual({ delta: 1, gamma: 0, theta: 0, vega: 0 });
    expect(black76Greeks({ ...atExpiry, kind: 'PE', strike: 23_900 }).delta).toBe(-0);
    expect(black76Greeks({ ...atExpiry, kind: 'CE', strike: 24_000 }).delta).toBe(0.5);
  });

  it('tends smoothly to intrinsic as expiry nears', () => {
    const seconds = (count: number) => count / (365 * 24 * 3600);
    const inputs: OptionInputs = { ...nifty, kind: 'CE', strike: 23_900 };
    expect(black76Price({ ...inputs, years: seconds(1) })).toBeCloseTo(100, 6);
    expect(black76Price({ ...inputs, kind: 'CE', strike: 24_000, years: seconds(60) })).toBeGreaterThan(0);
  });

  it('handles zero and absurd volatility', () => {
    const call: OptionInputs = { ...nifty, kind: 'CE', strike: 23_000, volatility: 0 };
    expect(black76Price(call)).toBeCloseTo(Math.exp(-nifty.rate * nifty.years) * 1000, 9);
    const absurd = black76Price({ ...call, volatility: 50 });
    expect(absurd).toBeLessThanOrEqual(Math.exp(-nifty.rate * nifty.years) * nifty.forward);
    expect(absurd).toBeGreaterThan(0.99 * Math.exp(-nifty.rate * nifty.years) * nifty.forward);
    for (const volatility of [0, 1e-9, 50, 500]) for (const value of everyNumber({ ...call, volatility })) expect(Number.isFinite(value)).toBe(true);
  });

  it('keeps deep in- and out-of-the-money options finite, non-negative and above intrinsic', () => {
    for (const strike of [100, 1_000, 240_000, 2_400_000])
      for (const kind of ['CE', 'PE'] as const) {
        const inputs: OptionInputs = { ...nifty, kind, strike };
        for (const value of everyNumber(inputs)) expect(Number.isFinite(value)).toBe(true);
        const payoff = kind === 'CE' ? nifty.forward - strike : strike - nifty.forward;
        expect(black76Price(inputs)).toBeGreaterThanOrEqual(Math.max(0, Math.exp(-nifty.rate * nifty.years) * payoff) - 1e-9);
      }
  });

  it('refuses inputs no option has, naming them', () => {
    const base: OptionInputs = { ...nifty, kind: 'CE' };
    expect(() => black76Price({ ...base, forward: Number.NaN })).toThrow(new QuantInputError('forward must be a finite number, got NaN'));
    expect(() => black76Price({ ...base, strike: 0 })).toThrow(QuantInputError);
    expect(() => black76Price({ ...base, volatility: -0.1 })).toThrow(/volatility must not be negative/);
    expect(() => black76Price({ ...base, years: -1 })).toThrow(/years/);
    expect(() => black76Greeks({ ...base, rate: Number.POSITIVE_INFINITY })).toThrow(/rate/);
  });
});
