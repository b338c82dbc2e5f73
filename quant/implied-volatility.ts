// Implied volatility: the σ at which Black-76 gives the quoted premium. Newton's method converges in a
// few steps near the money but can overshoot where vega is small (far from the money, near expiry), so
// every step is kept inside a bracket that always holds the root, and a step that would leave it (or a
// vanishing vega) falls back to bisection. Premiums that no volatility explains get a reason instead.
import { black76PriceAndVega } from './black76.ts';
import { checkMarketInputs, QuantInputError, requireFinite, type OptionInputs } from './option-inputs.ts';

/**
 * `guess`: a volatility near the answer where the caller knows one (the simulator, the smile it priced the option
 * at): Newton's method then needs two or three steps instead of eight or more from the at-the-money estimate.
 */
export type ImpliedVolatilityInputs = Omit<OptionInputs, 'volatility'> & { price: number; guess?: number | undefined };

export type ImpliedVolatilityFailure =
  /** No time is left: the premium is only intrinsic value. */
  | 'expired'
  /** Below the discounted intrinsic value: an arbitrage, or a stale quote. */
  | 'below_intrinsic'
  /** Exactly intrinsic: any volatility small enough explains it. */
  | 'no_time_value'
  /** At or above what any volatility can reach (the discounted forward for a call, strike for a put). */
  | 'above_maximum';

export type ImpliedVolatilityResult = { ok: true; volatility: number } | { ok: false; reason: ImpliedVolatilityFailure };

/** 1000 %: far beyond any index option, yet finite so the bracket is closed. */
export const maximumVolatility = 10;
const maxIterations = 100;

export function impliedVolatility(inputs: ImpliedVolatilityInputs): ImpliedVolatilityResult {
  checkMarketInputs(inputs);
  requireFinite('price', inputs.price);
  if (inputs.price < 0) throw new QuantInputError(`price must not be negative, got ${inputs.price}`);
  if (inputs.years === 0) return { ok: false, reason: 'expired' };

  // The inputs were checked above: each price below comes from one set of terms, unchecked.
  const market = { kind: inputs.kind, forward: inputs.forward, strike: inputs.strike, years: inputs.years, rate: inputs.rate };
  const priceAt = (volatility: number) => black76PriceAndVega({ ...market, volatility }).price;
  const floor = priceAt(0);
  const tolerance = 1e-12 * Math.max(1, inputs.price);
  if (inputs.price < floor - tolerance) return { ok: false, reason: 'below_intrinsic' };
  if (inputs.price <= floor + tolerance) return { ok: false, reason: 'no_time_value' };

  let low = 0;
  let high = maximumVolatility;
  // The caller's guess, else Brenner–Subrahmanyam's at-the-money estimate, a sound start anywhere near the money.
  const discountedForward = Math.exp(-inputs.rate * inputs.years) * inputs.forward;
  const { guess } = inputs;
  let volatility =
    guess !== undefined && Number.isFinite(guess) && guess > 0 && guess < maximumVolatility
      ? guess
      : Math.min(2, Math.max(0.01, (Math.sqrt((2 * Math.PI) / inputs.years) * inputs.price) / discountedForward));
  // Whether some volatility below the maximum priced above the premium: then the maximum's price is above it too
  // (the premium rises with volatility), and the premium cannot be out of reach. Most solves see one, which
  // spares them pricing the maximum (a fifth of a quote's solve); the steps do not depend on that check.
  let pricedAbove = false;
  for (let iteration = 0; iteration < maxIterations; iteration += 1) {
    const { price, vegaPerUnit: vega } = black76PriceAndVega({ ...market, volatility });
    const error = price - inputs.price;
    if (Math.abs(error) <= tolerance) break;
    if (error > 0) {
      high = volatility;
      pricedAbove = true;
    } else low = volatility;
    const newton = vega > 0 ? volatility - error / vega : null;
    volatility = newton !== null && newton > low && newton < high ? newton : (low + high) / 2;
    if (high - low <= 1e-15 * Math.max(1, high)) break;
  }
  if (!pricedAbove && inputs.price >= priceAt(maximumVolatility)) return { ok: false, reason: 'above_maximum' };
  return { ok: true, volatility };
}
