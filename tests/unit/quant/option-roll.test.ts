// The option roll's pure rule (quant/option-roll.ts, issue 63): the next listed expiry, each expiry's at-the-money
// strike off its forward, and the strike a leg rolls to.
import { describe, expect, it } from 'vitest';
import { forwardOf, nearestStrike, nextExpiry, rolledStrike } from '../../../quant/option-roll.ts';

const strikes = [25900, 25950, 26000, 26050, 26100, 26150, 26200, 26250];

describe('an option roll', () => {
  it('rolls to the expiry listed after the one held, whatever its kind', () => {
    const listed = [{ date: '2026-11-23' }, { date: '2026-12-01' }, { date: '2026-12-08' }];
    expect(nextExpiry(listed, '2026-11-23')).toEqual({ date: '2026-12-01' });
    expect(nextExpiry(listed, '2026-12-08')).toBeNull();
  });

  it('reads the money off each expiry\'s forward: a level 10 over a strike is that strike 3 days out and the next one 11 days out', () => {
    const spot = 26010;
    expect(nearestStrike(strikes, forwardOf(spot, 0.055, 3.24 / 365))).toBe(26000);
    expect(nearestStrike(strikes, forwardOf(spot, 0.055, 11.24 / 365))).toBe(26050);
    // Halfway between two strikes, the higher (the bots' round-half-up).
    expect(nearestStrike(strikes, 26025)).toBe(26050);
  });

  it('keeps the strike, or its distance from the money, and finds none beyond the strikes listed', () => {
    const near = { strikes, atm: 26000 };
    const next = { strikes, atm: 26050 };
    expect(rolledStrike('same_strike', 26200, near, next)).toBe(26200);
    expect(rolledStrike('same_strike', 26300, near, next)).toBeNull();
    expect(rolledStrike('same_distance', 26150, near, next)).toBe(26200);
    expect(rolledStrike('same_distance', 26250, near, next)).toBeNull();
    expect(rolledStrike('same_distance', 26150, { strikes, atm: null }, next)).toBeNull();
  });
});
