// Black-76: European options on a forward (index options priced off the futures or the synthetic
// forward, as Indian traders do). Prices and greeks are per unit of the underlying; multiply by the
// quantity for a position.
//
// Greeks are the forward's: delta and gamma with respect to the forward, theta as the change in value
// over one calendar day with the forward and the volatility held, vega for one volatility point (1 %).
// To express delta against the spot when F = S·e^(rT), multiply it by e^(rT) (gamma by e^(2rT)).
//
// Precision: the out-of-the-money side is computed from the normal tail (accurate even far from the
// money) and the other side from put-call parity, so C − P = e^(−rT)·(F − K) holds to rounding and a
// deep in-the-money premium does not lose digits to cancellation.
import { normalCdf, normalPdf } from './normal.ts';
import { checkOptionInputs, type OptionInputs } from './option-inputs.ts';

export type Greeks = {
  /** ∂V/∂F: 0 to 1 for a call, −1 to 0 for a put (discounted). */
  delta: number;
  /** ∂²V/∂F². */
  gamma: number;
  /** Value lost (negative) or gained over one calendar day. */
  theta: number;
  /** Value change for a 1-point rise in volatility (0.15 → 0.16). */
  vega: number;
};

const daysPerYear = 365;
/** Below this σ√T the option is worth its discounted intrinsic value to double precision. */
const negligibleDeviation = 1e-12;

type Terms = { discount: number; deviation: number; d1: number; d2: number };

function terms({ forward, strike, years, rate, volatility }: OptionInputs): Terms {
  const discount = Math.exp(-rate * years);
  const deviation = volatility * Math.sqrt(years);
  if (deviation < negligibleDeviation) return { discount, deviation: 0, d1: 0, d2: 0 };
  const d1 = (Math.log(forward / strike) + (deviation * deviation) / 2) / deviation;
  return { discount, deviation, d1, d2: d1 - deviation };
}

function discountedIntrinsic(inputs: OptionInputs, discount: number): number {
  const payoff = inputs.kind === 'CE' ? inputs.forward - inputs.strike : inputs.strike - inputs.forward;
  return discount * Math.max(0, payoff);
}

/** The premium from its terms (the inputs checked by the caller). */
function premiumOf(inputs: OptionInputs, { discount, deviation, d1, d2 }: Terms): number {
  if (deviation === 0) return discountedIntrinsic(inputs, discount);
  const { forward, strike } = inputs;
  const callOutOfTheMoney = forward <= strike;
  const outOfTheMoney = callOutOfTheMoney
    ? discount * (forward * normalCdf(d1) - strike * normalCdf(d2))
    : discount * (strike * normalCdf(-d2) - forward * normalCdf(-d1));
  const premium = Math.max(0, outOfTheMoney);
  const parity = discount * (forward - strike);
  if (inputs.kind === 'CE') return callOutOfTheMoney ? premium : premium + parity;
  return callOutOfTheMoney ? premium - parity : premium;
}

export function black76Price(inputs: OptionInputs): number {
  checkOptionInputs(inputs);
  return premiumOf(inputs, terms(inputs));
}

export function black76Greeks(inputs: OptionInputs): Greeks {
  const { delta, gamma, theta, vega } = black76PriceAndGreeks(inputs);
  return { delta, gamma, theta, vega };
}

/** The premium and its greeks from one set of terms: what a quote needs, at the cost of the greeks alone. */
export function black76PriceAndGreeks(inputs: OptionInputs): Greeks & { price: number } {
  checkOptionInputs(inputs);
  const found = terms(inputs);
  const price = premiumOf(inputs, found);
  const { discount, deviation, d1 } = found;
  const { forward, strike, rate, years, kind } = inputs;
  if (deviation === 0) {
    // At expiry, or no volatility: the value is the discounted payoff, whose delta is a step.
    const inTheMoney = kind === 'CE' ? forward > strike : forward < strike;
    const magnitude = inTheMoney ? discount : forward === strike ? discount / 2 : 0;
    // Before expiry only the discounting is left to earn; at expiry nothing is.
    const theta = years > 0 ? (rate * price) / daysPerYear : 0;
    return { price, delta: kind === 'CE' ? magnitude : -magnitude, gamma: 0, theta, vega: 0 };
  }
  const density = normalPdf(d1);
  const delta = kind === 'CE' ? discount * normalCdf(d1) : -discount * normalCdf(-d1);
  const gamma = (discount * density) / (forward * deviation);
  const vegaPerUnit = discount * forward * density * Math.sqrt(years);
  const thetaPerYear = -(discount * forward * density * inputs.volatility) / (2 * Math.sqrt(years)) + rate * price;
  return { price, delta, gamma, theta: thetaPerYear / daysPerYear, vega: vegaPerUnit / 100 };
}

/**
 * The premium and ∂V/∂σ per unit of volatility from one set of terms, the inputs not checked: a Newton step of an
 * implied volatility solve, whose inputs were checked once before its loop (implied-volatility.ts).
 */
export function black76PriceAndVega(inputs: OptionInputs): { price: number; vegaPerUnit: number } {
  const found = terms(inputs);
  const vegaPerUnit = found.deviation === 0 ? 0 : found.discount * inputs.forward * normalPdf(found.d1) * Math.sqrt(inputs.years);
  return { price: premiumOf(inputs, found), vegaPerUnit };
}
