// The volatility StrikeDesk prices a quoted option at: implied from the option's own premium by Black-76 on
// the forward at the market's one rate (market-assumptions.ts), so a leg entered at the chain's price is worth
// exactly that price in the builder, today and on every date. It is not the chain's IV column: that is the exchange's figure (exchange-volatility.ts), which reads a put
// above its call and would put a P&L on a leg the moment it is bought.
import { impliedVolatility } from './implied-volatility.ts';
import { marketAssumptions, type MarketAssumptions } from './market-assumptions.ts';
import { forwardFromSpot, yearsToExpiry, type OptionKind } from './option-inputs.ts';

export type PremiumVolatilityInputs = {
  kind: OptionKind;
  strike: number;
  /** The index's level at the premium's instant. */
  spot: number;
  premium: number;
  /** The premium's instant and the contract's expiry (15:30 IST), epoch milliseconds. */
  atMs: number;
  expiryMs: number;
};

/** The volatility the premium implies on the forward, or null where none explains it (at intrinsic value, expired). */
export function premiumVolatility({ kind, strike, spot, premium, atMs, expiryMs }: PremiumVolatilityInputs, assumptions: MarketAssumptions = marketAssumptions): number | null {
  if (!(spot > 0) || !(premium >= 0) || !Number.isFinite(atMs)) return null;
  const years = yearsToExpiry(atMs, expiryMs);
  if (years <= 0) return null;
  const forward = forwardFromSpot(spot, assumptions.rate, years, assumptions.dividendYield);
  const found = impliedVolatility({ kind, forward, strike, years, rate: assumptions.rate, price: premium });
  return found.ok ? found.volatility : null;
}
