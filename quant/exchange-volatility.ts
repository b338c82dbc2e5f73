// The implied volatility as NSE's option chain publishes it: Black–Scholes on the index's spot at a fixed
// 10 % interest rate, no dividend, from each option's own last traded price (NSE's option chain notes: "10%
// interest rate is applied while computing implied volatility", "computed … using … LTP, Underlying Value").
// The market prices index options on the forward (the futures' carry: 5.5 % in market-assumptions.ts), so
// NSE's convention stands every option on a higher forward than the market's: it reads calls cheaper and puts
// dearer than they are. At one strike the put's IV is above the call's, about a point and a half at the money
// a week out and three a month out (Zerodha's forum, 2016: a NIFTY 8600 call at 12.61 % and its put at
// 15.44 %); a deep in-the-money call has none at all (NSE shows "-") and a deep in-the-money put a high one.
// StrikeDesk's own maths never reads it: the greeks and the margins price on the smile, the builder at the
// volatility a premium implies on the forward (premium-volatility.ts).
import { impliedVolatility } from './implied-volatility.ts';
import { forwardFromSpot, type OptionKind } from './option-inputs.ts';

/** The rate NSE's option chain computes IV at (its note under the chain, read October 2024). */
export const exchangeIvRate = 0.1;

/** `guess`: a volatility near the answer, where the caller priced the option at one (implied-volatility.ts). */
export type ExchangeVolatilityInputs = { kind: OptionKind; spot: number; strike: number; years: number; price: number; guess?: number | undefined };

/** The IV NSE would publish for this last price, or null where none explains it (NSE shows "-"). */
export function exchangeImpliedVolatility({ kind, spot, strike, years, price, guess }: ExchangeVolatilityInputs): number | null {
  if (years <= 0) return null;
  const found = impliedVolatility({ kind, forward: forwardFromSpot(spot, exchangeIvRate, years), strike, years, rate: exchangeIvRate, price, guess });
  return found.ok ? found.volatility : null;
}
