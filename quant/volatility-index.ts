// A volatility index as NSE computes India VIX (NSE, "India VIX: computation methodology", after CBOE's VIX
// white paper): the 30-day variance the whole smile prices, read off out-of-the-money options, not the
// at-the-money volatility. With a skew (puts dearer than calls) it sits above the at-the-money IV, as India
// VIX sits above NIFTY's at-the-money IV.
//
//   σ² = (2/T) Σ ΔKᵢ/Kᵢ² · e^(RT) · Q(Kᵢ) − (1/T) · (F/K₀ − 1)²
//
// Q(Kᵢ) is the put below K₀ (the strike just below the forward), the call above it, their average at K₀.
// NSE interpolates its near and next month to 30 days; a smile given for any expiry is simply read at T.
import { black76Price } from './black76.ts';
import { QuantInputError, requireFinite } from './option-inputs.ts';

export type VolatilityIndexInputs = {
  forward: number;
  /** The horizon, in years: 30 / 365 for India VIX. */
  years: number;
  rate: number;
  /** The strikes' spacing: NIFTY's 50. */
  strikeStep: number;
  /** The implied volatility at a strike, for this horizon. */
  smile: (strike: number) => number;
};

/** How far out the strikes are taken, in standard deviations of the at-the-money volatility: beyond, the premiums are nil. */
const reach = 8;

/** The index's volatility (0.13 for a VIX of 13), from the smile's out-of-the-money premiums. */
export function volatilityIndex({ forward, years, rate, strikeStep, smile }: VolatilityIndexInputs): number {
  for (const [name, value] of [['forward', forward], ['years', years], ['rate', rate], ['strikeStep', strikeStep]] as const) requireFinite(name, value);
  if (forward <= 0 || years <= 0 || strikeStep <= 0) throw new QuantInputError('forward, years and strikeStep must be greater than 0');
  const spread = reach * smile(forward) * Math.sqrt(years);
  const atm = Math.floor(forward / strikeStep) * strikeStep;
  const lowest = Math.max(strikeStep, Math.floor((forward * Math.exp(-spread)) / strikeStep) * strikeStep);
  const highest = Math.ceil((forward * Math.exp(spread)) / strikeStep) * strikeStep;
  const premium = (kind: 'CE' | 'PE', strike: number) => black76Price({ kind, forward, strike, years, rate, volatility: smile(strike) });
  let sum = 0;
  for (let strike = lowest; strike <= highest; strike += strikeStep) {
    const quote = strike < atm ? premium('PE', strike) : strike > atm ? premium('CE', strike) : (premium('PE', strike) + premium('CE', strike)) / 2;
    sum += (strikeStep / (strike * strike)) * quote;
  }
  const variance = ((2 * Math.exp(rate * years)) / years) * sum - (forward / atm - 1) ** 2 / years;
  return Math.sqrt(Math.max(0, variance));
}
