// Net greeks of a combination: Σ signed quantity × the leg's Black-76 greeks, so each figure is for the
// whole position (delta in units of the underlying, theta in rupees per calendar day, vega in rupees per
// volatility point). The legs' greeks are exactly those the option chain shows (black76.ts: with respect
// to each expiry's forward; against the spot they differ by e^(rT), under 0.2 % for a month at 6.5 %),
// so a trader can add up the chain's figures and find these.
//
// They are taken where the "today" line is: at the scenario's instant (held at the nearest expiry at
// most), the given underlying price and each leg's IV plus the shift, so they follow the sliders.
import { black76Greeks, type Greeks } from './black76.ts';
import { forwardFromSpot, yearsToExpiry } from './option-inputs.ts';
import { dateLineMs, type PayoffScenario } from './payoff.ts';
import { checkLegs, signedQuantity, type StrategyLeg } from './strategy-legs.ts';

export function netGreeks(legs: readonly StrategyLeg[], spot: number, scenario: PayoffScenario): Greeks {
  checkLegs(legs);
  const atMs = dateLineMs(legs, scenario);
  const total: Greeks = { delta: 0, gamma: 0, theta: 0, vega: 0 };
  for (const leg of legs) {
    if (!leg.enabled) continue;
    const years = yearsToExpiry(atMs, leg.expiryMs);
    if (leg.kind === 'FUT') {
      // Delta 1 against its forward (as the options' greeks are), no gamma or vega; its carry is not a theta.
      total.delta += signedQuantity(leg);
      continue;
    }
    const greeks = black76Greeks({
      kind: leg.kind,
      forward: forwardFromSpot(spot, scenario.rate, years),
      strike: leg.strike,
      years,
      rate: scenario.rate,
      volatility: Math.max(0, leg.volatility + scenario.volatilityShift),
    });
    const quantity = signedQuantity(leg);
    total.delta += quantity * greeks.delta;
    total.gamma += quantity * greeks.gamma;
    total.theta += quantity * greeks.theta;
    total.vega += quantity * greeks.vega;
  }
  return total;
}
