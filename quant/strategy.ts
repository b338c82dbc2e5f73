// Every figure of the strategy builder's panel in one call: the premium, the expiry payoff's
// breakevens and extremes, the probability of profit with its assumptions, the σ ranges and the net
// greeks. The chart's lines come from payoff.ts (payoffCurve, pnlAtPrice), which a slider redraws
// without this. Figures are floating rupees; round what is shown as money with roundToPaise (paise.ts).
import type { Greeks } from './black76.ts';
import { QuantInputError, forwardFromSpot, requireFinite, yearsToExpiry } from './option-inputs.ts';
import type { PayoffScenario } from './payoff.ts';
import { analyseExpiryPayoff, type PayoffAnalysis } from './payoff-analysis.ts';
import { probabilityOfProfit, probabilityVolatility, sigmaRanges, type LognormalInputs, type SigmaRanges } from './probability.ts';
import { netGreeks } from './strategy-greeks.ts';
import { checkLegs, nearestExpiryMs, premiumFlow, type PremiumFlow, type StrategyLeg } from './strategy-legs.ts';

export type StrategyScenario = PayoffScenario & {
  /** The underlying's price (the spot slider's value). */
  spot: number;
  /** Now (epoch ms): the probability of profit and the σ ranges run from here to the nearest expiry. */
  nowMs: number;
  /** The volatility for the probability of profit, if the screen has a better one (the chain's ATM IV). */
  probabilityVolatility?: number;
};

export type StrategySummary = {
  premium: PremiumFlow;
  /** Breakevens, maximum profit and loss, reward to risk: at the nearest expiry. */
  atExpiry: PayoffAnalysis;
  nearestExpiryMs: number | null;
  /** From 0 to 1; null with no enabled leg. */
  probabilityOfProfit: number | null;
  /** What the probability and the σ ranges assume (forward, volatility, years), to state on screen. */
  probabilityModel: LognormalInputs | null;
  sigmaRanges: SigmaRanges | null;
  greeks: Greeks;
};

export function summariseStrategy(legs: readonly StrategyLeg[], scenario: StrategyScenario): StrategySummary {
  checkLegs(legs);
  requireFinite('spot', scenario.spot);
  requireFinite('nowMs', scenario.nowMs);
  if (scenario.spot <= 0) throw new QuantInputError(`spot must be greater than 0, got ${scenario.spot}`);
  const atExpiry = analyseExpiryPayoff(legs, scenario);
  const nearest = nearestExpiryMs(legs);
  let probabilityModel: LognormalInputs | null = null;
  if (nearest !== null) {
    const years = yearsToExpiry(scenario.nowMs, nearest);
    const forward = forwardFromSpot(scenario.spot, scenario.rate, years);
    const volatility = scenario.probabilityVolatility ?? probabilityVolatility(legs, forward, scenario.volatilityShift) ?? 0;
    probabilityModel = { forward, volatility, years };
  }
  return {
    premium: premiumFlow(legs),
    atExpiry,
    nearestExpiryMs: nearest,
    probabilityOfProfit: probabilityModel && probabilityOfProfit(atExpiry.profitIntervals, probabilityModel),
    probabilityModel,
    sigmaRanges: probabilityModel && sigmaRanges(probabilityModel),
    greeks: netGreeks(legs, scenario.spot, scenario),
  };
}
