// An option position's roll to the next expiry (issue 63), as Sensibull and Kite traders roll before expiry: the legs
// held closed and the same legs opened in the expiry listed next, at the same strike or at the same distance from the
// money. The lots follow futures' roll (future-roll.ts rollBasket: the same lots, each in its own contract's lot across
// a revision). Pure: the listed expiries and strikes and the underlying's level are passed in.

/** The expiry listed after `held` (expiries as the market lists them, nearest first), or null when none is. */
export function nextExpiry<T extends { date: string }>(expiries: readonly T[], held: string): T | null {
  return expiries.find((expiry) => expiry.date > held) ?? null;
}

/** The underlying carried to an expiry `years` away at the continuously compounded `rate` (Black-76's forward). */
export const forwardOf = (spot: number, rate: number, years: number) => spot * Math.exp(rate * Math.max(years, 0));

/** The listed strike nearest `level` (the higher of two as near: the bots' at-the-money rule rounds half up). */
export function nearestStrike(strikes: readonly number[], level: number): number | null {
  let best: number | null = null;
  for (const strike of strikes) {
    if (best === null) best = strike;
    const gap = Math.abs(strike - level) - Math.abs(best - level);
    if (gap < -1e-9 || (Math.abs(gap) <= 1e-9 && strike > best)) best = strike;
  }
  return best;
}

export type RollMode = 'same_strike' | 'same_distance';

/** One expiry's listed strikes and its at-the-money strike (null without a level of the underlying). */
export type RollChain = { strikes: readonly number[]; atm: number | null };

/**
 * The strike a leg held at `strike` rolls to in the next expiry: the same one, or as many rupees from the next
 * expiry's at-the-money strike as it is from its own's (the listed strike nearest that); null when the next expiry
 * lists no such strike, or the distance cannot be read (no level of the underlying).
 */
export function rolledStrike(mode: RollMode, strike: number, near: RollChain, next: RollChain): number | null {
  if (mode === 'same_strike') return next.strikes.includes(strike) ? strike : null;
  if (near.atm === null || next.atm === null) return null;
  const target = next.atm + (strike - near.atm);
  // Beyond the strikes listed, the nearest would be an edge strike at another distance: none.
  if (target < Math.min(...next.strikes) || target > Math.max(...next.strikes)) return null;
  return nearestStrike(next.strikes, target);
}
