// The at-the-money implied volatility of one expiry, read off its chain: the market's forecast for the
// underlying to that expiry, which the probability of profit needs. At each strike the call's and the put's
// IVs are averaged (the straddle's), then interpolated linearly in strike at the forward. A strategy's legs
// are no substitute: a condor's leg nearest the money is a short wing, priced on the smile, not at the money.
import { requireFinite } from './option-inputs.ts';
import type { OptionKind } from './option-inputs.ts';

export type ChainVolatility = { strike: number; kind: OptionKind; /** Annualised, 0.12 for 12 %; null when the quote has none. */ volatility: number | null };

/** The ATM IV at `forward` from an expiry's quoted IVs, or null when no strike has one. */
export function atmVolatility(chain: readonly ChainVolatility[], forward: number): number | null {
  requireFinite('forward', forward);
  const byStrike = new Map<number, number[]>();
  for (const { strike, volatility } of chain) {
    if (volatility === null || !Number.isFinite(volatility) || volatility <= 0) continue;
    byStrike.set(strike, [...(byStrike.get(strike) ?? []), volatility]);
  }
  const strikes = [...byStrike.keys()].sort((a, b) => a - b);
  if (strikes.length === 0) return null;
  const straddle = (strike: number) => {
    const values = byStrike.get(strike)!;
    return values.reduce((sum, value) => sum + value, 0) / values.length;
  };
  const above = strikes.find((strike) => strike >= forward);
  const below = strikes.findLast((strike) => strike <= forward);
  if (above === undefined) return straddle(below!);
  if (below === undefined || below === above) return straddle(above);
  const weight = (forward - below) / (above - below);
  return straddle(below) * (1 - weight) + straddle(above) * weight;
}
