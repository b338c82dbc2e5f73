// The probability of profit's volatility: the at-the-money IV of the legs' nearest expiry, read off that
// expiry's chain and its live quotes (the builder follows the strikes around the money), at the forward the
// market prices with. Each volatility is the one the option's premium implies on that forward
// (premium-volatility.ts), not the quote's `iv`: that is the exchange's figure (NSE's, on the spot at 10 %),
// which puts the put above the call. Null when that chain or its quotes are not at hand (another expiry
// chosen, a saved snapshot): the maths then takes the leg nearest the money, and the figure's help says which.
import { atmVolatility } from '@quant/atm-volatility.ts';
import { marketAssumptions } from '@quant/market-assumptions.ts';
import { forwardFromSpot, yearsToExpiry } from '@quant/option-inputs.ts';
import { premiumVolatility } from '@quant/premium-volatility.ts';
import { expiryInstant, type BuilderLeg } from '@/features/strategies/model/builder-leg';
import type { BuilderMarket } from '@/app/strategy-builder/use-builder-market';

export function expiryAtmVolatility(market: Pick<BuilderMarket, 'chains' | 'quotes'>, legs: readonly BuilderLeg[], spot: number | null, nowMs: number): number | null {
  const dates = legs.filter((leg) => leg.enabled).map((leg) => leg.expiry).sort();
  const nearest = dates[0];
  const chain = nearest === undefined ? undefined : market.chains.get(nearest);
  if (nearest === undefined || chain === undefined || spot === null || spot <= 0) return null;
  const { rate, dividendYield } = marketAssumptions;
  const expiryMs = expiryInstant(nearest);
  const forward = forwardFromSpot(spot, rate, yearsToExpiry(nowMs, expiryMs), dividendYield);
  // Only the strikes either side of the forward count; solving the whole chain would be 500 solves a render.
  const near = chain.instruments.filter((item) => Math.abs(item.strike - forward) <= 2 * chain.strike_step);
  const points = near.map((item) => {
    const quote = market.quotes.get(item.instrument);
    const volatility = quote === undefined ? null : premiumVolatility({ kind: item.instrument_type, strike: item.strike, spot, premium: quote.last_price, atMs: nowMs, expiryMs });
    return { strike: item.strike, kind: item.instrument_type, volatility };
  });
  return atmVolatility(points, forward);
}
