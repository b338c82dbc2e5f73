// The probability of profit's volatility: the at-the-money IV of the legs' nearest expiry, read off that
// expiry's chain and its live quotes (the builder follows the strikes around the money), at the forward the
// market prices with. Null when that chain or its quotes are not at hand (another expiry chosen, a saved
// snapshot): the maths then takes the leg nearest the money, and the figure's help says which.
import { atmVolatility } from '@quant/atm-volatility.ts';
import { marketAssumptions } from '@quant/market-assumptions.ts';
import { forwardFromSpot, yearsToExpiry } from '@quant/option-inputs.ts';
import { expiryInstant, type BuilderLeg } from '@/features/strategies/model/builder-leg';
import type { BuilderMarket } from '@/app/strategy-builder/use-builder-market';

export function expiryAtmVolatility(market: Pick<BuilderMarket, 'chains' | 'quotes'>, legs: readonly BuilderLeg[], spot: number | null, nowMs: number): number | null {
  const dates = legs.filter((leg) => leg.enabled).map((leg) => leg.expiry).sort();
  const nearest = dates[0];
  const chain = nearest === undefined ? undefined : market.chains.get(nearest);
  if (nearest === undefined || chain === undefined || spot === null || spot <= 0) return null;
  const { rate, dividendYield } = marketAssumptions;
  const forward = forwardFromSpot(spot, rate, yearsToExpiry(nowMs, expiryInstant(nearest)), dividendYield);
  const points = chain.instruments.map((item) => {
    const iv = market.quotes.get(item.instrument)?.iv;
    return { strike: item.strike, kind: item.instrument_type, volatility: iv == null ? null : iv / 100 };
  });
  return atmVolatility(points, forward);
}
