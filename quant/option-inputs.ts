// What an option price depends on, and the checks that keep every result a number: a bad input is a
// QuantInputError that names it, never a NaN that travels on into a P&L or a margin figure.

export type OptionKind = 'CE' | 'PE';

export type OptionInputs = {
  kind: OptionKind;
  /** The underlying's forward (futures) price for the option's expiry. */
  forward: number;
  strike: number;
  /** Time to expiry in years (ACT/365); 0 at expiry. */
  years: number;
  /** Continuously compounded risk-free rate, 0.065 for 6.5 %. */
  rate: number;
  /** Annualised volatility, 0.15 for 15 %. */
  volatility: number;
};

export class QuantInputError extends RangeError {
  override name = 'QuantInputError';
}

const millisecondsPerYear = 365 * 24 * 60 * 60 * 1000;

/** ACT/365 year fraction between two instants (epoch milliseconds); 0 once expiry has passed. */
export function yearsToExpiry(nowMs: number, expiryMs: number): number {
  requireFinite('now', nowMs);
  requireFinite('expiry', expiryMs);
  return Math.max(0, expiryMs - nowMs) / millisecondsPerYear;
}

export function requireFinite(name: string, value: number): void {
  if (!Number.isFinite(value)) throw new QuantInputError(`${name} must be a finite number, got ${String(value)}`);
}

function requirePositive(name: string, value: number): void {
  requireFinite(name, value);
  if (value <= 0) throw new QuantInputError(`${name} must be greater than 0, got ${value}`);
}

function requireNonNegative(name: string, value: number): void {
  requireFinite(name, value);
  if (value < 0) throw new QuantInputError(`${name} must not be negative, got ${value}`);
}

/** Everything but the volatility (which implied volatility solves for). */
export function checkMarketInputs(inputs: Omit<OptionInputs, 'volatility'>): void {
  if (inputs.kind !== 'CE' && inputs.kind !== 'PE') throw new QuantInputError(`kind must be CE or PE, got ${String(inputs.kind)}`);
  requirePositive('forward', inputs.forward);
  requirePositive('strike', inputs.strike);
  requireNonNegative('years', inputs.years);
  requireFinite('rate', inputs.rate);
}

export function checkOptionInputs(inputs: OptionInputs): void {
  checkMarketInputs(inputs);
  requireNonNegative('volatility', inputs.volatility);
}

/** The forward for an expiry from the spot, the rate and a continuous dividend yield. */
export function forwardFromSpot(spot: number, rate: number, years: number, dividendYield = 0): number {
  requirePositive('spot', spot);
  requireNonNegative('years', years);
  requireFinite('rate', rate);
  requireFinite('dividendYield', dividendYield);
  return spot * Math.exp((rate - dividendYield) * years);
}

/**
 * The forward implied by put-call parity at one strike (traders use the at-the-money pair): with both
 * premiums quoted, C − P = e^(−rT)·(F − K).
 */
export function forwardFromParity(strike: number, callPrice: number, putPrice: number, rate: number, years: number): number {
  requirePositive('strike', strike);
  requireNonNegative('callPrice', callPrice);
  requireNonNegative('putPrice', putPrice);
  requireNonNegative('years', years);
  requireFinite('rate', rate);
  const forward = strike + (callPrice - putPrice) * Math.exp(rate * years);
  if (forward <= 0) throw new QuantInputError('the premiums imply a forward at or below 0');
  return forward;
}
