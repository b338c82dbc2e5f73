import { useMemo, useState } from 'react';
import { datePnlFunction, defaultPriceRange, expiryPnlFunction, sampleCurve, type PayoffCurve, type PriceRange } from '@quant/payoff.ts';
import { marketAssumptions } from '@quant/market-assumptions.ts';
import { summariseStrategy, type StrategySummary } from '@quant/strategy.ts';
import { enabledLegs, nearestExpiryMs, type StrategyLeg } from '@quant/strategy-legs.ts';
import { useFrameValue } from '@/features/strategies/hooks/use-frame-value';

const dayMs = 24 * 60 * 60 * 1000;
/** The spot slider moves the underlying this far either way of its live price. */
export const spotShiftLimit = 0.1;
/** The IV slider shifts every leg's volatility this far either way (volatility points / 100). */
export const volatilityShiftLimit = 0.2;
const curvePoints = 240;

export type ScenarioSliders = {
  /** Fraction of the live spot: 0.02 is 2 % above it. */
  spotShift: number;
  volatilityShift: number;
  /** Days left to the nearest expiry on the "today" line; null means now. */
  daysLeft: number | null;
};

export type PayoffScenarioState = {
  sliders: ScenarioSliders;
  setSliders: (change: Partial<ScenarioSliders>) => void;
  reset: () => void;
  /** The spot the sliders put the underlying at. */
  spot: number;
  /** Days from now to the nearest expiry (the days slider's top), 0 with no leg. */
  daysToExpiry: number;
  /** The spot the chart is drawn at: the sliders' as of the last frame, with the curve. */
  chartSpot: number;
  /** Recomputed once per frame while a slider moves. */
  curve: PayoffCurve | null;
  range: PriceRange | null;
  /** The crosshair's reading at a price: P&L at expiry and on the chosen date (null before any leg). */
  readAt: ((price: number) => { atExpiry: number; onDate: number }) | null;
  /** The figures of the same scenario as the curve, computed with it once per frame. */
  summary: StrategySummary | null;
  /** The figures could not be computed (a leg the maths refuses): its message. */
  error: string | null;
};

const initial: ScenarioSliders = { spotShift: 0, volatilityShift: 0, daysLeft: null };

/**
 * The scenario the sliders describe, priced with the market's own rate (quant/market-assumptions.ts): a leg
 * entered at the chain's price, with the chain's IV, is worth its entry price on the "today" line.
 */
export function scenarioFor(state: ScenarioSliders, liveSpot: number | null, nearest: number | null, daysToExpiry: number) {
  if (liveSpot === null || nearest === null) return null;
  const days = state.daysLeft === null ? daysToExpiry : Math.min(state.daysLeft, daysToExpiry);
  return { spot: liveSpot * (1 + state.spotShift), atMs: nearest - days * dayMs, rate: marketAssumptions.rate, volatilityShift: state.volatilityShift };
}

/**
 * The payoff chart's scenario: the sliders' state, and once per animation frame the curve (the lines sampled)
 * and the figures (summariseStrategy) of the same scenario, in one render. (Issue 37: the figures used to follow
 * through useDeferredValue, a third render of the panel per slider step whose work a next input threw away, and
 * the chart and the figures re-rendered on the input itself.) `atmVolatility` is the nearest expiry's
 * at-the-money IV from its chain, for the probability of profit (plus the IV slider's shift); without it the
 * maths falls back on the leg nearest the money.
 */
export function usePayoffScenario(legs: readonly StrategyLeg[], liveSpot: number | null, nowMs: number, atmVolatility: number | null = null): PayoffScenarioState {
  const [sliders, setState] = useState(initial);
  const setSliders = (change: Partial<ScenarioSliders>) => setState((current) => ({ ...current, ...change }));
  const framed = useFrameValue(sliders);
  // Callers derive their legs on every render (live prices); by content, a re-render with the same legs
  // (a slider's input event) does not recompute the curve a second time in the same frame.
  const legsKey = JSON.stringify(enabledLegs(legs));
  const active = useMemo(() => JSON.parse(legsKey) as StrategyLeg[], [legsKey]);
  const nearest = nearestExpiryMs(active);
  // Whole minutes: the clock ticks every second, the curve need not.
  const minute = Math.floor(nowMs / 60_000) * 60_000;
  const daysToExpiry = nearest === null ? 0 : Math.max(0, (nearest - minute) / dayMs);

  const priced = useMemo(() => {
    const scenario = scenarioFor(framed, liveSpot, nearest, daysToExpiry);
    if (scenario === null || liveSpot === null) return { curve: null, range: null, readAt: null, summary: null, spot: liveSpot ?? 0, error: null };
    try {
      const atExpiry = expiryPnlFunction(active, scenario);
      const onDate = datePnlFunction(active, scenario);
      const readAt = (price: number) => ({ atExpiry: atExpiry(price), onDate: onDate(price) });
      const base = defaultPriceRange(active, liveSpot, curvePoints);
      const moved = defaultPriceRange(active, scenario.spot, curvePoints);
      const range = { from: Math.min(base.from, moved.from), to: Math.max(base.to, moved.to), points: curvePoints };
      const probability = atmVolatility === null ? {} : { probabilityVolatility: Math.max(0, atmVolatility + scenario.volatilityShift) };
      const summary = summariseStrategy(active, { ...scenario, nowMs: minute, ...probability });
      return { curve: sampleCurve(atExpiry, onDate, range), range, readAt, summary, spot: scenario.spot, error: null };
    } catch (error) {
      return { curve: null, range: null, readAt: null, summary: null, spot: scenario.spot, error: error instanceof Error ? error.message : String(error) };
    }
  }, [active, framed, liveSpot, nearest, daysToExpiry, minute, atmVolatility]);

  return {
    sliders,
    setSliders,
    reset: () => setState(initial),
    spot: liveSpot === null ? 0 : liveSpot * (1 + sliders.spotShift),
    daysToExpiry,
    chartSpot: priced.spot,
    curve: priced.curve,
    range: priced.range,
    readAt: priced.readAt,
    summary: priced.summary,
    error: priced.error,
  };
}
