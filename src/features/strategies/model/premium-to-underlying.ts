// Where an order on an option's premium (a stop-loss trigger, a target) would act, as a price of the
// underlying: the price at which the option, priced now with its IV, is worth that premium. An option's
// value rises with the underlying for a call and falls for a put, so bisection finds the one answer.
import { black76Price } from '@quant/black76.ts';
import { yearsToExpiry } from '@quant/option-inputs.ts';
import type { StrategyLeg } from '@quant/strategy-legs.ts';

export function underlyingAtPremium(leg: StrategyLeg, premium: number, nowMs: number, rate: number, spot: number): number | null {
  const years = yearsToExpiry(nowMs, leg.expiryMs);
  const kind = leg.kind;
  // A future is worth its forward, price·e^(rT): the underlying's price at a futures price is that price discounted.
  if (kind === 'FUT') return premium * Math.exp(-rate * years);
  const valueAt = (price: number) =>
    years === 0
      ? Math.max(0, kind === 'CE' ? price - leg.strike : leg.strike - price)
      : black76Price({ kind, forward: price * Math.exp(rate * years), strike: leg.strike, years, rate, volatility: leg.volatility });
  let low = spot * 0.2;
  let high = spot * 3;
  const rising = leg.kind === 'CE';
  const below = (price: number) => (rising ? valueAt(price) < premium : valueAt(price) > premium);
  if (below(high) || !below(low)) return null;
  for (let step = 0; step < 60; step += 1) {
    const middle = (low + high) / 2;
    if (below(middle)) low = middle;
    else high = middle;
  }
  return (low + high) / 2;
}
