// Probability of profit and the ±1σ / ±2σ price ranges, under the lognormal model Black-76 prices with:
// ln S_T ~ N(ln F − σ²T/2, σ²T), F the forward for the nearest expiry. Then P(S_T > x) = N(d2(x)) with
// d2(x) = (ln(F/x) − σ²T/2)/(σ√T), and the probability of profit is Σ N(d2(from)) − N(d2(to)) over the
// profitable intervals at the nearest expiry. (Risk-neutral, as Sensibull and Opstra compute it.)
//
// The volatility: by default the implied volatility of the at-the-money leg, i.e. the enabled leg of
// the nearest expiry whose strike is nearest the forward (ties averaged, so a straddle takes the mean
// of its call and put), plus the scenario's shift. It is the market's forecast for the underlying
// itself; a quantity-weighted mean would let far wings' skew stand in for it. The screen says so.
//
// The σ ranges are centred on the median F·e^(−σ²T/2): each holds exactly 68.27 % (95.45 %) of the
// same distribution, so the shaded band and the probability figures agree.
import { normalCdf } from './normal.ts';
import { QuantInputError, requireFinite } from './option-inputs.ts';
import type { ProfitInterval } from './payoff-analysis.ts';
import { nearestExpiryMs, type StrategyLeg } from './strategy-legs.ts';

export type LognormalInputs = {
  /** The forward for the horizon (the nearest expiry). */
  forward: number;
  /** Annualised volatility, 0.13 for 13 %. */
  volatility: number;
  /** Years to the horizon. */
  years: number;
};

export type PriceBand = { from: number; to: number; probability: number };

export type SigmaRanges = { oneSigma: PriceBand; twoSigma: PriceBand };

function checkLognormal({ forward, volatility, years }: LognormalInputs): number {
  requireFinite('forward', forward);
  requireFinite('volatility', volatility);
  requireFinite('years', years);
  if (forward <= 0) throw new QuantInputError(`forward must be greater than 0, got ${forward}`);
  if (volatility < 0) throw new QuantInputError(`volatility must not be negative, got ${volatility}`);
  if (years < 0) throw new QuantInputError(`years must not be negative, got ${years}`);
  return volatility * Math.sqrt(years);
}

/** P(S_T > price): N(d2) at that price. */
export function probabilityAbove(price: number, inputs: LognormalInputs): number {
  const deviation = checkLognormal(inputs);
  if (price <= 0) return 1;
  if (price === Number.POSITIVE_INFINITY) return 0;
  requireFinite('price', price);
  // No time or no volatility left: the price at the horizon is the forward itself.
  if (deviation === 0) return inputs.forward > price ? 1 : 0;
  return normalCdf((Math.log(inputs.forward / price) - (deviation * deviation) / 2) / deviation);
}

export function probabilityOfProfit(intervals: readonly ProfitInterval[], inputs: LognormalInputs): number {
  let probability = 0;
  for (const { from, to } of intervals) probability += probabilityAbove(from, inputs) - probabilityAbove(to, inputs);
  return Math.min(1, Math.max(0, probability));
}

export function sigmaRanges(inputs: LognormalInputs): SigmaRanges {
  const deviation = checkLognormal(inputs);
  const median = inputs.forward * Math.exp((-deviation * deviation) / 2);
  const band = (sigmas: number): PriceBand => ({
    from: median * Math.exp(-sigmas * deviation),
    to: median * Math.exp(sigmas * deviation),
    probability: deviation === 0 ? 1 : normalCdf(sigmas) - normalCdf(-sigmas),
  });
  return { oneSigma: band(1), twoSigma: band(2) };
}

/** The at-the-money leg's IV plus the shift (floored at 0), or null when no leg is enabled. */
export function probabilityVolatility(legs: readonly StrategyLeg[], forward: number, volatilityShift = 0): number | null {
  requireFinite('forward', forward);
  requireFinite('volatilityShift', volatilityShift);
  const nearest = nearestExpiryMs(legs);
  if (nearest === null) return null;
  let bestDistance = Number.POSITIVE_INFINITY;
  let sum = 0;
  let count = 0;
  for (const leg of legs) {
    // A future has no volatility of its own to lend the probability.
    if (!leg.enabled || leg.expiryMs !== nearest || leg.kind === 'FUT') continue;
    const distance = Math.abs(leg.strike - forward);
    if (distance < bestDistance) {
      bestDistance = distance;
      sum = 0;
      count = 0;
    }
    if (distance === bestDistance) {
      sum += leg.volatility;
      count += 1;
    }
  }
  if (count === 0) return null;
  return Math.max(0, sum / count + volatilityShift);
}
