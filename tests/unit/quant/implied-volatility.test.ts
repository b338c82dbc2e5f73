// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { black76Price } from '../../../quant/black76.ts';
import { impliedVolatility } from '../../../quant/implied-volatility.ts';
import { QuantInputError } from '../../../quant/option-inputs.ts';

const market = { forward: 24_000, rate: 0.065 };

describe('implied volatility', () => {
  it('round-trips across strikes, expiries and volatilities', () => {
    let cases = 0;
    for (const years of [0.5 / 365, 2 / 365, 7 / 365, 30 / 365, 90 / 365, 1, 2])
      for (let strike = 18_000; strike <= 30_000; strike += 500)
        for (const volatility of [0.05, 0.1, 0.2, 0.45, 1])
          for (const kind of ['CE', 'PE'] as const) {
            const price = black76Price({ ...market, kind, strike, years, volatility });
            const timeValue = price - black76Price({ ...market, kind, strike, years, volatility: 0 });
            // Time value far below a paisa carries no volatility information worth recovering.
            if (timeValue < 1e-4) continue;
            const result = impliedVolatility({ ...market, kind, strike, years, price });
            expect(result.ok, `${kind} ${strike} ${years} ${volatility}`).toBe(true);
            if (result.ok) expect(Math.abs(result.volatility - volatility)).toBeLessThan(1e-6);
            cases += 1;
          }
    expect(cases).toBeGreaterThan(700);
  });

  it('solves prices quoted on the 0.05 tick, far from the money', () => {
    const result = impliedVolatility({ ...market, kind: 'PE', strike: 21_000, years: 7 / 365, price: 0.05 });
    expect(result.ok).toBe(true);
    if (result.ok) expect(black76Price({ ...market, kind: 'PE', strike: 21_000, years: 7 / 365, volatility: result.volatility })).toBeCloseTo(0.05, 9);
  });

  it('gives a reason when no volatility explains the premium', () => {
    const call = { ...market, kind: 'CE' as const, strike: 23_000, years: 7 / 365 };
    const intrinsic = Math.exp(-market.rate * call.years) * 1_000;
    expect(impliedVolatility({ ...call, price: intrinsic - 1 })).toEqual({ ok: false, reason: 'below_intrinsic' });
    expect(impliedVolatility({ ...call, price: intrinsic })).toEqual({ ok: false, reason: 'no_time_value' });
    expect(impliedVolatility({ ...call, price: 24_000 })).toEqual({ ok: false, reason: 'above_maximum' });
    expect(impliedVolatility({ ...call, years: 0, price: 1_000 })).toEqual({ ok: false, reason: 'expired' });
  });

  it('finds the same volatility from any guess, a wrong or unusable one included', () => {
    // The simulator starts each solve at the smile's volatility (simulator.ts optionQuote): a start, never an answer.
    for (const years of [2 / 365, 30 / 365])
      for (let strike = 20_000; strike <= 28_000; strike += 1_000)
        for (const kind of ['CE', 'PE'] as const) {
          const price = black76Price({ ...market, kind, strike, years, volatility: 0.18 });
          if (price - black76Price({ ...market, kind, strike, years, volatility: 0 }) < 1e-4) continue;
          const solved = impliedVolatility({ ...market, kind, strike, years, price });
          expect(solved.ok).toBe(true);
          for (const guess of [0.18, 0.1701, 0.5, 3, 1e-9, 0, -1, Number.NaN, 50]) {
            const guessed = impliedVolatility({ ...market, kind, strike, years, price, guess });
            expect(guessed.ok, `${kind} ${strike} ${years} from ${guess}`).toBe(true);
            if (guessed.ok && solved.ok) expect(Math.abs(guessed.volatility - solved.volatility), `${kind} ${strike} ${years} from ${guess}`).toBeLessThan(1e-9);
          }
        }
  });

  it('refuses a price that is not a number', () => {
    const call = { ...market, kind: 'CE' as const, strike: 23_000, years: 7 / 365 };
    expect(() => impliedVolatility({ ...call, price: Number.NaN })).toThrow(QuantInputError);
    expect(() => impliedVolatility({ ...call, price: -1 })).toThrow(/price must not be negative/);
  });
});
